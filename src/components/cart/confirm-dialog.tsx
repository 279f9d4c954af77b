import '@mantine/core/styles/Modal.layer.css';
import { Button, Modal } from '@mantine/core';
import classes from './ordering.module.css';

export interface ConfirmDialogProps {
  opened: boolean;
  /** The question, word for word as the spec has it; it also names the dialog. */
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Also what Escape, the overlay and closing the dialog any other way mean. */
  onCancel: () => void;
}

/**
 * A yes-or-no question before something that cannot be undone (spec 2.11's clear-cart, section
 * 4's other-restaurant cart). The safe answer comes first, so it is the one that has the focus
 * when the dialog opens and the one a stray Enter picks.
 */
export function ConfirmDialog({
  opened,
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  // Built from parts, as the topping dialog is: the header is a plain div (no second banner),
  // and there is no Modal.Body, whose text (the buttons) would become the dialog's description.
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered size="sm">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title className={classes.question}>{question}</Modal.Title>
        </Modal.Header>
        <div className={classes.confirmActions}>
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </Modal.Content>
    </Modal.Root>
  );
}
