import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ManagedCoupon } from '#contract/coupon-admin';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import {
  couponState,
  couponValueWords,
  minOrderWords,
  usageWords,
  windowWords,
  type CouponState,
} from '../coupon-words';

const text = vi.coupons;

const STATE_COLOR: Record<CouponState, string> = {
  running: 'green',
  paused: 'yellow',
  expired: 'gray',
  notStarted: 'blue',
  usedUp: 'orange',
};

export interface CouponActions {
  onEdit: (coupon: ManagedCoupon) => void;
  onPause: (coupon: ManagedCoupon, paused: boolean) => void;
  onExpire: (coupon: ManagedCoupon) => void;
  /** The coupon whose change is on its way: its buttons wait. */
  busyId: number | undefined;
}

interface CouponListProps {
  coupons: ManagedCoupon[];
  /** Without actions the list is read-only (the restaurant's staff). */
  actions: CouponActions | null;
  /** The admin sees every scope; an owner's coupons are all their restaurant's. */
  showScope: boolean;
  /** When the list was read: the states are the server's figures as of then. */
  now: number;
}

/** Each coupon: code, value in words, minimum, window, state, usage and, for managers, actions. */
export function CouponList({ coupons, actions, showScope, now }: CouponListProps) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={text.list}>
      {coupons.map((coupon) => {
        const state = couponState(coupon, now);
        return (
          <Paper component="li" key={coupon.id} withBorder radius="lg" p="md">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Text fw={800} ff="monospace" size="lg">
                    {coupon.code}
                  </Text>
                  <Badge color={STATE_COLOR[state]} variant="light" tt="none" data-state={state}>
                    {text.states[state]}
                  </Badge>
                </Group>
                <Text fw={700}>{couponValueWords(coupon)}</Text>
              </Group>
              <Text size="sm">{minOrderWords(coupon.min_order)}</Text>
              <Text size="sm" c="dimmed">
                {windowWords(coupon)}
              </Text>
              {showScope ? (
                <Text size="sm" c="dimmed">
                  {coupon.restaurant_name ?? text.wholePlatform}
                </Text>
              ) : null}
              {coupon.food_ids ? (
                <Text size="sm" c="dimmed">
                  {text.someDishes(coupon.food_ids.length)}
                </Text>
              ) : null}
              <Group gap="md">
                <Text size="sm">{usageWords(coupon)}</Text>
                <Text size="sm">{text.customers(coupon.customers)}</Text>
                <Text size="sm">{text.discountGiven(formatVnd(coupon.discount_given))}</Text>
                {coupon.per_customer_limit !== null ? (
                  <Text size="sm" c="dimmed">
                    {text.perCustomer(coupon.per_customer_limit)}
                  </Text>
                ) : null}
              </Group>
              {actions ? (
                <Group gap="xs" role="group" aria-label={text.actions(coupon.code)}>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => actions.onEdit(coupon)}
                    disabled={actions.busyId === coupon.id}
                  >
                    {text.edit}
                  </Button>
                  {state === 'expired' ? null : (
                    <>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => actions.onPause(coupon, !coupon.paused)}
                        loading={actions.busyId === coupon.id}
                      >
                        {coupon.paused ? text.resume : text.pause}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => actions.onExpire(coupon)}
                        disabled={actions.busyId === coupon.id}
                      >
                        {text.expire}
                      </Button>
                    </>
                  )}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
