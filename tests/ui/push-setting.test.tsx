import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import { PushSetting } from '#src/features/profile/components/push-setting';
import { logout, session, setSession } from '#src/lib/session';
import { fail, ok, stubApi } from '../setup/fake-api';
import { renderApp, renderWithProviders } from '../setup/render';

// The browser's push machinery (Notification, PushManager, the worker registration) does not
// exist in jsdom: these fakes stand in for the browser, the API is the usual fake server.

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example/send/abc123';
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};
const SUBSCRIBE = 'POST /api/push/subscriptions/';
const UNSUBSCRIBE = 'DELETE /api/push/subscriptions/';
const pushRoutes = {
  'GET /api/push/key/': () => ok({ public_key: KEY }),
  [SUBSCRIBE]: () => ok(null, 'Đã bật thông báo'),
  [UNSUBSCRIBE]: () => ok(null),
};

interface BrowserOptions {
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  subscribed?: boolean;
}

function fakePushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: BrowserOptions = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vitest.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vitest.fn(async () => current),
    subscribe: vitest.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  const requestPermission = vitest.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
  }
  vitest.stubGlobal('Notification', FakeNotification);
  vitest.stubGlobal('PushManager', class {});
  return { subscription, pushManager, requestPermission };
}

function signIn() {
  setSession({
    user: { id: 7, name: 'Lan', role: 'customer' },
    tokens: { access_token: 'access-7', refresh_token: 'refresh-7' },
  });
}

function renderSetting() {
  signIn();
  renderWithProviders(<PushSetting />);
  return userEvent.setup();
}

const pushSwitch = () => screen.getByRole('switch', { name: 'Nhận thông báo' });

beforeEach(() => {
  logout();
});

describe("'Nhận thông báo' in the profile's settings", () => {
  it('is in the settings of /profile', async () => {
    stubApi(pushRoutes);
    fakePushBrowser();
    signIn();
    renderApp('/profile');
    expect(
      await screen.findByRole('switch', { name: 'Nhận thông báo' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('asks permission only when pressed, then subscribes with the server key and registers', async () => {
    const api = stubApi(pushRoutes);
    const browser = fakePushBrowser();
    const user = renderSetting();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(pushSwitch()).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();

    await user.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(api.lastCallTo(SUBSCRIBE).json).toEqual(SUBSCRIPTION_JSON);
    expect(api.lastCallTo(SUBSCRIBE).authorization).toBe('Bearer access-7');
    expect(await screen.findByText('Đã bật thông báo')).toBeInTheDocument();
  });

  it('shows an existing subscription as on, and turning it off unsubscribes and tells the server', async () => {
    const api = stubApi(pushRoutes);
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    const user = renderSetting();
    await waitFor(() => expect(pushSwitch()).toBeChecked());

    await user.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).not.toBeChecked());
    expect(api.lastCallTo(UNSUBSCRIBE).json).toEqual({ endpoint: ENDPOINT });
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('says how to allow notifications when the prompt is refused', async () => {
    const api = stubApi(pushRoutes);
    const browser = fakePushBrowser({ answer: 'denied' });
    const user = renderSetting();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await user.click(pushSwitch());
    expect(
      await screen.findByText('Bạn đã chặn thông báo; hãy cho phép trong cài đặt trình duyệt'),
    ).toBeInTheDocument();
    expect(pushSwitch()).not.toBeChecked();
    expect(pushSwitch()).toBeDisabled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo(SUBSCRIBE)).toHaveLength(0);
  });

  it('says so at once when notifications were blocked before', async () => {
    stubApi(pushRoutes);
    const browser = fakePushBrowser({ permission: 'denied' });
    renderSetting();
    expect(
      screen.getByText('Bạn đã chặn thông báo; hãy cho phép trong cài đặt trình duyệt'),
    ).toBeInTheDocument();
    expect(pushSwitch()).toBeDisabled();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('says the browser cannot receive notifications when it has no Web Push', () => {
    stubApi(pushRoutes);
    renderSetting();
    expect(screen.getByText('Trình duyệt này không hỗ trợ nhận thông báo')).toBeInTheDocument();
    expect(pushSwitch()).toBeDisabled();
  });

  it('tells an iPhone outside the home screen to add the app there', () => {
    stubApi(pushRoutes);
    const browser = fakePushBrowser();
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    renderSetting();
    expect(
      screen.getByText('Trên iPhone, hãy thêm ứng dụng vào Màn hình chính để nhận thông báo'),
    ).toBeInTheDocument();
    expect(pushSwitch()).toBeDisabled();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('lets an iPhone that opened the app from the home screen turn it on', async () => {
    stubApi(pushRoutes);
    fakePushBrowser();
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15',
    });
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    renderSetting();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(
      screen.queryByText('Trên iPhone, hãy thêm ứng dụng vào Màn hình chính để nhận thông báo'),
    ).not.toBeInTheDocument();
  });

  it('drops the new subscription when the server refuses it, and says so', async () => {
    stubApi({ ...pushRoutes, [SUBSCRIBE]: () => fail(422, 'Khóa nhận thông báo không hợp lệ') });
    const browser = fakePushBrowser();
    const user = renderSetting();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await user.click(pushSwitch());
    expect(
      await screen.findByText('Không thể bật thông báo. Vui lòng thử lại.'),
    ).toBeInTheDocument();
    expect(pushSwitch()).not.toBeChecked();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('signing out', () => {
  it("drops this device's push subscription, on the server with the user's token and in the browser", async () => {
    const api = stubApi({ ...pushRoutes, 'POST /api/auth/logout/': () => ok(null) });
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    // Turned on by this user (src/lib/push.ts remembers who).
    localStorage.setItem('push-subscription-user', '7');
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'Đăng xuất' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(api.callsTo(UNSUBSCRIBE)).toHaveLength(1));
    expect(api.lastCallTo(UNSUBSCRIBE).json).toEqual({ endpoint: ENDPOINT });
    expect(api.lastCallTo(UNSUBSCRIBE).authorization).toBe('Bearer access-7');
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1));
    expect(session.user).toBeNull();
  });

  it('asks nothing of the server when the device has no subscription', async () => {
    const api = stubApi({ 'POST /api/auth/logout/': () => ok(null) });
    fakePushBrowser({ permission: 'granted' });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'Đăng xuất' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(api.callsTo('POST /api/auth/logout/')).toHaveLength(1));
    expect(api.callsTo(UNSUBSCRIBE)).toHaveLength(0);
  });
});

describe('on each start of the signed-in app', () => {
  it('registers the subscription of the user who turned push on again', async () => {
    const api = stubApi(pushRoutes);
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    localStorage.setItem('push-subscription-user', '7');
    signIn();
    renderApp('/orders');
    await waitFor(() => expect(api.callsTo(SUBSCRIBE)).toHaveLength(1));
    expect(api.lastCallTo(SUBSCRIBE).json).toEqual(SUBSCRIPTION_JSON);
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('drops a subscription another user left behind, without registering it', async () => {
    const api = stubApi(pushRoutes);
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    localStorage.setItem('push-subscription-user', '3');
    signIn();
    renderApp('/orders');
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1));
    expect(api.callsTo(SUBSCRIBE)).toHaveLength(0);
  });
});
