import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { LedgerCheck, MoneyOverview } from '#contract/admin-money';
import type { AuditEntry } from '#contract/admin-users';
import type { AdminRestaurant } from '#contract/staff-restaurant';
import type { AdminWithdrawal } from '#contract/wallet';
import { logout, setSession } from '#src/lib/session';
import { stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';

/**
 * The /api/admin/ replies as contract/staff-restaurant.ts, wallet.ts, admin-money.ts and
 * admin-users.ts shape them, for the admin console's screen tests.
 */

export const ADMIN_TOKEN = 'admin-access';

export function signInAsAdmin() {
  setSession({
    user: { id: 1, name: 'Quản trị Món Ngon', role: 'admin' },
    tokens: { access_token: ADMIN_TOKEN, refresh_token: 'r' },
  });
}

export function listPage<T>(
  items: T[],
  { page = 1, total = items.length, totalExact = true, hasNext = false, perPage = 10 } = {},
) {
  return {
    items,
    pagination: {
      page,
      per_page: perPage,
      total,
      total_exact: totalExact,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
      has_next: hasNext,
    },
  };
}

const hours = (open: string, close: string) => [{ open, close }];

export function makeAdminRestaurant(overrides: Partial<AdminRestaurant> = {}): AdminRestaurant {
  return {
    id: 41,
    name: 'Bún chả Hương Liên',
    description: 'Bún chả than hoa phố cổ',
    address: '24 Lê Văn Hưu, Hai Bà Trưng, Hà Nội',
    lat: 21.0175,
    lon: 105.8521,
    phone: '0912345678',
    email: 'huonglien@example.vn',
    image_url: '/uploads/restaurants/huong-lien.webp',
    cover_url: '/uploads/restaurants/huong-lien-cover.webp',
    logo_url: null,
    opening_hours: {
      mon: hours('08:00', '21:00'),
      tue: hours('08:00', '21:00'),
      wed: hours('08:00', '21:00'),
      thu: hours('08:00', '21:00'),
      fri: hours('08:00', '22:00'),
      sat: hours('00:00', '24:00'),
      sun: [],
    },
    owner_id: 17,
    owner_name: 'Nguyễn Thị Liên',
    owner_username: 'lien_owner',
    owner_phone: '0987654321',
    approval_status: 'pending',
    rejection_reason: null,
    decided_at: null,
    is_active: true,
    admin_paused_reason: null,
    // 09:30 on 20 November in Hà Nội.
    created_at: '2026-11-20T02:30:00.000Z',
    ...overrides,
  };
}

export function makeAdminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: 301,
    user_id: 17,
    user_name: 'Nguyễn Thị Liên',
    amount: 1_500_000,
    status: 'pending',
    reason: null,
    decided_by: null,
    // 14:05 on 25 November in Hà Nội.
    created_at: '2026-11-25T07:05:00.000Z',
    decided_at: null,
    restaurant_id: 41,
    restaurant_name: 'Bún chả Hương Liên',
    wallet_balance: 2_350_000,
    bank_reference: null,
    ...overrides,
  };
}

export function makeMoneyOverview(overrides: Partial<MoneyOverview> = {}): MoneyOverview {
  return {
    escrow_held: 4_250_000,
    open_orders: 12,
    commission_in_range: 1_830_000,
    commission_all_time: 25_600_000,
    vnpay: [
      { status: 'succeeded', count: 140, amount: 36_400_000 },
      { status: 'failed', count: 9, amount: 2_100_000 },
      { status: 'pending', count: 3, amount: 450_000 },
    ],
    pending_payouts: { count: 4, amount: 7_800_000 },
    wallets_total: 61_000_000,
    ...overrides,
  };
}

export function makeLedgerCheck(overrides: Partial<LedgerCheck> = {}): LedgerCheck {
  return {
    ok: true,
    sum_of_balances: 0,
    mismatched_accounts: [],
    negative_wallets: [],
    // 10:15 on 27 November in Hà Nội.
    checked_at: '2026-11-27T03:15:00.000Z',
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 9,
    actor_id: 1,
    actor_name: 'Quản trị Món Ngon',
    action: 'user.lock',
    target_type: 'user',
    target_id: 23,
    before: { locked: false, locked_reason: null },
    after: { locked: true, locked_reason: 'Spam đánh giá' },
    // 16:40 on 26 November in Hà Nội.
    created_at: '2026-11-26T09:40:00.000Z',
    ...overrides,
  };
}

/** Opens a console screen as an admin with the given fake routes, once its heading shows. */
export async function openConsole(
  path: string,
  heading: string,
  routes: Record<string, ApiHandler>,
) {
  logout();
  notifications.clean();
  const api = stubApi(routes);
  signInAsAdmin();
  const user = userEvent.setup();
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
  return { api, user, ...rendered };
}

/** Toasts are Mantine notifications (role alert). */
export async function findToast(message: string) {
  return waitFor(() => {
    const toast = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.trim() === message);
    expect(toast).toBeDefined();
    return toast!;
  });
}

/** 'YYYY-MM-DD' of today and of the month's first day, in Hà Nội. */
export function monthToDateInHanoi(now = new Date()) {
  const today = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Asia/Ho_Chi_Minh',
  }).format(now);
  return { start_date: `${today.slice(0, 8)}01`, end_date: today };
}
