import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ToppingDialog,
  type ToppingChoice,
  type ToppingDialogProps,
} from '#src/components/cart/topping-dialog';
import { vi as text } from '#src/i18n/vi';
import { renderWithProviders } from '../setup/render';
import { makeFood } from './food-fake-api';

const t = text.food;
const food = makeFood(); // 45.000 ₫; Trứng chần 5.000, Quẩy 3.000, Thêm thịt bò 20.000

/** The dialog as a screen would hold it: a button opens it, closing sets `opened` back. */
function Harness({
  onConfirm,
  initialQuantity,
}: Pick<ToppingDialogProps, 'onConfirm' | 'initialQuantity'>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Mở</Button>
      <ToppingDialog
        opened={opened}
        onClose={() => setOpened(false)}
        food={food}
        initialQuantity={initialQuantity}
        onConfirm={onConfirm}
      />
    </>
  );
}

async function openDialog(
  onConfirm: ToppingDialogProps['onConfirm'] = vi.fn(),
  initialQuantity?: number,
) {
  const user = userEvent.setup();
  renderWithProviders(<Harness onConfirm={onConfirm} initialQuantity={initialQuantity} />);
  await user.click(screen.getByRole('button', { name: 'Mở' }));
  const dialog = await screen.findByRole('dialog', { name: t.toppingDialog.title });
  return { user, dialog, onConfirm };
}

const checkbox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name: new RegExp(name) });
const total = (dialog: HTMLElement) => within(dialog).getByRole('status', { name: t.total });
const quantity = (dialog: HTMLElement) => within(dialog).getByRole('status', { name: t.quantity });

describe('the topping dialog (spec 2.9)', () => {
  it('offers every topping with its price, none chosen, and the dish price as the total', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByText('Phở bò tái lăn')).toBeInTheDocument();
    // Its header is no second banner landmark next to the app's own.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box).not.toBeChecked();
    expect(checkbox(dialog, 'Trứng chần')).toHaveAccessibleName('Trứng chần +5.000 ₫');
    expect(checkbox(dialog, 'Quẩy')).toHaveAccessibleName('Quẩy +3.000 ₫');
    expect(checkbox(dialog, 'Thêm thịt bò')).toHaveAccessibleName('Thêm thịt bò +20.000 ₫');
    expect(quantity(dialog)).toHaveTextContent('1');
    expect(total(dialog)).toHaveTextContent('45.000 ₫');
  });

  it('toggles each topping on its own and adds its price to the total', async () => {
    const { user, dialog } = await openDialog();
    await user.click(checkbox(dialog, 'Trứng chần'));
    expect(checkbox(dialog, 'Trứng chần')).toBeChecked();
    expect(checkbox(dialog, 'Quẩy')).not.toBeChecked();
    expect(total(dialog)).toHaveTextContent('50.000 ₫');

    await user.click(checkbox(dialog, 'Thêm thịt bò'));
    expect(total(dialog)).toHaveTextContent('70.000 ₫');

    await user.click(checkbox(dialog, 'Trứng chần'));
    expect(checkbox(dialog, 'Trứng chần')).not.toBeChecked();
    expect(checkbox(dialog, 'Thêm thịt bò')).toBeChecked();
    expect(total(dialog)).toHaveTextContent('65.000 ₫');
  });

  it('multiplies dish plus toppings by the quantity, which stops at 1', async () => {
    const { user, dialog } = await openDialog();
    const minus = within(dialog).getByRole('button', { name: t.decrease });
    const plus = within(dialog).getByRole('button', { name: t.increase });
    expect(minus).toBeDisabled();
    await user.click(checkbox(dialog, 'Quẩy'));
    await user.click(plus);
    await user.click(plus);
    expect(quantity(dialog)).toHaveTextContent('3');
    expect(total(dialog)).toHaveTextContent('144.000 ₫');
    await user.click(minus);
    await user.click(minus);
    await user.click(minus);
    expect(quantity(dialog)).toHaveTextContent('1');
    expect(total(dialog)).toHaveTextContent('48.000 ₫');
  });

  it('starts from the quantity it is given', async () => {
    const { dialog } = await openDialog(vi.fn(), 2);
    expect(quantity(dialog)).toHaveTextContent('2');
    expect(total(dialog)).toHaveTextContent('90.000 ₫');
  });

  it('confirms {quantity, topping_ids, option_ids, note} and closes', async () => {
    const onConfirm = vi.fn<(choice: ToppingChoice) => void>();
    const { user, dialog } = await openDialog(onConfirm);
    await user.click(checkbox(dialog, 'Thêm thịt bò'));
    await user.click(checkbox(dialog, 'Trứng chần'));
    await user.click(within(dialog).getByRole('button', { name: t.increase }));
    await user.click(within(dialog).getByRole('button', { name: t.toppingDialog.confirm }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    // In the dish's order, whatever order they were ticked in.
    expect(onConfirm).toHaveBeenCalledWith({
      quantity: 2,
      topping_ids: [101, 103],
      option_ids: [],
      note: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('confirms an empty topping list when none is chosen', async () => {
    const onConfirm = vi.fn<(choice: ToppingChoice) => void>();
    const { user, dialog } = await openDialog(onConfirm);
    await user.click(within(dialog).getByRole('button', { name: t.toppingDialog.confirm }));
    expect(onConfirm).toHaveBeenCalledWith({
      quantity: 1,
      topping_ids: [],
      option_ids: [],
      note: '',
    });
  });

  it('waits for an asynchronous confirm, and stays open with the choice when it fails', async () => {
    let reject: (reason: Error) => void = () => {};
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((_resolve, fail) => {
          reject = fail;
        }),
    );
    const { user, dialog } = await openDialog(onConfirm);
    await user.click(checkbox(dialog, 'Quẩy'));
    const confirm = within(dialog).getByRole('button', { name: t.toppingDialog.confirm });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('data-loading', 'true'));
    reject(new Error('Không thể thêm vào giỏ hàng'));
    await waitFor(() => expect(confirm).not.toHaveAttribute('data-loading'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(checkbox(dialog, 'Quẩy')).toBeChecked();
  });

  it('starts afresh when opened again', async () => {
    const { user, dialog } = await openDialog();
    await user.click(checkbox(dialog, 'Quẩy'));
    await user.click(within(dialog).getByRole('button', { name: t.toppingDialog.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Mở' }));
    const again = await screen.findByRole('dialog', { name: t.toppingDialog.title });
    expect(checkbox(again, 'Quẩy')).not.toBeChecked();
    expect(total(again)).toHaveTextContent('45.000 ₫');
  });

  it('works from the keyboard: Space ticks a topping, Escape closes', async () => {
    const onConfirm = vi.fn<(choice: ToppingChoice) => void>();
    const { user, dialog } = await openDialog(onConfirm);
    checkbox(dialog, 'Trứng chần').focus();
    await user.keyboard(' ');
    expect(checkbox(dialog, 'Trứng chần')).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
