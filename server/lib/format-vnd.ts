/**
 * An amount in đồng as the app shows it (spec section 9): 50000 -> '50.000 ₫'. Grouped by hand
 * rather than with Intl, so the words the server sends do not depend on the ICU data installed.
 */
export function formatVnd(amount: number): string {
  return `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`;
}
