import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { DELIVERY_RADIUS_MESSAGE } from '#contract/store';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { findToast } from './find-toast';
import { makeRevenue, makeStaffRestaurant, reviewPage } from './dashboard-fake-api';
import { orderPage, signInAsStaff } from './orders-fake-api';
import { makeMember } from './staff-workspace-fake-api';

const t = text.staffRestaurant;
const p = t.pause;

// 12:00 in Hà Nội on 27 November 2026.
const NOW = new Date('2026-11-27T05:00:00.000Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

const PAUSE = 'PUT /api/staff/restaurant/pause/';
const REOPEN = 'DELETE /api/staff/restaurant/pause/';
const RESTAURANT = 'GET /api/staff/restaurant/';

/**
 * A screen whose restaurant answers from `state.restaurant`; the pause calls change it the way
 * the server would (15, 30 or 60 minutes from now, or 07:00 tomorrow for the next opening).
 */
async function open(
  path: '/' | '/staff/restaurant',
  restaurant: StaffRestaurant,
  routes: Record<string, ApiHandler> = {},
) {
  const state = { restaurant };
  const api = stubApi({
    [RESTAURANT]: () => ok(state.restaurant),
    'GET /api/staff/revenue/': () => ok(makeRevenue()),
    'GET /api/staff/orders/': () => ok(orderPage([])),
    'GET /api/staff/reviews/': () => ok(reviewPage([])),
    'GET /api/staff/members/': () => ok({ items: [makeMember()] }),
    [PAUSE]: (call) => {
      const body = call.json as { minutes?: number; until_next_opening?: true };
      const until = body.minutes ? at(body.minutes * 60) : '2026-11-28T00:00:00.000Z';
      state.restaurant = { ...state.restaurant, paused_until: until, is_open_now: false };
      return ok(state.restaurant);
    },
    [REOPEN]: () => {
      state.restaurant = { ...state.restaurant, paused_until: null, is_open_now: true };
      return ok(state.restaurant);
    },
    ...routes,
  });
  signInAsStaff('owner');
  const user = userEvent.setup();
  const rendered = renderApp(path);
  const card = await screen.findByRole('region', { name: p.title }, { timeout: 5000 });
  return { api, user, state, card: within(card), ...rendered };
}

const tick = (seconds: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(seconds * 1000);
  });

