import { vi } from '../i18n/first-screen';
// Numbers are written the vi-VN way, without Intl (i18n/numbers.ts says why).
import { formatWhole, groupThousands, signOf } from '../i18n/numbers';

export { formatWhole };

/**
 * |value| in tenths, rounded half away from zero on the number as it is written (1.25 -> 13,
 * 0.15 -> 2), as Intl rounds: the shortest decimal form, not the binary value below it.
 */
function tenthsOf(value: number): number {
  const written = String(Math.abs(value));
  return written.includes('e')
    ? Math.round(Math.abs(value) * 10)
    : Math.round(Number(`${written}e1`));
}

/** Exactly one decimal: 4.5 -> '4,5', 4 -> '4,0', 1234.5 -> '1.234,5'. */
export function formatOneDecimal(value: number): string {
  const tenths = tenthsOf(value);
  return `${signOf(value)}${groupThousands(String(Math.floor(tenths / 10)))},${tenths % 10}`;
}

/** At most one decimal, none when it is zero: 1.25 -> '1,3', 1 -> '1', 1500.04 -> '1.500'. */
export function formatUpToOneDecimal(value: number): string {
  const tenths = tenthsOf(value);
  const whole = `${signOf(value)}${groupThousands(String(Math.floor(tenths / 10)))}`;
  return tenths % 10 === 0 ? whole : `${whole},${tenths % 10}`;
}

/** Integer đồng in the Vietnamese locale followed by ₫: 45000 -> '45.000 ₫'. */
export function formatVnd(amount: number): string {
  return `${formatWhole(amount)} ${vi.format.currency}`;
}

/** Under 1 km in whole metres ('850 m'), otherwise km with one decimal ('1,2 km'). */
export function formatDistance(distanceKm: number): string {
  const metres = Math.round(distanceKm * 1000);
  // 0.9996 km rounds to 1000 m, which reads better as '1,0 km' than as '1000 m'.
  if (metres < 1000) return `${formatWhole(metres)} ${vi.format.metres}`;
  return `${formatOneDecimal(distanceKm)} ${vi.format.kilometres}`;
}
