// Numbers are written the vi-VN way: thousands grouped with '.', decimals after ','
// ('45.000 ₫', '850 m', '1,2 km'). A comma decimal is what a Vietnamese reader expects next to
// prices that already group with dots. Written out here rather than with Intl.NumberFormat or
// toLocaleString('vi-VN'): the first vi-VN formatter a page makes loads the locale's data, 90
// to 150 ms of a slow phone's main thread in the middle of the first screen's start, for two
// rules this short. The results are Intl's, to the character (tests/unit/client/format.test.ts
// compares them). Here rather than in lib/format.ts because the catalogue's own sentences
// ('1.250 đánh giá') count with it too.

/** '1250000' -> '1.250.000'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Intl's sign: a negative number, even one that rounds to zero, keeps its minus. */
export function signOf(value: number): string {
  return value < 0 || Object.is(value, -0) ? '-' : '';
}

/** A whole number, rounded: 1250000 -> '1.250.000', 1999.6 -> '2.000'. */
export function formatWhole(value: number): string {
  return `${signOf(value)}${groupThousands(String(Math.round(Math.abs(value))))}`;
}
