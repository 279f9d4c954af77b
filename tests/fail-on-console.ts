import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

// Epic Stack habit: a console.error during a test is a bug (a React act() warning, a failed
// query, an unhandled branch), so it fails the test that caused it. A test that expects an error
// says so by mocking console.error itself, e.g.
//   const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
// which replaces the recorder below for that test.
const originalError = console.error;
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  console.error = (...args: unknown[]) => {
    calls.push(args);
    originalError.apply(console, args);
  };
});

afterEach(() => {
  console.error = originalError;
  if (calls.length === 0) return;
  const messages = calls.map((args) => format(...args)).join('\n---\n');
  calls = [];
  throw new Error(
    `console.error was called during this test (mock it in the test if it is expected):\n${messages}`,
  );
});
