import { vi } from '../../i18n/vi';
import { ConfirmDialog } from './confirm-dialog';
import { ToppingDialog } from './topping-dialog';
import type { AddToCartFlow } from './use-add-to-cart';

const text = vi.cart;

/** The questions of one add-to-cart flow (useAddToCart): rendered once per screen. */
export function AddToCartDialogs({ flow }: { flow: AddToCartFlow }) {
  if (!flow.dish) return null;
  return (
    <>
      <ConfirmDialog
        opened={flow.step === 'switch'}
        question={text.switchRestaurant}
        confirmLabel={text.switchConfirm}
        cancelLabel={text.cancel}
        onConfirm={flow.acceptSwitch}
        onCancel={flow.declineSwitch}
      />
      <ToppingDialog
        opened={flow.step === 'toppings'}
        onClose={flow.closeToppings}
        food={flow.dish}
        initialQuantity={flow.quantity}
        onConfirm={flow.confirmToppings}
      />
    </>
  );
}
