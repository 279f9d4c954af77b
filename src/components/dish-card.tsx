import '@mantine/core/styles/Badge.layer.css';
import { Badge, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Dish } from '#contract/catalogue';
import { vi } from '../i18n/first-screen';
import { formatDistance, formatVnd } from '../lib/format';
import classes from './dish-card.module.css';
import { IconBowl } from './icons';

const text = vi.dishCard;

/** The pictures the server makes are 480x360; the attributes let the browser reserve the box. */
const IMAGE_WIDTH = 480;
const IMAGE_HEIGHT = 360;

/**
 * What the card shows of a dish (spec 2.6). A Dish of GET /api/food/ fits as it is; a menu that
 * has no distance or restaurant for its dishes simply leaves those lines out.
 */
export type DishCardDish = Pick<
  Dish,
  'id' | 'name' | 'price' | 'image_url' | 'available' | 'categories'
> & {
  distance_km?: number | null;
  restaurant?: { name: string } | null;
};

export interface DishCardProps {
  dish: DishCardDish;
  /** Where the card leads, e.g. `/food/12`: the name becomes a link that covers the card. */
  to?: string;
  /** Called when the card is opened; without `to` the name becomes a button that covers the card. */
  onOpen?: () => void;
  /**
   * The add-to-cart button (components/cart/). Spec 2.6 shows it only when the dish is
   * available, so the card drops it for an unavailable dish; pass nothing to have no button at all.
   */
  action?: ReactNode;
  /**
   * The heart that saves the dish to the customer's collection (favorite-button.tsx), over the
   * picture's corner. Shown whether or not the dish is available: a sold-out favourite stays one.
   */
  favorite?: ReactNode;
  /**
   * Why the dish cannot be ordered now although it is on sale: its restaurant is closed until a
   * known time ('Đang đóng cửa, mở lại lúc HH:mm'). The card says it above its button.
   */
  notice?: string | null;
  /** Level of the dish name's heading, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /**
   * Load the picture at once, with high priority: for the first cards above the fold, where lazy
   * loading would delay the largest paint. Every other card loads its picture lazily.
   */
  priority?: boolean;
}

function DishImage({ src, priority }: { src: string | null; priority: boolean }) {
  // A picture that fails to load falls back to the placeholder; a new src tries again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div className={classes.placeholder} data-placeholder="">
        <IconBowl size={48} />
      </div>
    );
  }
  return (
    <img
      className={classes.image}
      src={src}
      // The dish name follows as text; repeating it here would be read twice.
      alt=""
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      // A priority picture is drawn in the same frame as the text around it, not a frame or
      // more later: it is the page's largest paint, and a small one to decode.
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailedSrc(src)}
    />
  );
}

/**
 * A dish in a grid (spec 2.6): picture (or a placeholder), first category, 'Hết hàng' over an
 * unavailable dish, name, restaurant, distance and price, and when its restaurant is closed, until
 * when. The whole card is one link or button.
 */
export function DishCard({
  dish,
  to,
  onOpen,
  action,
  favorite,
  notice = null,
  headingLevel = 3,
  priority = false,
}: DishCardProps) {
  const category = dish.categories[0];
  const clickable = to !== undefined || onOpen !== undefined;
  const Heading = `h${headingLevel}` as const;

  let name: ReactNode = dish.name;
  if (to !== undefined) {
    name = (
      <Link to={to} onClick={onOpen} className={classes.open}>
        {dish.name}
      </Link>
    );
  } else if (onOpen) {
    name = (
      <button type="button" onClick={onOpen} className={classes.open}>
        {dish.name}
      </button>
    );
  }

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      className={classes.card}
      data-clickable={clickable || undefined}
      data-available={dish.available}
    >
      <div className={classes.media}>
        <DishImage src={dish.image_url} priority={priority} />
        {category ? (
          <Badge className={classes.category} size="sm" variant="white" color="dark">
            {category}
          </Badge>
        ) : null}
        {dish.available ? null : <div className={classes.soldOut}>{text.soldOut}</div>}
        {favorite ? <div className={classes.favorite}>{favorite}</div> : null}
      </div>
      <div className={classes.body}>
        <Heading className={classes.name}>{name}</Heading>
        {dish.restaurant ? (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {dish.restaurant.name}
          </Text>
        ) : null}
        <div className={classes.meta}>
          <Text span className={classes.price}>
            <VisuallyHidden>{text.price}: </VisuallyHidden>
            {formatVnd(dish.price)}
          </Text>
          {dish.distance_km != null ? (
            <Text span size="xs" c="dimmed">
              <VisuallyHidden>{text.distance}: </VisuallyHidden>
              {formatDistance(dish.distance_km)}
            </Text>
          ) : null}
        </div>
        {notice && dish.available ? (
          <Text size="xs" fw={600} className={classes.closed}>
            {notice}
          </Text>
        ) : null}
        {action && dish.available ? <div className={classes.action}>{action}</div> : null}
      </div>
    </Paper>
  );
}
