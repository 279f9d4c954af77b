import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLocation, setLocation } from '#src/lib/location';
import { currentRenderHint, keepRenderHintCookie } from '#src/first-load/render-hint';
import { logout, setSession, setUser } from '#src/lib/session';

const tokens = { access_token: 'a', refresh_token: 'r' };
const customer = {
  id: 12,
  name: 'Nguyễn Thị Hoa',
  avatar: '/uploads/avatars/12.webp',
  role: 'customer',
  phone: '0912345678',
};
const place = { lat: 10.7801, lon: 106.7032, address: '45 Lý Tự Trọng, Phường Bến Nghé, Quận 1' };

/** The hint the cookie holds, decoded as the server does; null without the cookie. */
function cookieHint(): unknown {
  const value = /(?:^|;\s*)mn_view=([^;]*)/.exec(document.cookie)?.[1];
  if (!value) return null;
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

/** valtio tells its subscribers after the change, a microtask later. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: () => void = () => {};
beforeEach(() => {
  logout();
  clearLocation();
  stop = keepRenderHintCookie();
});
afterEach(() => stop());

describe('the render-hint cookie (docs/decisions/016)', () => {
  it('is not written for a visitor', () => {
    expect(currentRenderHint()).toBeNull();
    expect(cookieHint()).toBeNull();
  });

  it("holds the signed-in customer's name, avatar and address, and nothing else of theirs", async () => {
    setSession({ user: customer, tokens, userType: 'customer' });
    setLocation(place);
    await settled();
    const hint = {
      user: {
        id: 12,
        name: 'Nguyễn Thị Hoa',
        avatar: '/uploads/avatars/12.webp',
        role: 'customer',
      },
      location: place,
    };
    expect(currentRenderHint()).toEqual(hint);
    // The key order the server echoes back, compared as JSON by src/first-load/server-state.ts.
    expect(JSON.stringify(cookieHint())).toBe(JSON.stringify(hint));
    expect(document.cookie).not.toContain('0912345678');
    expect(JSON.stringify(cookieHint())).not.toContain('access');
  });

  it('follows a new address and a profile change', async () => {
    setSession({ user: customer, tokens, userType: 'customer' });
    await settled();
    expect(cookieHint()).toMatchObject({ location: null });
    setLocation({ lat: 21.0285, lon: 105.8542, address: null });
    setUser({ ...customer, name: 'Hoa' });
    await settled();
    expect(cookieHint()).toMatchObject({
      user: { name: 'Hoa' },
      location: { lat: 21.0285, lon: 105.8542, address: null },
    });
  });

  it('is taken away on logout and never written for staff', async () => {
    setSession({ user: customer, tokens, userType: 'customer' });
    await settled();
    expect(cookieHint()).not.toBeNull();
    logout();
    await settled();
    expect(cookieHint()).toBeNull();
    setSession({ user: { id: 3, name: 'Chủ quán', role: 'owner' }, tokens, userType: 'staff' });
    await settled();
    expect(currentRenderHint()).toBeNull();
    expect(cookieHint()).toBeNull();
  });

  it('is not written when it would be too long for the server to read', async () => {
    setSession({ user: customer, tokens, userType: 'customer' });
    setLocation({ ...place, address: 'Hẻm '.repeat(400) });
    await settled();
    expect(currentRenderHint()).not.toBeNull();
    expect(cookieHint()).toBeNull();
  });
});
