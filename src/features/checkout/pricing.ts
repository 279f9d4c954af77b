import { vi } from '#src/i18n/vi';

/**
 * Spec section 5, 'Coupon': when the reply carries payable, the discount is what it takes off
 * the subtotal; otherwise the reply's discount. Never negative: a payable above the subtotal
 * (a subtotal that changed meanwhile) takes nothing off.
 */
export function discountOf(
  result: { discount?: number | null; payable?: number | null },
  subtotal: number,
): number {
  const discount =
    typeof result.payable === 'number' ? subtotal - result.payable : (result.discount ?? 0);
  return Number.isFinite(discount) ? Math.max(0, discount) : 0;
}

/** Spec section 5: total = max(0, subtotal - discount). */
export function totalOf(subtotal: number, discount: number): number {
  return Math.max(0, subtotal - discount);
}

export interface CheckoutInput {
  lineCount: number;
  address: string;
  phone: string;
}

/**
 * Spec section 5, 'Checkout', in that order: the cart must not be empty, then address and
 * phone are required. The first failure, or null when the order may be sent.
 */
export function checkoutProblem({ lineCount, address, phone }: CheckoutInput): string | null {
  if (lineCount === 0) return vi.checkout.cartEmpty;
  if (address.trim() === '' || phone.trim() === '') return vi.checkout.deliveryRequired;
  return null;
}
