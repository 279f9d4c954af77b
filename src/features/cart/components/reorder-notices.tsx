import '@mantine/core/styles/List.layer.css';
import { Alert, List } from '@mantine/core';
import { useEffect, useState } from 'react';
import { vi } from '#src/i18n/vi';
import {
  peekReorderNotices,
  takeReorderNotices,
  type ReorderNotice,
} from '#src/lib/reorder-notices';

const text = vi.cart;

/**
 * What the last 'Đặt lại' could not bring back as it was: a dish gone or sold out, a choice no
 * longer offered, a new price. Each line is the server's sentence as it sent it. Shown until
 * dismissed or until the customer leaves the cart, never again after.
 */
export function ReorderNotices() {
  // Taken when the cart opens and kept by this screen alone: leaving it drops them.
  const [items, setItems] = useState<readonly ReorderNotice[]>(peekReorderNotices);
  useEffect(() => {
    takeReorderNotices();
  }, []);
  if (items.length === 0) return null;
  return (
    <Alert
      color="yellow"
      title={text.reorderNotices}
      withCloseButton
      closeButtonLabel={vi.app.close}
      onClose={() => setItems([])}
    >
      <List size="sm" spacing={4}>
        {items.map((notice, index) => (
          <List.Item key={`${notice.food_id}:${index}`}>{notice.reason}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
