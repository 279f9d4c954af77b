import '@mantine/core/styles/Alert.layer.css';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { generatePath, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { CART_QUERY_KEY } from '#src/api/cart';
import { customerProfileQuery } from '#src/api/profile';
import { BackButton } from '#src/components/back-button';
import { InsufficientBalanceDialog } from '#src/components/payment/insufficient-balance-dialog';
import { usePayOrder } from '#src/components/payment/use-pay-order';
import { ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { useCart, type CartView } from '#src/lib/cart/use-cart';
import { getErrorMessage, getErrorReply } from '#src/lib/http';
import { locationStore } from '#src/lib/location';
import { isStaffLevel, session } from '#src/lib/session';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';
import { useApplyCoupon } from '../api/apply-coupon';
import { useCreateOrder } from '../api/create-order';
import classes from '../components/checkout.module.css';
import { CouponBox } from '../components/coupon-box';
import { DeliveryForm, type DeliveryDetails } from '../components/delivery-form';
import { OrderSummary } from '../components/order-summary';
import { checkoutProblem, discountOf, totalOf } from '../pricing';

const text = vi.checkout;

interface AppliedCoupon {
  code: string;
  discount: number;
  /** The cart the preview was made for: another cart needs another preview. */
  subtotal: number;
  restaurantId: number;
}

/** Fields the customer has not touched are null and show the profile's (or the location's). */
type DeliveryDraft = { [field in keyof DeliveryDetails]: string | null };

function useDeliveryDefaults(): Pick<DeliveryDetails, 'address' | 'phone'> {
  const { user } = useSnapshot(session);
  const { current } = useSnapshot(locationStore);
  // Staff-level accounts have no customer profile (and no cart to check out).
  const profile = useQuery({ ...customerProfileQuery, enabled: !isStaffLevel(user?.role) });
  return {
    address: profile.data?.address ?? current?.address ?? '',
    phone: profile.data?.phone ?? '',
  };
}

const orderPath = (id: number) => generatePath(paths.order, { id: String(id) });

function CheckoutForm({ cart, pendingCount }: { cart: CartView; pendingCount: number }) {
  const online = useOnline();
  const navigate = useNavigate();
  const noteId = useId();
  const defaults = useDeliveryDefaults();
  const [draft, setDraft] = useState<DeliveryDraft>({ address: null, phone: null, note: null });
  const delivery: DeliveryDetails = {
    address: draft.address ?? defaults.address,
    phone: draft.phone ?? defaults.phone,
    note: draft.note ?? '',
  };

  const [couponCode, setCouponCode] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const applyCoupon = useApplyCoupon();
  const createOrder = useCreateOrder();
  const payment = usePayOrder();
  const busy = createOrder.isPending || payment.isPending;

  // A cart that changed since the preview (a sync, another tab) drops the coupon rather than
  // show a discount the server would not give; the code stays in the field to apply again.
  const coupon =
    applied?.subtotal === cart.subtotal && applied.restaurantId === cart.restaurant_id
      ? applied
      : null;
  const discount = coupon?.discount ?? 0;
  const total = totalOf(cart.subtotal, discount);

  const apply = (code: string) => {
    setCouponError(null);
    const restaurantId = cart.restaurant_id;
    if (restaurantId === null || cart.items.length === 0) {
      setApplied(null);
      toast.error(text.cartEmpty);
      return;
    }
    const subtotal = cart.subtotal;
    applyCoupon.mutate(
      {
        code,
        order_amount: subtotal,
        restaurant_id: restaurantId,
        food_ids: [...new Set(cart.items.map((line) => line.food_id))],
      },
      {
        onSuccess: (result) => {
          setApplied({
            code: result.code ?? code,
            discount: discountOf(result, subtotal),
            subtotal,
            restaurantId,
          });
          toast.success(text.couponApplied);
        },
        onError: (error) => {
          setApplied(null);
          setCouponError(getErrorReply(error)?.message?.trim() || text.couponInvalid);
        },
      },
    );
  };

  const cancelCoupon = () => {
    setApplied(null);
    setCouponCode('');
    setCouponError(null);
  };

  const placeOrder = () => {
    const problem = checkoutProblem({
      lineCount: cart.items.length,
      address: delivery.address,
      phone: delivery.phone,
    });
    if (problem) {
      toast.error(problem);
      return;
    }
    const note = delivery.note.trim();
    // Where the order goes, so the server can refuse it outside the restaurant's delivery area
    // ('Ngoài khu vực giao hàng', a 409 whose message the toast shows).
    const point = locationStore.current;
    createOrder.mutate(
      {
        delivery_address: delivery.address.trim(),
        delivery_phone: delivery.phone.trim(),
        ...(note ? { delivery_note: note } : {}),
        ...(coupon ? { coupon_code: coupon.code } : {}),
        ...(point ? { lat: point.lat, lon: point.lon } : {}),
      },
      {
        onSuccess: ({ id, message }) => {
          if (id === null) {
            toast.error(text.createFailed);
            return;
          }
          toast.success(message);
          // Spec 2.12's pay button: the new order is paid at once. Whatever happens (paid,
          // popup open, blocked, refused) the customer lands on the order, where it can be
          // paid again; only the 'Số dư không đủ' dialog waits for an answer first.
          void payment.pay(id).then((outcome) => {
            if (outcome !== 'insufficient') void navigate(orderPath(id));
          });
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  };

  const waitingForSync = pendingCount > 0;
  let payNote: string | null = null;
  if (!online) payNote = text.needsNetwork;
  else if (waitingForSync) payNote = vi.cart.pendingSync;

  return (
    <div className={classes.layout}>
      <Stack gap="md">
        <DeliveryForm
          value={delivery}
          onChange={(change) => setDraft((previous) => ({ ...previous, ...change }))}
          disabled={busy}
        />
        <CouponBox
          code={couponCode}
          onCodeChange={(code) => {
            setCouponCode(code);
            setCouponError(null);
          }}
          applied={coupon}
          applying={applyCoupon.isPending}
          error={couponError}
          offline={!online}
          onApply={apply}
          onCancel={cancelCoupon}
        />
      </Stack>
      <OrderSummary cart={cart} discount={discount} total={total}>
        <Button
          size="md"
          fullWidth
          onClick={placeOrder}
          loading={busy}
          disabled={!online || waitingForSync}
          aria-describedby={payNote ? noteId : undefined}
        >
          {text.placeOrder}
        </Button>
        {payNote ? (
          <Text id={noteId} size="sm" ta="center" className={classes.hint}>
            {payNote}
          </Text>
        ) : null}
      </OrderSummary>
      <InsufficientBalanceDialog
        shortfall={payment.shortfall}
        onLater={() => {
          const orderId = payment.shortfall?.orderId;
          payment.closeShortfall();
          if (orderId !== undefined) void navigate(orderPath(orderId));
        }}
        onDeposit={() => {
          payment.closeShortfall();
          void navigate(paths.deposit);
        }}
      />
    </div>
  );
}

/**
 * /checkout (spec 2.12). The pay button creates the order and pays it at once (the wallet, then
 * VNPay for the rest); both need the network.
 */
export function CheckoutPage() {
  const { cart, isLoading, isError, pendingCount } = useCart();
  const queryClient = useQueryClient();

  const failed = isError ? (
    <Alert color="red" title={text.loadFailed}>
      <Button
        size="xs"
        variant="light"
        onClick={() => void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY })}
      >
        {text.retry}
      </Button>
    </Alert>
  ) : null;
  let body = null;
  // A cart kept from an earlier visit (offline) still shows under the failure, to read.
  if (isLoading) body = <ScreenLoading label={text.loading} />;
  else if (!isError || cart.items.length > 0) {
    body = <CheckoutForm cart={cart} pendingCount={pendingCount} />;
  }

  return (
    <Stack gap="md" maw={1040} mx="auto">
      <BackButton label={text.back} />
      <Title order={1} size="h2">
        {text.title}
      </Title>
      {failed}
      {body}
    </Stack>
  );
}
