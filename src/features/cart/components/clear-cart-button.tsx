import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/cart/confirm-dialog';
import { IconTrash } from '#src/components/action-icons';
import { vi } from '#src/i18n/vi';

const text = vi.cart;

interface ClearCartButtonProps {
  disabled: boolean;
  onClear: () => void;
}

/** Spec 2.11: clearing the whole cart asks 'Bạn có chắc muốn xóa toàn bộ giỏ hàng?' first. */
export function ClearCartButton({ disabled, onClear }: ClearCartButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={18} />}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {text.clear}
      </Button>
      <ConfirmDialog
        opened={asking}
        question={text.clearConfirm}
        confirmLabel={text.clear}
        cancelLabel={text.cancel}
        onConfirm={() => {
          setAsking(false);
          onClear();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
