import type { Migration } from 'kysely';
import * as m0001 from './2026-11-22-0001-extensions-and-categories';
import * as m0002 from './2026-11-22-0002-accounts';
import * as m0003 from './2026-11-22-0003-catalogue';
import * as m0004 from './2026-11-23-0004-cart-coupons-orders';
import * as m0005 from './2026-11-23-0005-ledger-payments';
import * as m0006 from './2026-11-26-0006-events';
import * as m0007 from './2026-11-26-0007-notifications-push';
import * as m0008 from './2026-11-26-0008-uploads';
import * as m0009 from './2026-11-26-0009-sandbox-and-sign-in';
import * as m0010 from './2026-11-26-0010-idempotency-results';
import * as m0011 from './2026-11-27-0011-search-words';
import * as m0012 from './2026-11-27-0012-catalogue-generation';
import * as m0013 from './2026-11-27-0013-option-groups';
import * as m0014 from './2026-11-27-0014-store-controls';
import * as m0015 from './2026-11-27-0015-favorites';
import * as m0016 from './2026-11-27-0016-locks-and-audit';
import * as m0017 from './2026-11-27-0017-coupon-management';
import * as m0018 from './2026-11-27-0018-restaurant-moderation';
import * as m0019 from './2026-11-27-0019-withdrawal-references';
import * as m0020 from './2026-12-02-0020-idempotency-database-start';

/**
 * The ordered list of migrations. A static list rather than a directory scan, so the set that
 * runs is exactly the set that type-checks. Landed migrations are never edited; add a new one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-extensions-and-categories': m0001,
  '2026-11-22-0002-accounts': m0002,
  '2026-11-22-0003-catalogue': m0003,
  '2026-11-23-0004-cart-coupons-orders': m0004,
  '2026-11-23-0005-ledger-payments': m0005,
  '2026-11-26-0006-events': m0006,
  '2026-11-26-0007-notifications-push': m0007,
  '2026-11-26-0008-uploads': m0008,
  '2026-11-26-0009-sandbox-and-sign-in': m0009,
  '2026-11-26-0010-idempotency-results': m0010,
  '2026-11-27-0011-search-words': m0011,
  '2026-11-27-0012-catalogue-generation': m0012,
  '2026-11-27-0013-option-groups': m0013,
  '2026-11-27-0014-store-controls': m0014,
  '2026-11-27-0015-favorites': m0015,
  '2026-11-27-0016-locks-and-audit': m0016,
  '2026-11-27-0017-coupon-management': m0017,
  '2026-11-27-0018-restaurant-moderation': m0018,
  '2026-11-27-0019-withdrawal-references': m0019,
  '2026-12-02-0020-idempotency-database-start': m0020,
};
