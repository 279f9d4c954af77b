import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import type { OrderStatus } from '#contract/orders';
import { vi } from '#src/i18n/vi';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import { useStaffOrderAction, type StaffOrderAction } from '#src/api/staff-orders';

const text = vi.orders;

/** Spec section 4: each step is enabled only in the status it moves the order on from. */
const STEPS: readonly {
  action: Exclude<StaffOrderAction, 'cancel'>;
  from: OrderStatus;
  label: string;
}[] = [
  { action: 'accept', from: 'paid', label: text.accept },
  { action: 'done', from: 'accepted', label: text.markDone },
  { action: 'complete', from: 'done', label: text.complete },
];

/** The toast of each step that went through. */
const SUCCESS: Record<StaffOrderAction, string> = {
  accept: text.accepted,
  done: text.markedDone,
  complete: text.completed,
  cancel: text.cancelled,
};

/**
 * Spec section 4 shows the staff cancel when accepted or done; the server also lets staff
 * cancel a paid order it has not accepted yet (refusing one is part of the job), so it shows
 * then too. Every one of these refunds the customer in full.
 */
const CANCELLABLE: readonly OrderStatus[] = ['paid', 'accepted', 'done'];

/** Asks before cancelling, with a reason the server requires (prefilled, editable). */
function CancelDialog({
  opened,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState<string>(text.staffCancelReason);
  const blank = reason.trim() === '';
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={text.cancelTitle}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">{text.staffCancelQuestion}</Text>
          <Textarea
            label={text.cancelReasonLabel}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={blank ? text.cancelReasonRequired : undefined}
            // The server's limit (contract/orders.ts CancelOrderBodySchema).
            maxLength={500}
            rows={2}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={busy}>
              {text.keepOrder}
            </Button>
            <Button type="submit" color="red" size="md" loading={busy} disabled={blank}>
              {text.confirmCancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The staff's buttons on /orders/{id}: accept, mark done, complete and cancel. Large, as they
 * are tapped on a kitchen tablet. Each needs the server, so offline they wait with a note.
 */
export function StaffOrderActions({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const online = useOnline();
  const noteId = useId();
  const [confirming, setConfirming] = useState(false);
  const mutation = useStaffOrderAction(orderId, {
    onSuccess: ({ action }) => toast.success(SUCCESS[action]),
    onError: () => toast.error(text.actionFailed),
  });
  const running = mutation.isPending ? mutation.variables.action : null;
  const describedBy = online ? undefined : noteId;

  const run = (action: StaffOrderAction, reason?: string) => {
    mutation.mutate(
      { action, reason },
      {
        // A refused cancel closes too: the refreshed order shows what can still be done.
        onSettled: () => {
          if (action === 'cancel') setConfirming(false);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {STEPS.map((step) => {
          const current = step.from === status;
          return (
            <Button
              key={step.action}
              size="lg"
              variant={current ? 'filled' : 'default'}
              disabled={!current || !online || (running !== null && running !== step.action)}
              loading={running === step.action}
              aria-describedby={describedBy}
              onClick={() => run(step.action)}
            >
              {step.label}
            </Button>
          );
        })}
      </SimpleGrid>
      {CANCELLABLE.includes(status) ? (
        <Button
          size="lg"
          color="red"
          variant="light"
          disabled={!online || running !== null}
          aria-describedby={describedBy}
          onClick={() => setConfirming(true)}
        >
          {text.staffCancel}
        </Button>
      ) : null}
      {online ? null : (
        <Text id={noteId} size="sm" c="dimmed">
          {text.actionsNeedNetwork}
        </Text>
      )}
      {/* Mounted only while open, so each opening starts from the default reason. */}
      {confirming ? (
        <CancelDialog
          opened
          busy={running === 'cancel'}
          onClose={() => setConfirming(false)}
          onConfirm={(reason) => run('cancel', reason)}
        />
      ) : null}
    </Stack>
  );
}
