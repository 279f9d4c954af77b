/** Thousands written the Vietnamese way: '100.000', '1.500.000' (dot-grouped, no decimals). */
const DOT_GROUPED = /^\d{1,3}(\.\d{3})+$/;

/**
 * Spec section 5: a deposit or withdrawal amount must parse to a number above 0, else 'Số tiền
 * không hợp lệ'. Whole đồng only (there is no smaller coin, and the server refuses fractions
 * with the same sentence), so a fraction is refused here too. Spaces are ignored and
 * '100.000' reads as a hundred thousand, the way a Vietnamese user writes it; '1.5' is no
 * grouping and stays a fraction. Returns null when the text is not such an amount.
 */
export function parseAmount(input: string): number | null {
  let value = input.replace(/\s+/g, '');
  if (DOT_GROUPED.test(value)) value = value.replaceAll('.', '');
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  const amount = Number(value);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}
