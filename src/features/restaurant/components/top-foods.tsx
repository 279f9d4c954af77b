import { Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { generatePath, Link } from 'react-router-dom';
import type { Restaurant } from '#contract/catalogue';
import { CoverImage } from '#src/components/cover-image';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import classes from './restaurant.module.css';

const text = vi.restaurant;

/** Spec 2.10: the best sellers with their price and 'Đã bán {n}', each to /food/{id}. */
export function TopFoods({ foods }: { foods: Restaurant['top_foods'] }) {
  const titleId = useId();
  if (foods.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p="md">
      <Title id={titleId} order={2} size="h4" mb="xs">
        {text.topFoods}
      </Title>
      <ol className={classes.topFoods}>
        {foods.map((food) => (
          <li key={food.id} className={classes.topFood}>
            <CoverImage
              src={food.image_url}
              alt=""
              ratio={1}
              width={64}
              height={64}
              className={classes.topFoodImage}
            />
            <div className={classes.topFoodText}>
              <Link
                to={generatePath(paths.food, { id: String(food.id) })}
                className={classes.stretched}
              >
                {food.name}
              </Link>
              <Text span size="sm" className={classes.price}>
                {formatVnd(food.price)}
              </Text>
              <Text span size="xs" c="dimmed">
                {text.sold(food.total_sold)}
              </Text>
            </div>
          </li>
        ))}
      </ol>
    </Paper>
  );
}
