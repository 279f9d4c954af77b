import '@mantine/core/styles/Alert.layer.css';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { isHTTPError } from 'ky';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { generatePath, Link, useNavigate, useParams } from 'react-router-dom';
import type { Order } from '#contract/orders';
import { orderQueries } from '#src/api/orders';
import type { OrderKind } from '#src/api/orders';
import { BackButton } from '#src/components/back-button';
import { OrderStatusBadge } from '#src/components/order-status-badge';
import { PayOrderButton } from '#src/components/payment/pay-order-button';
import { ScreenLoading, ScreenStale } from '#src/components/screen-states';
import { WalletBalanceAmount } from '#src/components/wallet-balance';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { formatDateTime } from '#src/lib/format-date';
import { subscribeLive } from '#src/lib/live/live';
import { stopRinging } from '#src/lib/live/ringing-orders';
import { parseRouteId } from '#src/lib/route-id';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import { CancelOrderButton } from '../components/cancel-order-button';
import { OrderItems } from '../components/order-items';
import { OrderProgress } from '../components/order-progress';
import { OrderReviews } from '../components/order-reviews';
import { ReorderButton } from '../components/reorder-button';
import classes from '../components/orders.module.css';
import { StaffOrderActions } from '../components/staff-order-actions';
import { useOrderKind } from '../use-order-kind';
import { isReorderable } from '../api/reorder';

const text = vi.orders;

/**
 * Spec section 8: an order that cannot be loaded says so and goes back to /orders. Once per
 * visit: StrictMode's second effect run must not toast twice.
 */
function BackToOrders() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.error(text.detailFailed);
    void navigate(paths.orders, { replace: true });
  }, [navigate]);
  return null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title id={titleId} order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A pending order is paid from here (the flow of spec section 4 lives in PayOrderButton); the
 * server lets the customer cancel until the restaurant accepts, so paid ones too. A finished
 * one (delivered or cancelled) can be ordered again.
 */
function CustomerActions({ order, kind }: { order: Order; kind: OrderKind }) {
  if (kind !== 'customer') return null;
  if (isReorderable(order.status)) return <ReorderButton orderId={order.id} />;
  const payable = order.status === 'pending';
  const cancellable = payable || order.status === 'paid';
  if (!cancellable) return null;
  return (
    <Stack gap="sm">
      {payable ? <PayOrderButton orderId={order.id} amount={order.total_amount} /> : null}
      <CancelOrderButton orderId={order.id} />
    </Stack>
  );
}

