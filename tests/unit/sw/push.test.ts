import { describe, expect, it } from 'vitest';
import { clickTarget, noticeFor, pickWindow, readPushPayload } from '../../../sw/push';

const origin = 'https://monngon.vn';

describe("a push message's data (sw/push.ts)", () => {
  it('reads the payload the server sends', () => {
    const payload = readPushPayload(
      JSON.stringify({
        title: 'Quán đã nhận đơn #42',
        body: 'Phở Thìn đang chuẩn bị món của bạn.',
        url: '/orders/42',
        tag: 'order-42',
      }),
    );
    expect(payload).toEqual({
      title: 'Quán đã nhận đơn #42',
      body: 'Phở Thìn đang chuẩn bị món của bạn.',
      url: '/orders/42',
      tag: 'order-42',
    });
  });

  it.each([
    ['no data', null],
    ['empty data', ''],
    ['text that is not JSON', 'ping'],
    ['JSON that is not an object', '[1,2]'],
    ['an object with blank or wrong fields', JSON.stringify({ title: ' ', body: 3, url: null })],
  ])('falls back to a generic Vietnamese notice for %s', (_case, data) => {
    expect(readPushPayload(data)).toEqual({
      title: 'Bạn có thông báo mới',
      body: 'Mở Món Ngon để xem chi tiết.',
      url: '/notifications',
      tag: '',
    });
  });

  it('keeps the readable fields of a partial payload', () => {
    expect(readPushPayload(JSON.stringify({ title: 'Ví đã được cộng tiền' }))).toEqual({
      title: 'Ví đã được cộng tiền',
      body: 'Mở Món Ngon để xem chi tiết.',
      url: '/notifications',
      tag: '',
    });
  });
});

describe('the notification shown', () => {
  it('carries body, tag, link, icon and badge, and rings again for an order', () => {
    expect(
      noticeFor({
        title: 'Đơn #42 đang giao',
        body: 'Tài xế đang đến.',
        url: '/orders/42',
        tag: 'order-42',
      }),
    ).toEqual({
      title: 'Đơn #42 đang giao',
      options: {
        body: 'Tài xế đang đến.',
        tag: 'order-42',
        renotify: true,
        icon: '/icon-192.png',
        badge: '/maskable-192.png',
        data: { url: '/orders/42' },
      },
    });
  });

  it('replaces quietly for other tags and sets neither tag nor renotify without one', () => {
    const wallet = noticeFor({
      title: 'Ví',
      body: 'Nạp tiền thành công',
      url: '/wallet',
      tag: 'wallet',
    });
    expect(wallet.options.tag).toBe('wallet');
    expect(wallet.options).not.toHaveProperty('renotify');
    const untagged = noticeFor({ title: 'A', body: 'B', url: '/notifications', tag: '' });
    expect(untagged.options).not.toHaveProperty('tag');
    expect(untagged.options).not.toHaveProperty('renotify');
  });
});

describe("a notification click's target", () => {
  it('opens the in-app path on the app origin', () => {
    expect(clickTarget({ url: '/orders/42' }, origin)).toBe('https://monngon.vn/orders/42');
    expect(clickTarget({ url: '/orders?status=paid' }, origin)).toBe(
      'https://monngon.vn/orders?status=paid',
    );
  });

  it.each([
    ['another site', { url: 'https://evil.example/phish' }],
    ['a protocol-relative address', { url: '//evil.example/x' }],
    ['a backslash trick', { url: '/\\evil.example' }],
    ['a script address', { url: 'javascript:alert(1)' }],
    ['no url', {}],
    ['no data at all', null],
  ])('opens the inbox instead of %s', (_case, data) => {
    expect(clickTarget(data, origin)).toBe('https://monngon.vn/notifications');
  });
});

describe('the window a click uses', () => {
  const win = (url: string, focused = false) => ({ url, focused });

  it('focuses a window already showing the target, without navigating it', () => {
    const showing = win('https://monngon.vn/orders/42');
    expect(pickWindow([win('https://monngon.vn/', true), showing], showing.url)).toEqual({
      window: showing,
      navigate: false,
    });
  });

  it('sends the focused window, else the first, to the target', () => {
    const focused = win('https://monngon.vn/cart', true);
    expect(
      pickWindow([win('https://monngon.vn/'), focused], 'https://monngon.vn/orders/1'),
    ).toEqual({ window: focused, navigate: true });
    const first = win('https://monngon.vn/');
    expect(pickWindow([first, win('https://monngon.vn/cart')], 'https://monngon.vn/x')).toEqual({
      window: first,
      navigate: true,
    });
  });

  it('opens a new window when none is open', () => {
    expect(pickWindow([], 'https://monngon.vn/orders/1')).toBeNull();
  });
});
