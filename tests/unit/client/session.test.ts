import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store reads localStorage when its module loads, so each test loads a fresh copy.
async function loadSession() {
  vi.resetModules();
  return import('#src/lib/session');
}

const tokens = { access_token: 'a', refresh_token: 'r' };

beforeEach(() => {
  localStorage.clear();
});

describe('restoring the session on start (spec section 3)', () => {
  it('starts signed out, in customer mode, when nothing is stored', async () => {
    const { session } = await loadSession();
    expect(session).toEqual({ user: null, tokens: null, userType: 'customer' });
  });

  it.each([
    ['staff', 'staff'],
    ['owner', 'staff'],
    ['customer', 'customer'],
    // The spec names only staff and owner as non-customer on restore.
    ['admin', 'customer'],
    [undefined, 'customer'],
  ])('a stored user with role %s is restored as %s', async (role, userType) => {
    localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Minh', role }));
    localStorage.setItem('tokens', JSON.stringify(tokens));
    // The stored userType does not override the role.
    localStorage.setItem('userType', userType === 'staff' ? 'customer' : 'staff');
    const { session } = await loadSession();
    expect(session.user).toMatchObject({ id: 1, name: 'Minh' });
    expect(session.tokens).toEqual(tokens);
    expect(session.userType).toBe(userType);
  });

  it('ignores unreadable values instead of crashing', async () => {
    localStorage.setItem('user', '{not json');
    localStorage.setItem('tokens', JSON.stringify({ refresh_token: 'r' }));
    const { session } = await loadSession();
    expect(session.user).toBeNull();
    expect(session.tokens).toBeNull();
  });
});

describe('setSession and logout', () => {
  it('stores user, tokens and userType under their keys', async () => {
    const { session, setSession } = await loadSession();
    const user = { id: 3, name: 'Chủ quán', role: 'owner' };
    setSession({ user, tokens, userType: 'staff' });
    expect(session).toEqual({ user, tokens, userType: 'staff' });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(JSON.parse(localStorage.getItem('tokens')!)).toEqual(tokens);
    expect(localStorage.getItem('userType')).toBe('staff');
  });

  it('derives userType from the role when the caller does not give it', async () => {
    const { session, setSession } = await loadSession();
    setSession({ user: { role: 'staff' }, tokens });
    expect(session.userType).toBe('staff');
    setSession({ user: { role: 'customer' }, tokens });
    expect(session.userType).toBe('customer');
  });

  it('logout removes user and tokens and resets to customer mode (spec section 4)', async () => {
    const { session, setSession, logout } = await loadSession();
    setSession({ user: { role: 'owner' }, tokens, userType: 'staff' });
    logout();
    expect(session).toEqual({ user: null, tokens: null, userType: 'customer' });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('tokens')).toBeNull();
    expect(localStorage.getItem('userType')).toBeNull();
  });

  it('follows a logout done in another tab', async () => {
    const { session, setSession } = await loadSession();
    setSession({ user: { role: 'customer' }, tokens });
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(session.user).toBeNull();
  });
});

describe('roles (spec section 6)', () => {
  it('counts staff, owner and admin as staff-level, and only owner as owner', async () => {
    const { isStaffLevel, isOwner } = await loadSession();
    expect(['customer', 'staff', 'owner', 'admin', undefined].map(isStaffLevel)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(['customer', 'staff', 'owner', 'admin'].map(isOwner)).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });
});
