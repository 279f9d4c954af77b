import { describe, expect, it } from 'vitest';
import { normalizeInput } from '#server/lib/normalize';

describe('normalizeInput', () => {
  it('turns decomposed Vietnamese into NFC at every depth', () => {
    const nfd = (s: string) => s.normalize('NFD');
    const input = {
      name: nfd('Bún chả'),
      items: [nfd('Phở'), { note: nfd('Không hành') }],
      quantity: 2,
      paid: false,
      nothing: null,
    };
    expect(normalizeInput(input)).toEqual({
      name: 'Bún chả',
      items: ['Phở', { note: 'Không hành' }],
      quantity: 2,
      paid: false,
      nothing: null,
    });
    expect(normalizeInput(input).name).not.toBe(input.name);
  });

  it('leaves non-plain objects alone', () => {
    const date = new Date(0);
    expect(normalizeInput({ at: date }).at).toBe(date);
  });
});
