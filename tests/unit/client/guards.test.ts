import { describe, expect, it } from 'vitest';
import { accessFor, resolveAccess, type AccessSession } from '#src/app/guards';
import { routeAccess } from '#src/app/routes';

const visitor: AccessSession = { user: null };
const as = (role: string | undefined): AccessSession => ({ user: { role } });
const customer = as('customer');
const staff = as('staff');
const owner = as('owner');
const admin = as('admin');

const allow = { kind: 'allow' };
const to = (path: string) => ({ kind: 'redirect', to: path });

const visitorOnly = ['/login', '/staff/login', '/register'];
const signedIn = [
  '/search',
  '/food/12',
  '/restaurant/3',
  '/cart',
  '/checkout',
  '/profile',
  '/profile/edit',
  '/orders',
  '/orders/42',
  '/payment/deposit',
  '/payment/withdraw',
  '/notifications',
];
const staffOnly = [
  '/staff/coupons',
  '/staff/menu',
  '/staff/menu/5',
  '/staff/menu/new',
  '/staff/restaurant',
  '/staff/reviews',
  '/staff/orders/5/ticket',
];
const adminOnly = [
  '/admin',
  '/admin/restaurants',
  '/admin/withdrawals',
  '/admin/users',
  '/admin/users/7',
  '/admin/coupons',
  '/admin/money',
  '/admin/audit',
];
const paymentResult = '/api/payment/vnpay/return/';

describe('resolveAccess: visitor-only routes (spec 2.1)', () => {
  it.each(visitorOnly)('%s is open to a visitor', (path) => {
    expect(resolveAccess(path, visitor)).toEqual(allow);
  });

  it.each(
    visitorOnly.flatMap((path) =>
      [customer, staff, owner, admin].map((session) => [path, session] as const),
    ),
  )('%s sends a signed-in user to /', (path, session) => {
    expect(resolveAccess(path, session)).toEqual(to('/'));
  });
});

describe('resolveAccess: login-required routes', () => {
  it.each(signedIn)('%s sends a visitor to /login', (path) => {
    expect(resolveAccess(path, visitor)).toEqual(to('/login'));
  });

  it.each(
    signedIn.flatMap((path) =>
      [customer, staff, owner, admin].map((session) => [path, session] as const),
    ),
  )('%s is open to any signed-in user', (path, session) => {
    expect(resolveAccess(path, session)).toEqual(allow);
  });

  it.each([customer, staff, owner])('/ is open to a signed-in non-admin', (session) => {
    expect(resolveAccess('/', session)).toEqual(allow);
  });

  it('sends a visitor from / to /login', () => {
    expect(resolveAccess('/', visitor)).toEqual(to('/login'));
  });

  it('sends an admin from / to the console, their home', () => {
    expect(resolveAccess('/', admin)).toEqual(to('/admin'));
    expect(resolveAccess('/', as('admin'))).toEqual(to('/admin'));
  });

  it('counts a stored user without a role as signed in (a customer)', () => {
    expect(resolveAccess('/orders', as(undefined))).toEqual(allow);
  });
});

describe('resolveAccess: staff routes (spec 2.1, section 6)', () => {
  it.each(staffOnly)('%s sends a visitor to /login', (path) => {
    expect(resolveAccess(path, visitor)).toEqual(to('/login'));
  });

  it.each(staffOnly)('%s sends a customer to /', (path) => {
    expect(resolveAccess(path, customer)).toEqual(to('/'));
  });

  it.each(staffOnly)('%s sends a user without a role to /', (path) => {
    expect(resolveAccess(path, as(undefined))).toEqual(to('/'));
  });

  it.each(
    staffOnly.flatMap((path) => [staff, owner, admin].map((session) => [path, session] as const)),
  )('%s is open to staff, owner and admin', (path, session) => {
    expect(resolveAccess(path, session)).toEqual(allow);
  });

  it('does not take an unknown role for staff', () => {
    expect(resolveAccess('/staff/menu', as('manager'))).toEqual(to('/'));
  });
});

