import '@mantine/core/styles/Pagination.layer.css';
import { Center, Pagination, Paper, Text } from '@mantine/core';
import type { StaffReviewPage } from '#src/api/staff-reviews';
import { ReviewItem } from '#src/components/review-item';
import { vi } from '#src/i18n/vi';
import { pageCount } from '#src/lib/list-address';
import classes from './staff-reviews.module.css';

const text = vi.staffReviews;

interface ReviewListProps {
  data: StaffReviewPage;
  /** The page asked for (the reply of the previous one may still be shown meanwhile). */
  page: number;
  q: string;
  stale: boolean;
  onPage: (page: number) => void;
}

/** Spec 2.18: each review with customer_name, stars, food_name, comment and date, 10 a page. */
export function ReviewList({ data, page, q, stale, onPage }: ReviewListProps) {
  const pages = pageCount(data.pagination);
  return (
    <>
      {data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {q ? text.noMatch(q) : text.empty}
        </Text>
      ) : (
        <Paper withBorder radius="lg" px="md" py="xs" aria-busy={stale}>
          <ul className={stale ? `${classes.list} ${classes.stale}` : classes.list}>
            {data.items.map((review) => (
              <ReviewItem
                key={review.id}
                author={review.customer_name ?? text.anonymous}
                review={review}
                showDish
              />
            ))}
          </ul>
        </Paper>
      )}
      {pages > 1 || page > 1 ? (
        <Center component="nav" aria-label={text.pages}>
          <Pagination
            total={Math.max(pages, page)}
            value={page}
            onChange={onPage}
            size="lg"
            getItemProps={(item) => ({
              'aria-label': text.page(item),
              'aria-current': item === page ? 'page' : undefined,
            })}
            getControlProps={(control) => ({ 'aria-label': text.controls[control] })}
          />
        </Center>
      ) : null}
    </>
  );
}
