import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { generatePath, Link } from 'react-router-dom';
import type { Food } from '#contract/catalogue';
import { CoverImage } from '#src/components/cover-image';
import { RestaurantContact } from '#src/components/restaurant-contact';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import classes from './food.module.css';

const text = vi.food;

/**
 * Spec 2.9's restaurant card: the name leads to /restaurant/{id}; address (maps search),
 * opening hours, phone and email follow.
 */
export function FoodRestaurantCard({ restaurant }: { restaurant: Food['restaurant'] }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Stack gap="md">
        <div className={classes.restaurantHead}>
          <CoverImage
            src={restaurant.image_url}
            alt=""
            ratio={1}
            width={56}
            height={56}
            className={classes.restaurantThumb}
          />
          <div className={classes.restaurantName}>
            <Text id={titleId} size="xs" c="dimmed">
              {text.restaurant}
            </Text>
            <Title order={2} size="h4">
              <Anchor
                component={Link}
                to={generatePath(paths.restaurant, { id: String(restaurant.id) })}
                inherit
              >
                {restaurant.name}
              </Anchor>
            </Title>
          </div>
          {restaurant.is_active ? null : (
            <Badge color="gray" variant="light" radius="sm" tt="none">
              {vi.catalogue.paused}
            </Badge>
          )}
        </div>
        <RestaurantContact
          address={restaurant.address}
          openingHours={restaurant.opening_hours}
          isOpenNow={restaurant.is_open_now}
          phone={restaurant.phone}
          email={restaurant.email}
        />
      </Stack>
    </Paper>
  );
}
