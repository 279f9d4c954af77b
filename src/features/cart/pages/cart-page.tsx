import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { Alert, Anchor, Badge, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { generatePath, Link } from 'react-router-dom';
import { IconCart } from '#src/components/icons';
import { ScreenLoading } from '#src/components/screen-states';
import { useSignOut } from '#src/components/use-sign-out';
import { WalletBalance } from '#src/components/wallet-balance';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { useCart, type CartView } from '#src/lib/cart/use-cart';
import { useCartActions } from '#src/lib/cart/use-cart-actions';
import { CartLine } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';
import classes from '../components/cart.module.css';
import { ClearCartButton } from '../components/clear-cart-button';
import { ReorderNotices } from '../components/reorder-notices';

const text = vi.cart;

function EmptyCart() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text c="dimmed" aria-hidden="true">
        <IconCart size={56} />
      </Text>
      <Title order={2} size="h3">
        {text.empty}
      </Title>
      <Text c="dimmed" size="sm" maw={420}>
        {text.emptyHint}
      </Text>
      <Button component={Link} to={paths.home}>
        {text.browse}
      </Button>
    </Stack>
  );
}

function CartRestaurant({ cart }: { cart: CartView }) {
  const name = cart.restaurant_name ?? cart.items[0]?.restaurant_name ?? '';
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed">
        {text.restaurant}
      </Text>
      <Title order={2} size="h4" className={classes.restaurant}>
        {cart.restaurant_id === null ? (
          name
        ) : (
          <Anchor
            component={Link}
            to={generatePath(paths.restaurant, { id: String(cart.restaurant_id) })}
            inherit
          >
            {name}
          </Anchor>
        )}
      </Title>
      {/* Spec 2.11: the balance next to the order it may pay for, before going to checkout. */}
      <Divider my="sm" />
      <WalletBalance />
    </Paper>
  );
}

/** Spec 2.11 says this one sentence when the cart cannot be read. */
function CartLoadFailed() {
  const signOut = useSignOut();
  return (
    <Alert color="red">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text.loadFailed}</Text>
        <Button size="xs" variant="light" onClick={signOut}>
          {text.signInAgain}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * /cart (spec 2.11): the cart's restaurant and the one-restaurant rule, its lines with their
 * quantities, clearing with a confirmation, the sticky total and the way to /checkout. It reads
 * the persisted cart, so it also works offline; changes made then wait in the outbox, and the
 * screen counts them.
 */
export function CartPage() {
  const { cart, isLoading, isError, pendingCount } = useCart();
  const actions = useCartActions();
  const empty = cart.items.length === 0;
  const failed = isError && empty;

  let body;
  if (isLoading) body = <ScreenLoading label={text.loading} />;
  else if (failed) body = <CartLoadFailed />;
  else if (empty) body = <EmptyCart />;
  else {
    body = (
      <>
        <CartRestaurant cart={cart} />
        <ul className={classes.lines} aria-label={text.lines}>
          {cart.items.map((line) => (
            <CartLine
              key={line.key}
              line={line}
              onQuantity={(key, quantity) => void actions.setQuantity(key, quantity)}
              onRemove={(key) => void actions.remove(key)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Stack gap="md" maw={800} mx="auto" className={classes.page}>
      <div className={classes.heading}>
        <div className={classes.head}>
          <Title order={1} size="h2">
            {text.title}
          </Title>
          <ClearCartButton disabled={empty || isLoading} onClear={() => void actions.clear()} />
        </div>
        <Text size="sm" c="dimmed">
          {text.oneRestaurant}
        </Text>
        {/* Mounted at all times, so a new count of waiting changes is announced. */}
        <div role="status">
          {pendingCount > 0 ? (
            <Badge color="yellow" variant="light" radius="sm" tt="none" mt={4}>
              {text.pendingChanges(pendingCount)}
            </Badge>
          ) : null}
        </div>
      </div>
      <ReorderNotices />
      {body}
      {isLoading || failed ? null : (
        <CartSummary subtotal={cart.subtotal} itemCount={cart.item_count} empty={empty} />
      )}
    </Stack>
  );
}
