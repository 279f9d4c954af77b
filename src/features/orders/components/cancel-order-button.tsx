import '@mantine/core/styles/Modal.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { vi } from '#src/i18n/vi';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import { useCancelOrder } from '../api/cancel-order';

const text = vi.orders;

/**
 * Spec section 4: a customer may cancel a pending order (and, as the server allows, a paid one
 * the restaurant has not accepted yet), with the reason 'Khách yêu cầu hủy',
 * after confirming. Cancelling needs the server, so offline the button says it waits for it.
 */
export function CancelOrderButton({ orderId }: { orderId: number }) {
  const online = useOnline();
  const noteId = useId();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder(orderId, {
    onSuccess: () => toast.success(text.cancelled),
    onError: () => toast.error(text.cancelFailed),
  });

  const confirm = () => {
    cancel.mutate(undefined, { onSettled: () => setConfirming(false) });
  };

  return (
    <Stack gap={4}>
      <Button
        color="red"
        variant="light"
        onClick={() => setConfirming(true)}
        disabled={!online}
        aria-describedby={online ? undefined : noteId}
      >
        {text.cancel}
      </Button>
      {online ? null : (
        <Text id={noteId} size="sm" c="dimmed">
          {text.cancelNeedsNetwork}
        </Text>
      )}
      <Modal
        opened={confirming}
        onClose={() => {
          if (!cancel.isPending) setConfirming(false);
        }}
        title={text.cancelTitle}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{text.cancelQuestion}</Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={cancel.isPending}
            >
              {text.keepOrder}
            </Button>
            <Button color="red" onClick={confirm} loading={cancel.isPending}>
              {text.confirmCancel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
