import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import { notificationQueries } from '#src/api/notifications';
import { vi as text } from '#src/i18n/vi';
import { shouldPersistQuery } from '#src/lib/query-client';
import { logout, setSession } from '#src/lib/session';
import { fail, stubApi } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { fakeInbox, LIST, makeNotification, MARK_READ } from './notifications-fake-api';

const t = text.inbox;

function signIn(role: 'customer' | 'staff' = 'customer') {
  setSession({
    user: { id: 7, name: 'Lan', role },
    tokens: { access_token: 'access-7', refresh_token: 'refresh-7' },
  });
}

async function openInbox(inbox: ReturnType<typeof fakeInbox>, role?: 'customer' | 'staff') {
  const api = stubApi(inbox.routes);
  signIn(role);
  const user = userEvent.setup();
  const rendered = renderApp('/notifications');
  // The first visit also loads the screen's chunk.
  await screen.findByRole('heading', { level: 1, name: 'Thông báo' }, { timeout: 5000 });
  return { api, user, ...rendered };
}

const items = () => within(within(screen.getByRole('main')).getByRole('list')).getAllByRole('link');
const bell = () => within(screen.getByRole('banner')).getByRole('link', { name: /^Thông báo/ });

beforeEach(() => {
  logout();
});

describe('the inbox at /notifications', () => {
  it('lists the notifications newest first, the unread in bold with a dot and "Chưa đọc"', async () => {
    const inbox = fakeInbox([
      makeNotification({ id: 3, title: 'Đơn #3 đang giao', body: 'Tài xế đang đến.' }),
      makeNotification({ id: 2, title: 'Ví đã được cộng 50.000 ₫', url: '/payment/deposit' }),
      makeNotification({ id: 1, title: 'Đơn #1 đã hoàn thành', read: true }),
    ]);
    await openInbox(inbox);
    await waitFor(() => expect(items()).toHaveLength(3));
    const [newest, second, oldest] = items();
    expect(newest).toHaveAccessibleName(/^Đơn #3 đang giao Chưa đọc Tài xế đang đến\./);
    expect(newest).toHaveAttribute('href', '/orders/3');
    expect(newest).toHaveAttribute('data-unread', 'true');
    expect(within(newest!).getByText('Đơn #3 đang giao')).toHaveStyle({ fontWeight: '700' });
    expect(newest!.querySelector('[class*="dot"] > span')).not.toBeNull();
    expect(second).toHaveAttribute('href', '/payment/deposit');
    expect(oldest).toHaveAccessibleName(/^Đơn #1 đã hoàn thành/);
    expect(within(oldest!).queryByText(t.unread)).not.toBeInTheDocument();
    expect(oldest).not.toHaveAttribute('data-unread');
    expect(oldest!.querySelector('[class*="dot"] > span')).toBeNull();
    expect(within(oldest!).getByText('Đơn #1 đã hoàn thành')).not.toHaveStyle({
      fontWeight: '700',
    });
    expect(within(newest!).getByText('5 phút trước')).toBeInTheDocument();
    expect(screen.getByText(t.end)).toBeInTheDocument();
  });

  it('is open to staff too', async () => {
    await openInbox(fakeInbox([makeNotification({ title: 'Đơn mới #9' })]), 'staff');
    expect(await screen.findByRole('link', { name: /^Đơn mới #9/ })).toBeInTheDocument();
  });

  it("clears every unread mark and the bell's count with 'Đánh dấu đã đọc tất cả'", async () => {
    const inbox = fakeInbox([
      makeNotification({ id: 5 }),
      makeNotification({ id: 4 }),
      makeNotification({ id: 3, read: true }),
    ]);
    const { api, user } = await openInbox(inbox);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Thông báo, 2 mới'));
    expect(screen.getAllByText(t.unread)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Đánh dấu đã đọc tất cả' }));
    await waitFor(() => expect(screen.queryByText(t.unread)).not.toBeInTheDocument());
    expect(bell()).toHaveAccessibleName('Thông báo, không có thông báo mới');
    expect(api.lastCallTo(MARK_READ).json).toEqual({ all: true });
    expect(api.lastCallTo(MARK_READ).authorization).toBe('Bearer access-7');
    expect(inbox.items.every((item) => item.read)).toBe(true);
    expect(screen.getByRole('button', { name: 'Đánh dấu đã đọc tất cả' })).toBeDisabled();
  });

  it('opens the link of a clicked notification and marks that one read', async () => {
    const inbox = fakeInbox([
      makeNotification({ id: 8, title: 'Đơn #8 đang giao', url: '/orders/8' }),
      makeNotification({ id: 7 }),
    ]);
    const { api, user, router, queryClient } = await openInbox(inbox);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Thông báo, 2 mới'));

    await user.click(screen.getByRole('link', { name: /^Đơn #8 đang giao/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/8'));
    await waitFor(() => expect(api.callsTo(MARK_READ)).toHaveLength(1));
    expect(api.lastCallTo(MARK_READ).json).toEqual({ ids: [8] });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Thông báo, 1 mới'));
    const list = queryClient.getQueryData(notificationQueries.list().queryKey);
    const cached = list?.pages.flatMap((page) => page.items);
    expect(cached?.map((item) => [item.id, item.read])).toEqual([
      [8, true],
      [7, false],
    ]);
  });

  it('does not mark a read notification again when it is opened', async () => {
    const inbox = fakeInbox([makeNotification({ id: 2, read: true, url: '/orders/2' })]);
    const { api, user, router } = await openInbox(inbox);
    await user.click(await screen.findByRole('link', { name: /^Quán đã nhận đơn #2/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/2'));
    expect(api.callsTo(MARK_READ)).toHaveLength(0);
  });

  it('leads a link that is not a path of the app to the inbox instead', async () => {
    await openInbox(fakeInbox([makeNotification({ id: 1, url: 'https://evil.example/' })]));
    expect(await screen.findByRole('link', { name: /^Quán đã nhận đơn #1/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('puts the unread marks back and says so when the server refuses', async () => {
    const inbox = fakeInbox([makeNotification({ id: 1 })]);
    const { api, user } = await openInbox(inbox);
    await screen.findByText(t.unread);
    api.on(MARK_READ, () => fail(500, 'Lỗi máy chủ', 'INTERNAL'));
    await user.click(screen.getByRole('button', { name: 'Đánh dấu đã đọc tất cả' }));
    expect(await screen.findByText(t.markReadFailed)).toBeInTheDocument();
    expect(screen.getByText(t.unread)).toBeInTheDocument();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Thông báo, 1 mới'));
  });

  it('loads the next page near the bottom until there is no next one', async () => {
    const many = Array.from({ length: 25 }, (_, index) => makeNotification({ id: 100 - index }));
    const { api } = await openInbox(fakeInbox(many));
    expect(await screen.findByText(t.end)).toBeInTheDocument();
    expect(items()).toHaveLength(25);
    const pages = api
      .callsTo(LIST)
      .filter((call) => call.query.get('per_page') === '20')
      .map((call) => call.query.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it("says 'Chưa có thông báo nào' when there is none", async () => {
    await openInbox(fakeInbox([]));
    expect(await screen.findByText('Chưa có thông báo nào')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.markAllRead })).not.toBeInTheDocument();
  });

  it('keeps the inbox and the count for offline reading (persisted queries)', async () => {
    const { queryClient } = await openInbox(fakeInbox([makeNotification()]));
    await screen.findByText(t.unread);
    const queries = queryClient.getQueryCache().findAll({ queryKey: ['notifications'] });
    expect(queries.map((query) => query.queryKey[1]).sort()).toEqual(['list', 'unread']);
    expect(queries.every(shouldPersistQuery)).toBe(true);
  });

  it('reads offline from the cache, and marking read waits for the network', async () => {
    vitest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = stubApi({ [LIST]: () => Promise.reject(new TypeError('Failed to fetch')) });
    signIn();
    const rendered = renderApp('/notifications');
    const cachedItem = makeNotification({ id: 4, title: 'Đơn #4 đang giao' });
    rendered.queryClient.setQueryData(notificationQueries.list().queryKey, {
      pages: [
        {
          items: [cachedItem],
          unread_count: 1,
          pagination: {
            page: 1,
            per_page: 20,
            total: 1,
            total_exact: true,
            total_pages: 1,
            has_next: false,
          },
        },
      ],
      pageParams: [1],
    });
    expect(
      await screen.findByRole('link', { name: /^Đơn #4 đang giao/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Bạn đang ngoại tuyến. Một số chức năng cần có mạng.')).toBeVisible();
    expect(screen.getByText(t.markReadNeedsNetwork)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.markAllRead })).toBeDisabled();
    expect(api.callsTo(MARK_READ)).toHaveLength(0);
  });
});
