import { Button, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { vi } from '#src/i18n/first-screen';
import { locationStore } from '#src/lib/location';
import { session } from '#src/lib/session';
import { useTimedToastShowing } from '#src/lib/toast';
import { hasOwnName } from '#src/components/user-identity';
import { AddressCard } from '../components/address-card';
import { CategoryChips } from '../components/category-chips';
import { DishGrid } from '../components/dish-grid';
import { HomeSearchBar } from '../components/home-search-bar';
import { NamePrompt } from '../components/name-prompt';

const text = vi.home;

// The dialog (Modal, the geocoder client) is fetched when first opened: a returning customer
// with a stored location does not need it to see the grid.
const AddressDialog = lazy(async () => ({
  default: (await import('../components/address-dialog')).AddressDialog,
}));

/** Spec 2.6: the customer home. */
function CustomerHome() {
  const { current } = useSnapshot(locationStore);
  const { user } = useSnapshot(session);
  // Spec 2.6: without a location the dishes cannot load, so the dialog opens by itself.
  const [dialogOpen, setDialogOpen] = useState(() => current === null);
  const [dialogUsed, setDialogUsed] = useState(dialogOpen);
  // Toasts sit at the top centre over any dialog (docs/decisions/003), and this one would open a
  // second after the sign-in, under 'Đăng nhập thành công!' for three more: opening by itself,
  // it waits until the toasts are gone. Opened by the user, it opens at once.
  const [autoOpening, setAutoOpening] = useState(dialogOpen);
  const toastShowing = useTimedToastShowing();
  const held = autoOpening && toastShowing;
  // Once shown it stays: a later toast does not take it away again.
  if (autoOpening && !toastShowing) setAutoOpening(false);
  const openDialog = () => {
    setAutoOpening(false);
    setDialogUsed(true);
    setDialogOpen(true);
  };

  return (
    <Stack gap="md" maw={1280} mx="auto">
      <VisuallyHidden component="h1">{text.title}</VisuallyHidden>
      <HomeSearchBar onAddress={openDialog} />
      {hasOwnName(user?.name) ? null : <NamePrompt />}
      <AddressCard location={current} onUpdate={openDialog} />
      <CategoryChips />
      <section aria-labelledby="home-dishes">
        <Title order={2} size="h4" mb="sm" id="home-dishes">
          {text.dishes}
        </Title>
        {current ? (
          // Keyed by place: a new location is a new list from page 1.
          <DishGrid key={`${current.lat},${current.lon}`} location={current} />
        ) : (
          <Stack align="center" gap="sm" py="xl">
            <Text c="dimmed" ta="center">
              {text.needLocation}
            </Text>
            <Button onClick={openDialog}>{text.setAddress}</Button>
          </Stack>
        )}
      </section>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <AddressDialog opened={dialogOpen && !held} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/**
 * `/` for customers (spec 2.1). Staff-level users get the staff dashboard there instead, chosen
 * before this screen's chunk is asked for (src/app/home.tsx), so they never download it.
 */
export function HomePage() {
  return <CustomerHome />;
}
