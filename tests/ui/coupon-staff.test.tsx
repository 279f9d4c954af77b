import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManagedCoupon } from '#contract/coupon-admin';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { dishPage, makeCoupon } from './coupon-fake-api';
import { signInAs } from './staff-workspace-fake-api';

const t = text.coupons;

const LIST = 'GET /api/staff/coupons/';
const CREATE = 'POST /api/staff/coupons/';

const quanNha = makeCoupon({ id: 7, code: 'QUANNHA', value: 15_000, min_order: 60_000 });
const MENU = [
  { id: 12, name: 'Phở bò tái lăn' },
  { id: 15, name: 'Bún chả Hà Nội' },
];

/** /staff/coupons as the owner or a staff member of the restaurant. */
async function openPromotions(
  role: 'owner' | 'staff',
  coupons: ManagedCoupon[] = [quanNha],
  routes: Record<string, ApiHandler> = {},
) {
  const state = { coupons };
  const api = stubApi({
    [LIST]: () => ok({ items: state.coupons }),
    'GET /api/staff/foods/': dishPage(MENU),
    ...routes,
  });
  signInAs(role);
  const user = userEvent.setup();
  const rendered = renderApp('/staff/coupons');
  await screen.findByRole('heading', { level: 1, name: t.staffTitle }, { timeout: 5000 });
  return { api, user, state, ...rendered };
}

async function findToast(message: string) {
  return waitFor(() => {
    const toast = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.trim() === message);
    expect(toast).toBeDefined();
    return toast!;
  });
}

beforeAll(async () => {
  await import('#src/features/coupons/pages/staff-coupons-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
});

describe("/staff/coupons 'Khuyến mãi'", { timeout: 20_000 }, () => {
  it("creates the owner's coupon for some of their own dishes, with no restaurant to choose", async () => {
    const { user, api, state } = await openPromotions('owner', [quanNha], {
      [CREATE]: () => {
        const created = makeCoupon({
          id: 8,
          code: 'GIAM10',
          type: 'percent',
          kind: 'percent',
          value: 10,
          food_ids: [15],
        });
        state.coupons = [created, ...state.coupons];
        return new Response(
          JSON.stringify({ success: true, message: 'Đã tạo mã giảm giá', data: created }),
          {
            status: 201,
            headers: { 'content-type': 'application/json' },
          },
        );
      },
    });
    await screen.findByText('QUANNHA');
    // Every coupon here is the restaurant's: no scope line.
    expect(screen.queryByText('Phở Thìn Lò Đúc')).toBeNull();

    await user.click(screen.getByRole('button', { name: t.create }));
    const form = await screen.findByRole('form', { name: t.create });
    expect(within(form).queryByText(t.restaurant)).toBeNull();
    await user.type(within(form).getByLabelText(t.code, { exact: false }), 'giam10');
    await user.type(within(form).getByLabelText(t.value, { exact: false }), '10');
    await user.type(within(form).getByLabelText(t.maxDiscount, { exact: false }), '30000');
    const dishes = within(form)
      .getAllByLabelText(t.foods)
      .find((element) => element.tagName === 'INPUT')!;
    await user.click(dishes);
    await user.click(await screen.findByRole('option', { name: 'Bún chả Hà Nội' }));
    await user.click(within(form).getByRole('button', { name: t.submit }));

    await findToast(t.created);
    expect(api.lastCallTo(CREATE).json).toEqual({
      code: 'GIAM10',
      type: 'percent',
      value: 10,
      max_discount: 30_000,
      min_order: 0,
      ends_at: null,
      usage_limit: null,
      per_customer_limit: null,
      food_ids: [15],
    });
    const created = await screen.findByText('GIAM10');
    const item = created.closest('li')!;
    expect(within(item).getByText('Giảm 10%')).toBeInTheDocument();
    expect(within(item).getByText('1 món được áp dụng')).toBeInTheDocument();
  });

  it('shows a dish of another restaurant refused on the dish field', async () => {
    const { user } = await openPromotions('owner', [], {
      [CREATE]: () => fail(400, 'Món áp dụng phải là món của nhà hàng', 'COUPON_FOODS_INVALID'),
    });
    await user.click(await screen.findByRole('button', { name: t.create }));
    const form = await screen.findByRole('form', { name: t.create });
    await user.type(within(form).getByLabelText(t.code, { exact: false }), 'BUNCHA');
    await user.click(within(form).getByRole('radio', { name: t.fixed }));
    await user.type(within(form).getByLabelText(t.value, { exact: false }), '10000');
    const dishes = within(form)
      .getAllByLabelText(t.foods)
      .find((element) => element.tagName === 'INPUT')!;
    await user.click(dishes);
    await user.click(await screen.findByRole('option', { name: 'Bún chả Hà Nội' }));
    await user.click(within(form).getByRole('button', { name: t.submit }));
    await waitFor(() =>
      expect(dishes).toHaveAccessibleDescription(/Món áp dụng phải là món của nhà hàng/),
    );
  });

  it('shows the staff the same list read-only', async () => {
    const { api } = await openPromotions('staff');
    const code = await screen.findByText('QUANNHA');
    const item = code.closest('li')!;
    expect(within(item).getByText('Giảm 15.000 ₫')).toBeInTheDocument();
    expect(within(item).getByText('Đơn tối thiểu 60.000 ₫')).toBeInTheDocument();
    expect(screen.getByText(t.readOnly)).toBeInTheDocument();
    for (const name of [t.create, t.edit, t.pause, t.resume, t.expire]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(api.callsTo('GET /api/staff/foods/')).toHaveLength(0);
  });

  it("gives an account with no restaurant the server's words and the way to one", async () => {
    await openPromotions('owner', [], {
      [LIST]: () => fail(404, 'Bạn chưa có nhà hàng', 'RESTAURANT_NONE'),
    });
    expect(await screen.findByText('Bạn chưa có nhà hàng')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.linkRestaurant })).toHaveAttribute(
      'href',
      '/staff/restaurant',
    );
  });

  it("puts 'Khuyến mãi' in the staff top bar, not in the phone's five", async () => {
    await openPromotions('owner');
    const top = screen.getByRole('navigation', { name: text.layout.mainNav });
    expect(within(top).getByRole('link', { name: text.layout.coupons })).toHaveAttribute(
      'href',
      '/staff/coupons',
    );
    const bottom = screen.getByRole('navigation', { name: text.layout.bottomNav });
    expect(within(bottom).queryByRole('link', { name: text.layout.coupons })).toBeNull();
    expect(within(bottom).getAllByRole('link')).toHaveLength(5);
  });
});
