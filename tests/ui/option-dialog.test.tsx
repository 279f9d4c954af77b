import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Food } from '#contract/catalogue';
import type { OptionGroup } from '#contract/options';
import {
  ToppingDialog,
  type ToppingChoice,
  type ToppingDialogProps,
} from '#src/components/cart/topping-dialog';
import { vi as text } from '#src/i18n/vi';
import { clearLocation, setLocation } from '#src/lib/location';
import { logout, setSession } from '#src/lib/session';
import { fail, ok, stubApi } from '../setup/fake-api';
import { renderApp, renderWithProviders } from '../setup/render';
import { FakeCartServer, serveCart, serverFood } from '../setup/fake-cart-server';
import { makeFood, reviewPage } from './food-fake-api';

/**
 * The add dialog of a dish with option groups: the groups' rules and words, the running total,
 * the note, and the add-to-cart body it leads to (through the real cart core).
 */

configure({ asyncUtilTimeout: 4000 });

const SIZE: OptionGroup = {
  id: 1,
  name: 'Size',
  min_select: 1,
  max_select: 1,
  options: [
    { id: 11, name: 'M', price: 0, available: true },
    { id: 12, name: 'L', price: 10_000, available: true },
    { id: 13, name: 'XL', price: 15_000, available: false },
  ],
};
const DA: OptionGroup = {
  id: 2,
  name: 'Đá',
  min_select: 0,
  max_select: 1,
  options: [
    { id: 21, name: '0%', price: 0, available: true },
    { id: 22, name: '50%', price: 0, available: true },
  ],
};
const THACH: OptionGroup = {
  id: 3,
  name: 'Thạch',
  min_select: 0,
  max_select: 2,
  options: [
    { id: 31, name: 'Thạch đào', price: 6_000, available: true },
    { id: 32, name: 'Thạch dừa', price: 5_000, available: true },
    { id: 33, name: 'Thạch cà phê', price: 7_000, available: true },
  ],
};

// Trà sữa 35.000 ₫ with Size (required), Đá (optional, one), Thạch (up to 2) and the spec's
// toppings Trân châu 5.000 and Kem cheese 8.000.
const TRA_SUA: Food = makeFood({
  id: 40,
  name: 'Trà sữa trân châu',
  price: 35_000,
  toppings: [
    { id: 41, name: 'Trân châu', price: 5_000 },
    { id: 42, name: 'Kem cheese', price: 8_000 },
  ],
  option_groups: [SIZE, DA, THACH],
});

function Harness({ onConfirm, food }: Pick<ToppingDialogProps, 'onConfirm' | 'food'>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Mở</Button>
      <ToppingDialog
        opened={opened}
        onClose={() => setOpened(false)}
        food={food}
        onConfirm={onConfirm}
      />
    </>
  );
}

async function openDialog(onConfirm: ToppingDialogProps['onConfirm'] = vi.fn(), food = TRA_SUA) {
  const user = userEvent.setup();
  renderWithProviders(<Harness onConfirm={onConfirm} food={food} />);
  await user.click(screen.getByRole('button', { name: 'Mở' }));
  const dialog = await screen.findByRole('dialog', { name: 'Tùy chọn món' });
  return { user, dialog };
}

const group = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole(name === 'Thạch' ? 'group' : 'radiogroup', { name });
const total = (dialog: HTMLElement) =>
  within(dialog).getByRole('status', { name: text.food.total });
const confirm = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Thêm vào giỏ hàng' });

