import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPS_SEARCH_URL, mapsSearchUrl } from '#src/lib/maps-link';
import { formatDate, formatDateTime } from '#src/lib/format-date';
import { parseRouteId } from '#src/lib/route-id';

describe('mapsSearchUrl', () => {
  it('searches Google Maps for the encoded address by default', () => {
    expect(DEFAULT_MAPS_SEARCH_URL).toBe('https://www.google.com/maps/search/?api=1&query={query}');
    expect(mapsSearchUrl(' 13 Lò Đúc, Hà Nội & co ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=13%20L%C3%B2%20%C4%90%C3%BAc%2C%20H%C3%A0%20N%E1%BB%99i%20%26%20co',
    );
  });

  it('follows another template when one is configured', () => {
    expect(mapsSearchUrl('13 Lò Đúc', 'https://www.openstreetmap.org/search?query={query}')).toBe(
      'https://www.openstreetmap.org/search?query=13%20L%C3%B2%20%C4%90%C3%BAc',
    );
  });
});

describe('formatDate', () => {
  it('writes dd/mm/yyyy on the calendar of Hà Nội', () => {
    expect(formatDate('2024-05-16T20:00:00.000Z')).toBe('17/05/2024');
    expect(formatDate('2024-05-16T16:59:59.000Z')).toBe('16/05/2024');
    expect(formatDate('2024-01-05T00:00:00Z')).toBe('05/01/2024');
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatDate('hôm qua')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes HH:mm dd/mm/yyyy on the clock of Hà Nội, 24-hour', () => {
    expect(formatDateTime('2026-03-01T17:30:00.000Z')).toBe('00:30 02/03/2026');
    expect(formatDateTime('2026-11-27T07:05:00.000Z')).toBe('14:05 27/11/2026');
    expect(formatDateTime('2026-11-26T16:59:00.000Z')).toBe('23:59 26/11/2026');
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatDateTime('hôm qua')).toBe('');
  });
});

describe('parseRouteId', () => {
  it('accepts positive 32-bit ids', () => {
    expect(parseRouteId('12')).toBe(12);
    expect(parseRouteId('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0', '-1', '1.5', 'abc', '12abc', '2147483648', '99999999999', ''])(
    'refuses %j',
    (raw) => {
      expect(parseRouteId(raw)).toBeNull();
    },
  );

  it('refuses a missing param', () => {
    expect(parseRouteId(undefined)).toBeNull();
  });
});
