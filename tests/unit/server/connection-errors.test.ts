import { describe, expect, it } from 'vitest';
import { isConnectionError } from '#server/db/database';

/** Which database failures are a retryable 503 (the connection) and which stay a 500. */
describe('isConnectionError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    [
      '57P01 admin shutdown',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['57P02 crash shutdown', withCode('57P02')],
    ['57P03 cannot connect now', withCode('57P03', 'the database system is starting up')],
    ['08006 connection failure', withCode('08006')],
    ['a refused socket', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset socket', withCode('ECONNRESET')],
    ['a closed socket', new Error('Connection terminated unexpectedly')],
    ['a pool wait past the timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a client broken earlier',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a wrapped cause', new Error('query failed', { cause: withCode('57P01') })],
  ])('%s is one', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a serialization failure', withCode('40001')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});
