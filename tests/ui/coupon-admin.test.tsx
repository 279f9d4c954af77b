import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManagedCoupon } from '#contract/coupon-admin';
import { COUPON_CODE_RULE } from '#contract/coupon-admin';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { dishPage, makeCoupon, restaurantSearch } from './coupon-fake-api';
import { signInAs } from './staff-workspace-fake-api';

const t = text.coupons;

const LIST = 'GET /api/admin/coupons/';
const CREATE = 'POST /api/admin/coupons/';

const giam20k = makeCoupon();
const chaoban = makeCoupon({
  id: 42,
  code: 'CHAOBAN',
  type: 'percent',
  kind: 'percent',
  value: 10,
  max_discount: 30_000,
  min_order: 0,
  restaurant_id: null,
  restaurant_name: null,
  usage_limit: 100,
  used_count: 12,
  customers: 9,
  discount_given: 240_000,
  per_customer_limit: 2,
  ends_at: '2099-12-31T16:59:00.000Z',
});
const paused = makeCoupon({ id: 43, code: 'NGHIXUAN', paused: true });
const expired = makeCoupon({ id: 44, code: 'HETHAN', ends_at: '2026-02-01T00:00:00.000Z' });
const later = makeCoupon({ id: 45, code: 'TETNAM2099', starts_at: '2099-01-01T00:00:00.000Z' });
const usedUp = makeCoupon({ id: 46, code: 'HETLUOT', usage_limit: 5, used_count: 5 });

const RESTAURANTS = [
  { id: 3, name: 'Phở Thìn Lò Đúc' },
  { id: 8, name: 'Bún chả Hương Liên' },
];
const PHO_THIN_DISHES = [
  { id: 12, name: 'Phở bò tái lăn' },
  { id: 13, name: 'Phở gà' },
];

/** /admin/coupons as an admin; the list answers from `state.coupons`. */
async function openCoupons(
  coupons: ManagedCoupon[] = [giam20k, chaoban],
  routes: Record<string, ApiHandler> = {},
) {
  const state = { coupons };
  const api = stubApi({
    [LIST]: () => ok({ items: state.coupons }),
    'GET /api/admin/restaurants/': restaurantSearch(RESTAURANTS),
    'GET /api/food/': dishPage(PHO_THIN_DISHES),
    ...routes,
  });
  signInAs('admin');
  const user = userEvent.setup();
  const rendered = renderApp('/admin/coupons');
  await screen.findByRole('heading', { level: 1, name: t.adminTitle }, { timeout: 5000 });
  return { api, user, state, ...rendered };
}

const card = (code: string) =>
  within(screen.getByRole('list', { name: t.list }))
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(code))!;

/** A select's text box (its listbox carries the same label). */
function inputLabelled(form: HTMLElement, label: string): HTMLElement {
  const input = within(form)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input;
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: t.create }));
  return screen.findByRole('form', { name: t.create });
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
  // The screen is a lazy chunk: transform it once up front.
  await import('#src/features/coupons/pages/admin-coupons-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
});

