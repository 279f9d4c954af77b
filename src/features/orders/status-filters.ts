import { ORDER_STATUSES } from '#contract/orders';
import type { StatusFilter } from '#src/api/orders';

/** Spec 2.13: customers filter by every status; staff never see pending (unpaid) orders. */
export const CUSTOMER_FILTERS: readonly StatusFilter[] = ['all', ...ORDER_STATUSES];
export const STAFF_FILTERS: readonly StatusFilter[] = CUSTOMER_FILTERS.filter(
  (filter) => filter !== 'pending',
);
