import { vi } from '../i18n/first-screen';

// One formatter per kind of number (house style). Both use the vi-VN locale, so thousands are
// grouped with '.' and decimals use ',': '45.000 ₫', '850 m', '1,2 km'. A comma decimal is what
// a Vietnamese reader expects next to prices that already group with dots.

const wholeNumber = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('vi-VN', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Integer đồng in the Vietnamese locale followed by ₫: 45000 -> '45.000 ₫'. */
export function formatVnd(amount: number): string {
  return `${wholeNumber.format(amount)} ${vi.format.currency}`;
}

/** Under 1 km in whole metres ('850 m'), otherwise km with one decimal ('1,2 km'). */
export function formatDistance(distanceKm: number): string {
  const metres = Math.round(distanceKm * 1000);
  // 0.9996 km rounds to 1000 m, which reads better as '1,0 km' than as '1000 m'.
  if (metres < 1000) return `${wholeNumber.format(metres)} ${vi.format.metres}`;
  return `${oneDecimal.format(distanceKm)} ${vi.format.kilometres}`;
}