beforeAll(async () => {
  await import('#src/features/dashboard/pages/staff-dashboard-page');
  await import('#src/features/staff-restaurant/pages/staff-restaurant-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
  // The clock and the countdown's interval move only when the test says so.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});

describe("the busy pause ('Tạm ngưng nhận đơn')", { timeout: 20_000 }, () => {
  it('pauses for 15 minutes from the dashboard, counts down each second, and reopens', async () => {
    const { api, user, card } = await open('/', makeStaffRestaurant());
    for (const label of ['15 phút', '30 phút', '60 phút', 'Đến giờ mở cửa tiếp theo']) {
      expect(card.getByRole('button', { name: label })).toBeEnabled();
    }
    await user.click(card.getByRole('button', { name: '15 phút' }));

    await findToast(p.pausedToast);
    expect(api.lastCallTo(PAUSE).json).toEqual({ minutes: 15 });
    expect(await card.findByText('Đang tạm ngưng nhận đơn')).toBeInTheDocument();
    expect(card.getByRole('timer')).toHaveTextContent('15:00');
    expect(card.getByText('Mở lại lúc 12:15')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: '15 phút' })).not.toBeInTheDocument();

    await tick(1);
    expect(card.getByRole('timer')).toHaveTextContent('14:59');
    await tick(60);
    expect(card.getByRole('timer')).toHaveTextContent('13:59');

    await user.click(card.getByRole('button', { name: 'Mở lại ngay' }));
    await findToast(p.reopenedToast);
    expect(api.callsTo(REOPEN)).toHaveLength(1);
    expect(await card.findByRole('button', { name: '15 phút' })).toBeEnabled();
    expect(card.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('pauses until the next opening, with hours in the countdown and the day it reopens', async () => {
    const { api, user, card } = await open('/', makeStaffRestaurant());
    await user.click(card.getByRole('button', { name: 'Đến giờ mở cửa tiếp theo' }));
    await findToast(p.pausedToast);
    expect(api.lastCallTo(PAUSE).json).toEqual({ until_next_opening: true });
    // 12:00 today to 07:00 tomorrow.
    expect(await card.findByRole('timer')).toHaveTextContent('19:00:00');
    expect(card.getByText('Mở lại lúc 07:00 ngày 28/11')).toBeInTheDocument();
  });

  it('ends by itself: at 0 it reads the restaurant again and offers the pauses', async () => {
    const { api, state, card } = await open(
      '/',
      makeStaffRestaurant({ paused_until: at(3), is_open_now: false }),
    );
    expect(card.getByRole('timer')).toHaveTextContent('00:03');
    const reads = api.callsTo(RESTAURANT).length;
    // The server ended the pause on time.
    state.restaurant = { ...state.restaurant, paused_until: null, is_open_now: true };
    await tick(2);
    expect(card.getByRole('timer')).toHaveTextContent('00:01');
    expect(api.callsTo(RESTAURANT)).toHaveLength(reads);
    await tick(1);
    // Nothing on screen changes when the server agrees, so this waits on the call itself.
    await vi.waitFor(() => expect(api.callsTo(RESTAURANT).length).toBeGreaterThan(reads));
    expect(await card.findByRole('button', { name: '30 phút' })).toBeEnabled();
    expect(card.queryByText(p.paused)).not.toBeInTheDocument();
  });

  it('takes a pause that has already run out for no pause', async () => {
    const { card } = await open('/', makeStaffRestaurant({ paused_until: at(-60) }));
    expect(card.getByRole('button', { name: '60 phút' })).toBeEnabled();
    expect(card.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('is on /staff/restaurant too, and says why a pause is refused', async () => {
    const { api, user, card } = await open('/staff/restaurant', makeStaffRestaurant(), {
      [PAUSE]: () => fail(403, 'Bạn không có quyền thực hiện thao tác này', 'FORBIDDEN'),
    });
    await user.click(card.getByRole('button', { name: '60 phút' }));
    await findToast('Bạn không có quyền thực hiện thao tác này');
    expect(api.lastCallTo(PAUSE).json).toEqual({ minutes: 60 });
    expect(card.getByRole('button', { name: '60 phút' })).toBeEnabled();
  });
});

describe('delivery radius and auto-accept in the restaurant form', { timeout: 20_000 }, () => {
  const radius = () => screen.getByRole('textbox', { name: t.deliveryRadius });
  const autoAccept = () => screen.getByRole('switch', { name: new RegExp(t.autoAccept) });

  it('shows 10 km and manual accepting by default, and sends both changed', async () => {
    const { api, user, state } = await open('/staff/restaurant', makeStaffRestaurant(), {
      'PUT /api/staff/restaurant/': (call) => {
        state.restaurant = { ...state.restaurant, ...(call.json as Partial<StaffRestaurant>) };
        return ok(state.restaurant, 'Đã cập nhật nhà hàng');
      },
    });
    expect(radius()).toHaveValue('10');
    expect(autoAccept()).not.toBeChecked();
    expect(screen.getByText(t.autoAcceptHint)).toBeInTheDocument();
    expect(t.autoAcceptHint).toBe('Đơn đã thanh toán được nhận ngay, bếp vẫn được báo');

    await user.clear(radius());
    await user.type(radius(), '25');
    await user.click(autoAccept());
    await user.click(screen.getByRole('button', { name: t.save }));

    await findToast('Đã cập nhật nhà hàng');
    expect(api.lastCallTo('PUT /api/staff/restaurant/').json).toMatchObject({
      name: 'Phở Thìn Lò Đúc',
      delivery_radius_km: 25,
      auto_accept: true,
    });
    await waitFor(() => expect(radius()).toHaveValue('25'));
    expect(autoAccept()).toBeChecked();
  });

  it.each([
    ['0', '0'],
    ['51', '51'],
    ['empty', ''],
  ])('refuses a radius of %s before sending, in the contract words', async (_name, typed) => {
    const { api, user } = await open('/staff/restaurant', makeStaffRestaurant());
    await user.clear(radius());
    if (typed !== '') await user.type(radius(), typed);
    await user.click(screen.getByRole('button', { name: t.save }));
    await findToast(DELIVERY_RADIUS_MESSAGE);
    expect(radius()).toHaveAccessibleDescription(
      `${DELIVERY_RADIUS_MESSAGE} ${t.deliveryRadiusHint}`,
    );
    expect(api.callsTo('PUT /api/staff/restaurant/')).toHaveLength(0);
  });

  it("shows the server's radius error at the field", async () => {
    const { user } = await open(
      '/staff/restaurant',
      makeStaffRestaurant({ delivery_radius_km: 7 }),
      {
        'PUT /api/staff/restaurant/': () =>
          fail(400, DELIVERY_RADIUS_MESSAGE, 'VALIDATION_ERROR', {
            errors: [{ path: 'delivery_radius_km', message: DELIVERY_RADIUS_MESSAGE }],
          }),
      },
    );
    expect(radius()).toHaveValue('7');
    await user.click(screen.getByRole('button', { name: t.save }));
    await findToast(DELIVERY_RADIUS_MESSAGE);
    expect(radius()).toHaveAccessibleDescription(
      `${DELIVERY_RADIUS_MESSAGE} ${t.deliveryRadiusHint}`,
    );
  });
});