describe('resolveAccess: the admin console', () => {
  it.each(adminOnly)('%s sends a visitor to /login', (path) => {
    expect(resolveAccess(path, visitor)).toEqual(to('/login'));
  });

  it.each(
    adminOnly.flatMap((path) =>
      [customer, staff, owner, as(undefined)].map((session) => [path, session] as const),
    ),
  )('%s sends a non-admin to /', (path, session) => {
    expect(resolveAccess(path, session)).toEqual(to('/'));
  });

  it.each(adminOnly)('%s is open to an admin', (path) => {
    expect(resolveAccess(path, admin)).toEqual(allow);
  });

  it('keeps the owner promotions a staff route', () => {
    expect(resolveAccess('/staff/coupons', owner)).toEqual(allow);
    expect(resolveAccess('/staff/coupons', staff)).toEqual(allow);
    expect(resolveAccess('/staff/coupons', customer)).toEqual(to('/'));
    expect(resolveAccess('/staff/coupons', visitor)).toEqual(to('/login'));
  });

  it('ends an admin on an unknown path at the console after the second hop', () => {
    expect(resolveAccess('/admin/nope', admin)).toEqual(to('/'));
    expect(resolveAccess('/', admin)).toEqual(to('/admin'));
  });
});

describe('resolveAccess: the customer-only collection', () => {
  it('lets a customer in', () => {
    expect(resolveAccess('/collections', customer)).toEqual(allow);
  });

  it('sends a visitor to /login', () => {
    expect(resolveAccess('/collections', visitor)).toEqual(to('/login'));
  });

  it.each([staff, owner, admin])('sends a staff-level user to /', (session) => {
    expect(resolveAccess('/collections', session)).toEqual(to('/'));
  });
});

describe('resolveAccess: the public payment-result page', () => {
  it.each([visitor, customer, staff, owner, admin])('is open to everyone', (session) => {
    expect(resolveAccess(paymentResult, session)).toEqual(allow);
    expect(resolveAccess('/api/payment/vnpay/return', session)).toEqual(allow);
  });
});

describe('resolveAccess: any other path redirects to /', () => {
  it.each([
    '/nope',
    '/staff',
    '/staff/',
    '/staff/menu/5/edit',
    '/food',
    '/food/1/extra',
    '/collections/1',
    '/admin/users/7/edit',
    '/api/food/',
    '/api/payment/vnpay',
  ])('%s', (path) => {
    expect(resolveAccess(path, visitor)).toEqual(to('/'));
    expect(resolveAccess(path, customer)).toEqual(to('/'));
    expect(resolveAccess(path, owner)).toEqual(to('/'));
  });

  it('ends a visitor on an unknown path at /login after the second hop', () => {
    const first = resolveAccess('/nope', visitor);
    expect(first).toEqual(to('/'));
    expect(resolveAccess('/', visitor)).toEqual(to('/login'));
  });
});

describe('route matching', () => {
  it('accepts a trailing slash and ignores case like the router does', () => {
    expect(accessFor('/orders/')).toBe('user');
    expect(accessFor('/Login')).toBe('visitor');
    expect(accessFor('/staff/menu/new/')).toBe('staff');
  });

  it('keeps /staff/login a visitor route despite the /staff prefix', () => {
    expect(accessFor('/staff/login')).toBe('visitor');
    expect(resolveAccess('/staff/login', owner)).toEqual(to('/'));
  });

  it('covers every route of spec 2.1 exactly once', () => {
    const table = routeAccess.map(({ path }) => path);
    expect(new Set(table).size).toBe(table.length);
    // The spec's four staff routes, the kitchen ticket, the owner's promotions, the payment
    // result, the collection, / and the console's eight.
    expect(table).toHaveLength(visitorOnly.length + signedIn.length + 4 + 1 + 1 + 1 + 1 + 1 + 8);
  });
});

describe("resolveAccess: after the server ended a locked account's session", () => {
  it('sends a staff-level user back to /staff/login, which says why', () => {
    const lockedStaff: AccessSession = { user: null, lockedOut: 'staff' };
    expect(resolveAccess('/staff/menu', lockedStaff)).toEqual(to('/staff/login'));
    expect(resolveAccess('/admin/users', lockedStaff)).toEqual(to('/staff/login'));
    expect(resolveAccess('/orders', lockedStaff)).toEqual(to('/staff/login'));
    expect(resolveAccess('/staff/login', lockedStaff)).toEqual({ kind: 'allow' });
  });

  it('sends a customer back to /login', () => {
    const lockedCustomer: AccessSession = { user: null, lockedOut: 'customer' };
    expect(resolveAccess('/orders', lockedCustomer)).toEqual(to('/login'));
    expect(resolveAccess('/collections', lockedCustomer)).toEqual(to('/login'));
  });
});
