import { ActionIcon } from '@mantine/core';
import { useSnapshot } from 'valtio';
import type { FavoriteKind } from '#contract/favorites';
import { useFavorites } from '../api/favorites';
import { vi } from '../i18n/first-screen';
import { cartOwnerId } from '../lib/cart/cart-session';
import { session } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import type { FavoriteEntry } from '../lib/favorites/favorites-outbox';
import { IconHeart } from './icons';
import classes from './favorite-button.module.css';

const text = vi.favorites;

export interface FavoriteButtonProps {
  kind: FavoriteKind;
  id: number;
  /** The whole item, when the screen has it: a save then shows in the collection at once. */
  entry?: FavoriteEntry;
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * The heart: saves the dish or restaurant to the customer's collection, or takes it out. The
 * label names the action and stays; `aria-pressed` says whether the item is saved. Staff and
 * signed-out users have no collection, so they get no heart.
 */
export function FavoriteButton({ kind, id, entry, size = 'lg', className }: FavoriteButtonProps) {
  const { user } = useSnapshot(session);
  const { isSaved, toggle } = useFavorites();
  // The server draws the home and dish pages without the collection (it lives in the browser's
  // cache): the hydrating render draws the heart as the server did, the next one its state.
  const hydrated = useHydrated();
  if (cartOwnerId(user) === null) return null;
  const saved = hydrated && isSaved(kind, id);
  return (
    <ActionIcon
      variant={saved ? 'filled' : 'default'}
      color={saved ? 'red' : undefined}
      radius="xl"
      size={size}
      className={[classes.heart, className].filter(Boolean).join(' ')}
      aria-label={kind === 'foods' ? text.saveFood : text.saveRestaurant}
      aria-pressed={saved}
      data-saved={saved || undefined}
      onClick={(event) => {
        // On a card the heart sits above the link that covers it.
        event.preventDefault();
        event.stopPropagation();
        toggle(kind, id, entry);
      }}
    >
      <IconHeart size={size === 'lg' ? 20 : 18} />
    </ActionIcon>
  );
}
