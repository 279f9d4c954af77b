import { lazy, Suspense } from 'react';
import { vi } from '#src/i18n/first-screen';
import type { AddToCartFlow } from './use-add-to-cart';

const text = vi.cart;

// Fetched the first time a flow has a question to ask: the dialogs (Modal, the topping form
// and its inputs) would otherwise sit on the critical path of every screen with an add
// button, the home grid above all, for a dialog most first visits never open. The service
// worker precaches the chunks, so they open offline too.
const ConfirmDialog = lazy(async () => ({
  default: (await import('./confirm-dialog')).ConfirmDialog,
}));
const ToppingDialog = lazy(async () => ({
  default: (await import('./topping-dialog')).ToppingDialog,
}));

/** The questions of one add-to-cart flow (useAddToCart): rendered once per screen. */
export function AddToCartDialogs({ flow }: { flow: AddToCartFlow }) {
  if (!flow.dish) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