function OrderView({ order, kind }: { order: Order; kind: OrderKind }) {
  const note = order.delivery_note.trim();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {text.detailTitle(order.id)}
        </Title>
        <Group gap="sm">
          <OrderStatusBadge status={order.status} />
          {/* The kitchen's paper copy, whatever the order's state. */}
          {kind === 'staff' ? (
            <Button
              component={Link}
              to={generatePath(paths.staffOrderTicket, { id: String(order.id) })}
              variant="default"
              size="md"
            >
              {text.printTicket}
            </Button>
          ) : null}
        </Group>
      </Group>

      {order.status === 'cancelled' ? (
        <Alert color="red" title={text.cancelledBanner}>
          {order.cancel_reason ? text.cancelReason(order.cancel_reason) : null}
        </Alert>
      ) : (
        <Section title={text.progress}>
          <OrderProgress status={order.status} />
        </Section>
      )}

      <Section title={text.info}>
        <dl className={classes.details}>
          <dt>{text.restaurant}</dt>
          <dd>{order.restaurant_name}</dd>
          {kind === 'staff' ? (
            <>
              <dt>{text.customer}</dt>
              <dd>{order.customer_name}</dd>
            </>
          ) : null}
          <dt>{text.orderedAt}</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
          <dt>{text.statusLabel}</dt>
          <dd>{text.status[order.status]}</dd>
          <dt>{text.subtotal}</dt>
          <dd>{formatVnd(order.subtotal)}</dd>
          {order.discount > 0 ? (
            <>
              <dt>{text.discount}</dt>
              <dd>{text.discountAmount(formatVnd(order.discount))}</dd>
            </>
          ) : null}
          {order.coupon_code ? (
            <>
              <dt>{text.couponCode}</dt>
              <dd>{order.coupon_code}</dd>
            </>
          ) : null}
          <dt>{text.shippingFee}</dt>
          <dd>{text.freeShip}</dd>
          <dt className={classes.strong}>{text.total}</dt>
          <dd className={classes.strong}>{formatVnd(order.total_amount)}</dd>
          {/* Spec 2.14: the customer sees whether the wallet covers what is left to pay. */}
          {kind === 'customer' ? (
            <>
              <dt>{vi.wallet.balance}</dt>
              <dd>
                <WalletBalanceAmount />
              </dd>
            </>
          ) : null}
        </dl>
      </Section>

      <Section title={text.delivery}>
        <dl className={classes.details}>
          <dt>{text.address}</dt>
          <dd>{order.delivery_address}</dd>
          <dt>{text.phone}</dt>
          <dd>{order.delivery_phone}</dd>
          <dt>{text.note}</dt>
          <dd>{note || text.noNote}</dd>
        </dl>
      </Section>

      <Section title={text.items}>
        <OrderItems items={order.items} />
      </Section>

      {kind === 'customer' && order.status === 'completed' ? (
        <Section title={text.reviews}>
          <OrderReviews orderId={order.id} items={order.items} />
        </Section>
      ) : null}

      <CustomerActions order={order} kind={kind} />

      {/* Nothing is left to do on a finished order, so its staff buttons are not shown. */}
      {kind === 'staff' && order.status !== 'completed' && order.status !== 'cancelled' ? (
        <Section title={text.staffActions}>
          <StaffOrderActions orderId={order.id} status={order.status} />
        </Section>
      ) : null}
    </Stack>
  );
}

/**
 * The customer hears of each change the restaurant makes while the order is open (the
 * progress moves by itself, app/live-sync.ts); their own pay or cancel has its own toast.
 * A staff member opening a new order stops the tablet ringing for it.
 */
function useLiveOrderNews(id: number, kind: OrderKind) {
  const acting = useIsMutating() > 0;
  const actingNow = useRef(acting);
  useEffect(() => {
    actingNow.current = acting;
  }, [acting]);
  useEffect(() => {
    if (kind === 'staff') {
      stopRinging(id);
      return;
    }
    return subscribeLive((event) => {
      if (event.type !== 'order.updated' || event.data.order_id !== id) return;
      const { status } = event.data;
      if (actingNow.current && (status === 'paid' || status === 'cancelled')) return;
      toast.info(vi.live.orderToastTitle(id, text.status[status]), vi.live.orderToast[status]);
    });
  }, [id, kind, actingNow]);
}

function OrderDetail({ id, kind }: { id: number; kind: OrderKind }) {
  const order = useQuery(orderQueries.detail(kind, id));
  const online = useOnline();
  useLiveOrderNews(id, kind);
  // A copy kept from an earlier visit still shows offline; a 404 means it is gone for good.
  const gone = isHTTPError(order.error) && order.error.response.status === 404;
  if (order.isError && (!order.data || gone)) return <BackToOrders />;
  if (!order.data) return <ScreenLoading label={text.detailLoading} />;
  return (
    <Stack gap="md">
      {/* With the network up, a failed refresh is no longer the offline copy's quiet case. */}
      {order.isRefetchError && online ? (
        <ScreenStale
          message={text.detailStale}
          retryLabel={text.retry}
          retrying={order.isFetching}
          onRetry={() => void order.refetch()}
        />
      ) : null}
      <OrderView order={order.data} kind={kind} />
    </Stack>
  );
}

/** /orders/{id} (spec 2.14): info, progress, items, the role's actions and dish reviews. */
export function OrderPage() {
  const id = parseRouteId(useParams().id);
  const kind = useOrderKind();
  return (
    <Stack gap="sm" maw={800} mx="auto">
      <BackButton label={text.back} />
      {id === null ? <BackToOrders /> : <OrderDetail key={`${kind}:${id}`} id={id} kind={kind} />}
    </Stack>
  );
}
