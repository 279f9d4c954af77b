import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonTooDeep } from '#contract/json-depth';

describe('jsonTooDeep', () => {
  const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('allows JSON_MAX_DEPTH levels and refuses one more, of arrays and objects alike', () => {
    expect(JSON_MAX_DEPTH).toBe(32);
    expect(jsonTooDeep(arrays(32))).toBe(false);
    expect(jsonTooDeep(arrays(33))).toBe(true);
    expect(jsonTooDeep('{"a":'.repeat(33) + '1' + '}'.repeat(33))).toBe(true);
    expect(jsonTooDeep('[{"a":[{"b":[]}]}]', 4)).toBe(true);
    expect(jsonTooDeep('[{"a":[{"b":[]}]}]', 5)).toBe(false);
  });

  it('reads 200,000 levels without recursion (no stack overflow)', () => {
    expect(jsonTooDeep(arrays(200_000))).toBe(true);
  });

  it('counts no bracket inside a string, escaped quotes included', () => {
    expect(jsonTooDeep(JSON.stringify({ a: '['.repeat(100) }))).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ a: '\\"[[[[', b: '"{{{{' }), 2)).toBe(false);
    expect(jsonTooDeep(`["\\\\", ${arrays(3)}]`, 3)).toBe(true);
  });

  it('judges depth only: broken JSON is left to JSON.parse', () => {
    expect(jsonTooDeep('{"a":')).toBe(false);
    expect(jsonTooDeep(']]]]]')).toBe(false);
  });
});