describe('/admin/coupons', { timeout: 20_000 }, () => {
  it('shows each coupon with its value in words, minimum, window, scope, state and usage', async () => {
    await openCoupons([giam20k, chaoban, paused, expired, later, usedUp]);
    await screen.findByText('GIAM20K');

    const fixed = card('GIAM20K');
    expect(within(fixed).getByText('Giảm 20.000 ₫')).toBeInTheDocument();
    expect(within(fixed).getByText('Đơn tối thiểu 100.000 ₫')).toBeInTheDocument();
    expect(within(fixed).getByText('Từ 08:00 01/01/2026, không thời hạn')).toBeInTheDocument();
    expect(within(fixed).getByText('Phở Thìn Lò Đúc')).toBeInTheDocument();
    expect(within(fixed).getByText('Đang chạy')).toBeInTheDocument();
    expect(within(fixed).getByText('Đã dùng 0')).toBeInTheDocument();

    const percent = card('CHAOBAN');
    expect(within(percent).getByText('Giảm 10% tối đa 30.000 ₫')).toBeInTheDocument();
    expect(within(percent).getByText('Mọi đơn hàng')).toBeInTheDocument();
    expect(within(percent).getByText('08:00 01/01/2026 – 23:59 31/12/2099')).toBeInTheDocument();
    expect(within(percent).getByText('Toàn nền tảng')).toBeInTheDocument();
    expect(within(percent).getByText('Đã dùng 12/100')).toBeInTheDocument();
    expect(within(percent).getByText('9 khách')).toBeInTheDocument();
    expect(within(percent).getByText('Đã giảm 240.000 ₫')).toBeInTheDocument();
    expect(within(percent).getByText('Mỗi khách 2 lượt')).toBeInTheDocument();

    expect(within(card('NGHIXUAN')).getByText('Tạm dừng')).toBeInTheDocument();
    expect(within(card('NGHIXUAN')).getByRole('button', { name: t.resume })).toBeInTheDocument();
    expect(within(card('HETHAN')).getByText('Đã hết hạn')).toBeInTheDocument();
    // An ended coupon can only be edited (a later end brings it back).
    expect(within(card('HETHAN')).queryByRole('button', { name: t.pause })).toBeNull();
    expect(within(card('HETHAN')).queryByRole('button', { name: t.expire })).toBeNull();
    expect(within(card('TETNAM2099')).getByText('Chưa bắt đầu')).toBeInTheDocument();
    expect(within(card('HETLUOT')).getByText('Hết lượt')).toBeInTheDocument();
  });

  it("checks the contract's rules on every field before sending anything", async () => {
    const { user, api } = await openCoupons();
    const form = await openForm(user);

    await user.type(within(form).getByLabelText(t.code, { exact: false }), 'ab1');
    expect(within(form).getByLabelText(t.code, { exact: false })).toHaveValue('AB1');
    await user.click(within(form).getByRole('button', { name: t.submit }));
    expect(await within(form).findByText(COUPON_CODE_RULE)).toBeInTheDocument();
    expect(
      within(form).getByText('Mức giảm phải là số tiền nguyên dương (đồng)'),
    ).toBeInTheDocument();

    await user.type(within(form).getByLabelText(t.code, { exact: false }), 'Đ');
    await user.type(within(form).getByLabelText(t.value, { exact: false }), '150');
    await user.type(within(form).getByLabelText(t.maxDiscount, { exact: false }), '0');
    fireEvent.change(within(form).getByLabelText(t.startsAt, { exact: false }), {
      target: { value: '2026-12-31T10:00' },
    });
    fireEvent.change(within(form).getByLabelText(t.endsAt, { exact: false }), {
      target: { value: '2026-12-01T10:00' },
    });
    await user.type(within(form).getByLabelText(t.usageLimit, { exact: false }), '0');
    await user.type(within(form).getByLabelText(t.perCustomerLimit, { exact: false }), '0');
    await user.click(within(form).getByRole('button', { name: t.submit }));

    // 'AB1Đ': four characters, but not letters and digits alone.
    expect(within(form).getByText(COUPON_CODE_RULE)).toBeInTheDocument();
    expect(
      within(form).getByText('Mức giảm theo phần trăm phải là số nguyên từ 1 đến 100'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Mức giảm tối đa phải là số tiền nguyên dương (đồng)'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Thời gian kết thúc phải sau thời gian bắt đầu'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Tổng lượt dùng phải là số nguyên dương')).toBeInTheDocument();
    expect(within(form).getByText('Số lượt mỗi khách phải là số nguyên dương')).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    // A fixed amount has no percent ceiling and no cap to ask for.
    await user.click(within(form).getByRole('radio', { name: t.fixed }));
    expect(within(form).queryByLabelText(t.maxDiscount, { exact: false })).toBeNull();
  });

  it('creates a coupon for one restaurant and one of its dishes, upper-cased as typed', async () => {
    const { user, api, state } = await openCoupons([chaoban], {
      [CREATE]: (call) => {
        const created = makeCoupon({ id: 50, code: 'GIAM20K' });
        state.coupons = [created, ...state.coupons];
        expect(call.json).toBeDefined();
        return new Response(
          JSON.stringify({ success: true, message: 'Đã tạo mã giảm giá', data: created }),
          {
            status: 201,
            headers: { 'content-type': 'application/json' },
          },
        );
      },
    });
    const form = await openForm(user);

    await user.type(within(form).getByLabelText(t.code, { exact: false }), 'giam20k');
    await user.click(within(form).getByRole('radio', { name: t.fixed }));
    await user.type(within(form).getByLabelText(t.value, { exact: false }), '20000');
    expect(within(form).getByLabelText(t.value, { exact: false })).toHaveValue('20.000 ₫');
    await user.type(within(form).getByLabelText(t.minOrderLabel, { exact: false }), '100000');
    fireEvent.change(within(form).getByLabelText(t.startsAt, { exact: false }), {
      target: { value: '2026-12-01T08:00' },
    });
    fireEvent.change(within(form).getByLabelText(t.endsAt, { exact: false }), {
      target: { value: '2026-12-31T23:59' },
    });
    await user.type(within(form).getByLabelText(t.usageLimit, { exact: false }), '100');
    await user.type(within(form).getByLabelText(t.perCustomerLimit, { exact: false }), '1');

    // Dishes need a restaurant first.
    expect(within(form).getByText(t.foodsNeedRestaurant)).toBeInTheDocument();
    const restaurant = inputLabelled(form, t.restaurant);
    await user.type(restaurant, 'Phở');
    await user.click(await screen.findByRole('option', { name: 'Phở Thìn Lò Đúc' }));
    expect(api.lastCallTo('GET /api/admin/restaurants/').query.get('status')).toBe('approved');

    await user.click(inputLabelled(form, t.foods));
    await user.click(await screen.findByRole('option', { name: 'Phở bò tái lăn' }));
    expect(api.lastCallTo('GET /api/food/').query.get('restaurant_id')).toBe('3');

    await user.click(within(form).getByRole('button', { name: t.submit }));

    await findToast(t.created);
    expect(api.lastCallTo(CREATE).json).toEqual({
      code: 'GIAM20K',
      type: 'fixed',
      value: 20_000,
      max_discount: null,
      min_order: 100_000,
      starts_at: '2026-12-01T08:00:00+07:00',
      ends_at: '2026-12-31T23:59:00+07:00',
      usage_limit: 100,
      per_customer_limit: 1,
      food_ids: [12],
      restaurant_id: 3,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: t.create })).toBeNull());
    expect(await screen.findByText('GIAM20K')).toBeInTheDocument();
  });

  it('creates a coupon of the whole platform when no restaurant is chosen', async () => {
    const { user, api } = await openCoupons([], {
      [CREATE]: () => fail(409, 'Mã giảm giá này đã tồn tại', 'COUPON_CODE_TAKEN'),
    });
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    const form = await openForm(user);
    await user.type(within(form).getByLabelText(t.code, { exact: false }), 'chaoban');
    await user.type(within(form).getByLabelText(t.value, { exact: false }), '20');
    await user.click(within(form).getByRole('button', { name: t.submit }));

    // The duplicate (in any case) is the server's to find: shown on the code.
    const code = within(form).getByLabelText(t.code, { exact: false });
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Mã giảm giá này đã tồn tại/));
    expect(api.lastCallTo(CREATE).json).toEqual({
      code: 'CHAOBAN',
      type: 'percent',
      value: 20,
      max_discount: null,
      min_order: 0,
      ends_at: null,
      usage_limit: null,
      per_customer_limit: null,
      food_ids: null,
      restaurant_id: null,
    });
    // The form stays open with what was typed.
    expect(code).toHaveValue('CHAOBAN');
  });

  it("shows a refusal that names no field above the form's button", async () => {
    const { user } = await openCoupons([], {
      [CREATE]: () => fail(403, 'Bạn không có quyền thực hiện thao tác này', 'FORBIDDEN'),
    });
    const form = await openForm(user);
    await user.type(within(form).getByLabelText(t.code, { exact: false }), 'TET2027');
    await user.type(within(form).getByLabelText(t.value, { exact: false }), '15');
    await user.click(within(form).getByRole('button', { name: t.submit }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Bạn không có quyền thực hiện thao tác này');
  });

  it('sends only the fields an edit changed, and shows a limit below the uses on its field', async () => {
    let attempts = 0;
    const { user, api } = await openCoupons([chaoban], {
      'PUT /api/admin/coupons/42/': () => {
        attempts += 1;
        if (attempts === 1) {
          return fail(
            409,
            'Tổng lượt dùng không thể nhỏ hơn số lượt đã dùng',
            'COUPON_LIMIT_BELOW_USED',
          );
        }
        return ok(makeCoupon({ ...chaoban, value: 15, usage_limit: 20 }), 'Đã lưu');
      },
    });
    await screen.findByText('CHAOBAN');
    await user.click(within(card('CHAOBAN')).getByRole('button', { name: t.edit }));
    const form = await screen.findByRole('form', { name: t.editTitle('CHAOBAN') });
    expect(within(form).getByLabelText(t.code, { exact: false })).toHaveValue('CHAOBAN');
    expect(within(form).getByLabelText(t.endsAt, { exact: false })).toHaveValue('2099-12-31T23:59');

    // Nothing changed: nothing to send.
    await user.click(within(form).getByRole('button', { name: t.submit }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(t.noChanges);

    const value = within(form).getByLabelText(t.value, { exact: false });
    await user.clear(value);
    await user.type(value, '15');
    const limit = within(form).getByLabelText(t.usageLimit, { exact: false });
    await user.clear(limit);
    await user.type(limit, '5');
    await user.click(within(form).getByRole('button', { name: t.submit }));
    await waitFor(() =>
      expect(limit).toHaveAccessibleDescription(/Tổng lượt dùng không thể nhỏ hơn số lượt đã dùng/),
    );
    expect(api.lastCallTo('PUT /api/admin/coupons/42/').json).toEqual({
      value: 15,
      usage_limit: 5,
    });

    await user.clear(limit);
    await user.type(limit, '20');
    await user.click(within(form).getByRole('button', { name: t.submit }));
    await findToast(t.saved);
    expect(api.lastCallTo('PUT /api/admin/coupons/42/').json).toEqual({
      value: 15,
      usage_limit: 20,
    });
  });

  it('pauses, resumes, and ends a coupon only after the confirm dialog', async () => {
    const { user, api, state } = await openCoupons([giam20k], {
      'PUT /api/admin/coupons/41/': (call) => {
        const body = call.json as { paused?: boolean; expire?: true };
        const current = state.coupons[0]!;
        const next =
          body.expire === true
            ? { ...current, ends_at: '2026-03-01T00:00:00.000Z' }
            : { ...current, paused: body.paused ?? current.paused };
        state.coupons = [next];
        return ok(next, 'Đã lưu');
      },
    });
    await screen.findByText('GIAM20K');

    await user.click(within(card('GIAM20K')).getByRole('button', { name: t.pause }));
    await findToast(t.pausedDone);
    expect(api.lastCallTo('PUT /api/admin/coupons/41/').json).toEqual({ paused: true });
    await waitFor(() => expect(within(card('GIAM20K')).getByText('Tạm dừng')).toBeInTheDocument());

    await user.click(within(card('GIAM20K')).getByRole('button', { name: t.resume }));
    await findToast(t.resumedDone);
    expect(api.lastCallTo('PUT /api/admin/coupons/41/').json).toEqual({ paused: false });

    await user.click(within(card('GIAM20K')).getByRole('button', { name: t.expire }));
    const dialog = await screen.findByRole('dialog', { name: t.expireQuestion('GIAM20K') });
    await user.click(within(dialog).getByRole('button', { name: t.cancel }));
    expect(api.callsTo('PUT /api/admin/coupons/41/')).toHaveLength(2);

    await user.click(within(card('GIAM20K')).getByRole('button', { name: t.expire }));
    const again = await screen.findByRole('dialog', { name: t.expireQuestion('GIAM20K') });
    await user.click(within(again).getByRole('button', { name: t.expire }));
    await findToast(t.expiredDone);
    expect(api.lastCallTo('PUT /api/admin/coupons/41/').json).toEqual({ expire: true });
    await waitFor(() =>
      expect(within(card('GIAM20K')).getByText('Đã hết hạn')).toBeInTheDocument(),
    );
  });
});
