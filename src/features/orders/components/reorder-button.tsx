import { Button, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { getErrorMessage, getErrorReply } from '#src/lib/http';
import { handOverReorderNotices } from '#src/lib/reorder-notices';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import { useReorder } from '../api/reorder';

const text = vi.orders;

// The question is asked only when the cart holds another restaurant's dishes.
const ConfirmDialog = lazy(async () => ({
  default: (await import('#src/components/cart/confirm-dialog')).ConfirmDialog,
}));

/**
 * 'Đặt lại': the order's dishes go back into the cart at today's prices, then the cart screen
 * shows them with what changed. A cart of another restaurant asks the cart's own question
 * first. Today's menu decides what comes back, so offline the button waits for the network.
 */
export function ReorderButton({ orderId }: { orderId: number }) {
  const online = useOnline();
  const noteId = useId();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const reorder = useReorder();

  const run = (replace: boolean) => {
    reorder.mutate(
      { orderId, replace },
      {
        onSuccess: (result) => {
          handOverReorderNotices(result.notices);
          toast.success(text.reordered);
          void navigate(paths.cart);
        },
        onError: (error) => {
          if (!replace && getErrorReply(error)?.code === 'CART_OTHER_RESTAURANT') {
            setAsking(true);
            return;
          }
          toast.error(getErrorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap={4}>
      <Button
        variant="light"
        onClick={() => run(false)}
        loading={reorder.isPending}
        disabled={!online}
        aria-describedby={online ? undefined : noteId}
      >
        {text.reorder}
      </Button>
      {online ? null : (
        <Text id={noteId} size="sm" c="dimmed">
          {text.reorderNeedsNetwork}
        </Text>
      )}
      {asking ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened
            question={vi.cart.switchRestaurant}
            confirmLabel={vi.cart.switchConfirm}
            cancelLabel={vi.cart.cancel}
            onConfirm={() => {
              setAsking(false);
              run(true);
            }}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