describe('the option groups of the add dialog', () => {
  it('shows each group in order with its heading, badge, hint, options and prices', async () => {
    const { dialog } = await openDialog();
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Size', 'Đá', 'Thạch']);
    const size = group(dialog, 'Size');
    expect(size).toHaveAccessibleDescription('Bắt buộc');
    expect(
      within(size)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['11', '12', '13']);
    // The option's name is its whole name; its price (or 'Hết') describes it.
    expect(within(size).getByRole('radio', { name: 'M' })).not.toHaveAccessibleDescription();
    expect(within(size).getByRole('radio', { name: 'L' })).toHaveAccessibleDescription('+10.000 ₫');
    const xl = within(size).getByRole('radio', { name: 'XL' });
    expect(xl).toBeDisabled();
    expect(xl).toHaveAccessibleDescription('Hết');

    const da = group(dialog, 'Đá');
    expect(within(da).queryByText('Bắt buộc')).not.toBeInTheDocument();
    expect(within(da).queryByText(/Chọn tối đa/)).not.toBeInTheDocument();
    expect(within(da).getAllByRole('radio')).toHaveLength(2);

    const thach = group(dialog, 'Thạch');
    expect(thach).toHaveAccessibleDescription('Chọn tối đa 2');
    expect(within(thach).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(thach).getByRole('checkbox', { name: 'Thạch đào' })).toHaveAccessibleDescription(
      '+6.000 ₫',
    );

    // The spec's toppings follow, as before.
    expect(within(dialog).getByRole('checkbox', { name: 'Trân châu +5.000 ₫' })).toBeEnabled();
    expect(total(dialog)).toHaveTextContent('35.000 ₫');
  });

  it('keeps the confirm button disabled until the required group is answered', async () => {
    const { user, dialog } = await openDialog();
    expect(confirm(dialog)).toBeDisabled();
    expect(within(dialog).getByText('Vui lòng chọn Size')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '0%' }));
    expect(confirm(dialog)).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'L' }));
    expect(confirm(dialog)).toBeEnabled();
    expect(within(dialog).queryByText('Vui lòng chọn Size')).not.toBeInTheDocument();
  });

  it('takes one option of a single-choice group, and lets an optional one be cleared', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'M' }));
    await user.click(within(dialog).getByRole('radio', { name: 'L' }));
    expect(within(dialog).getByRole('radio', { name: 'L' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'M' })).not.toBeChecked();
    // A required group keeps its answer on a second click.
    await user.click(within(dialog).getByRole('radio', { name: 'L' }));
    expect(within(dialog).getByRole('radio', { name: 'L' })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: '50%' }));
    expect(within(dialog).getByRole('radio', { name: '50%' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '50%' }));
    expect(within(dialog).getByRole('radio', { name: '50%' })).not.toBeChecked();
  });

  it('stops a multi-choice group at its maximum, and frees it again when one is unticked', async () => {
    const { user, dialog } = await openDialog();
    const thach = group(dialog, 'Thạch');
    const box = (name: string) => within(thach).getByRole('checkbox', { name });
    await user.click(box('Thạch đào'));
    expect(box('Thạch cà phê')).toBeEnabled();
    await user.click(box('Thạch dừa'));
    expect(box('Thạch cà phê')).toBeDisabled();
    expect(box('Thạch đào')).toBeEnabled();
    await user.click(box('Thạch cà phê'));
    expect(box('Thạch cà phê')).not.toBeChecked();
    await user.click(box('Thạch đào'));
    expect(box('Thạch cà phê')).toBeEnabled();
  });

  it('totals the dish, the chosen options and toppings, times the quantity', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'L' }));
    expect(total(dialog)).toHaveTextContent('45.000 ₫');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Thạch đào' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Thạch dừa' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Kem cheese/ }));
    // 35.000 + 10.000 + 6.000 + 5.000 + 8.000
    expect(total(dialog)).toHaveTextContent('64.000 ₫');
    await user.click(within(dialog).getByRole('button', { name: text.food.increase }));
    await user.click(within(dialog).getByRole('button', { name: text.food.increase }));
    expect(total(dialog)).toHaveTextContent('192.000 ₫');
  });

  it('counts the note up to 200 characters and takes no more', async () => {
    const { user, dialog } = await openDialog();
    const note = within(dialog).getByRole('textbox', { name: 'Ghi chú cho quán' });
    expect(note).toHaveAttribute('placeholder', 'Ví dụ: không hành, ít đá');
    expect(note).toHaveAttribute('maxlength', '200');
    expect(note).toHaveAccessibleDescription('0/200');
    await user.type(note, 'không hành');
    expect(note).toHaveAccessibleDescription('10/200');
    await user.clear(note);
    await user.click(note);
    await user.paste('a'.repeat(205));
    expect(note).toHaveValue('a'.repeat(200));
    expect(within(dialog).getByText('200/200')).toBeInTheDocument();
  });

  it('confirms the toppings, the options in the group order and the trimmed note', async () => {
    const onConfirm = vi.fn<(choice: ToppingChoice) => void>();
    const { user, dialog } = await openDialog(onConfirm);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Thạch dừa' }));
    await user.click(within(dialog).getByRole('radio', { name: '0%' }));
    await user.click(within(dialog).getByRole('radio', { name: 'L' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Trân châu/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Ghi chú cho quán' }),
      '  ít ngọt ',
    );
    await user.click(confirm(dialog));
    expect(onConfirm).toHaveBeenCalledWith({
      quantity: 1,
      topping_ids: [41],
      option_ids: [12, 21, 32],
      note: 'ít ngọt',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the title of spec 2.9 for a dish that only has toppings', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onConfirm={vi.fn()} food={makeFood()} />);
    await user.click(screen.getByRole('button', { name: 'Mở' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chọn topping' });
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(confirm(dialog)).toBeEnabled();
  });
});

describe('adding a dish with options (the real cart core, a fake cart server)', () => {
  beforeAll(async () => {
    await import('#src/features/food/pages/food-page');
  }, 30_000);

  beforeEach(() => {
    logout();
    clearLocation();
    act(() => notifications.clean());
  });

  afterEach(() => {
    logout();
    clearLocation();
  });

  async function openFood(food: Food) {
    stubApi({
      'GET /api/category/': () => ok([]),
      [`GET /api/food/${food.id}/`]: () => ok(food),
      [`GET /api/customer/reviews/${food.id}/`]: () => ok(reviewPage([])),
    });
    const cart = serveCart(
      new FakeCartServer([
        serverFood({
          id: food.id,
          name: food.name,
          price: food.price,
          restaurant: { id: food.restaurant.id, name: food.restaurant.name },
          toppings: food.toppings,
          option_groups: food.option_groups,
        }),
      ]),
    );
    setSession({
      user: { id: 1, name: 'Lan', role: 'customer' },
      tokens: { access_token: 'a', refresh_token: 'r' },
    });
    const user = userEvent.setup();
    renderApp(`/food/${food.id}`);
    await screen.findByRole('heading', { level: 1, name: food.name }, { timeout: 5000 });
    await waitFor(() => expect(cart.gets().length).toBeGreaterThan(0));
    const box = screen.getByRole('region', { name: text.food.order });
    return { user, cart, box };
  }

  const adds = (cart: FakeCartServer) =>
    cart.calls.filter((call) => call.path === '/api/customer/cart/add/').map((call) => call.json);

  it('sends food_id, quantity, topping_ids, option_ids, the note and the stored location', async () => {
    setLocation({ lat: 21.0147, lon: 105.8555, address: '13 Lò Đúc' });
    const { user, cart, box } = await openFood(TRA_SUA);
    await user.click(within(box).getByRole('button', { name: text.food.increase }));
    await user.click(within(box).getByRole('button', { name: 'Thêm vào giỏ hàng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tùy chọn món' });
    await user.click(within(dialog).getByRole('radio', { name: 'L' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Thạch đào' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Trân châu/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Ghi chú cho quán' }),
      'không hành ',
    );
    expect(total(dialog)).toHaveTextContent('112.000 ₫');
    await user.click(confirm(dialog));
    expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
    expect(adds(cart)).toEqual([
      {
        food_id: 40,
        quantity: 2,
        topping_ids: [41],
        option_ids: [12, 31],
        note: 'không hành',
        lat: 21.0147,
        lon: 105.8555,
      },
    ]);
    expect(cart.cart().items).toMatchObject([
      { quantity: 2, price: 56_000, line_total: 112_000, note: 'không hành' },
    ]);
  }, 20_000);

  it('shows the server refusal and keeps the dialog open with the choice', async () => {
    const { user, cart, box } = await openFood(TRA_SUA);
    cart.failNextChange(() => fail(400, 'Lựa chọn "Size L" đã hết', 'OPTION_UNAVAILABLE'));
    await user.click(within(box).getByRole('button', { name: 'Thêm vào giỏ hàng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tùy chọn món' });
    await user.click(within(dialog).getByRole('radio', { name: 'L' }));
    await user.click(confirm(dialog));
    expect(await screen.findByText('Lựa chọn "Size L" đã hết')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'L' })).toBeChecked();
    expect(cart.cart().items).toEqual([]);
  }, 20_000);

  it('gives a dish without choices a note field in its order box', async () => {
    const plain = makeFood({ id: 44, name: 'Bánh mì', price: 25_000, toppings: [] });
    const { user, cart, box } = await openFood(plain);
    const note = within(box).getByRole('textbox', { name: 'Ghi chú cho quán' });
    await user.type(note, ' không ớt ');
    await user.click(within(box).getByRole('button', { name: 'Thêm vào giỏ hàng' }));
    expect(await screen.findByText('Đã thêm vào giỏ hàng')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(adds(cart)).toEqual([
      { food_id: 44, quantity: 1, topping_ids: [], option_ids: [], note: 'không ớt' },
    ]);
  });

  it('has no note field in the order box of a dish that asks in its dialog', async () => {
    const { box } = await openFood(TRA_SUA);
    expect(within(box).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
