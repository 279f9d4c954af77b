import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { isNoRestaurantError } from '#src/api/staff-restaurant';
import { staffReviewQueries } from '#src/api/staff-reviews';
import { ListSearch } from '#src/components/list-search';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatWhole } from '#src/lib/format';
import { ReviewList } from '../components/review-list';
import { SEARCH_MAX } from '#src/lib/list-address';
import { readReviewView, reviewViewParams } from '../review-params';

const text = vi.staffReviews;


function NotLinked() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text fw={600}>{text.notLinked}</Text>
      <Button component={Link} to={paths.staffRestaurant} size="md">
        {text.linkRestaurant}
      </Button>
    </Stack>
  );
}

/** /staff/reviews (spec 2.18): the restaurant's reviews, newest first, 10 a page, searchable. */
export function StaffReviewsPage() {
  const [params, setParams] = useSearchParams();
  const view = readReviewView(params);
  const query = useQuery({
    ...staffReviewQueries.page(view),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
  const { data, error, isPending, isPlaceholderData, refetch } = query;

  const search = (q: string) => {
    if (q === view.q) return;
    setParams(reviewViewParams({ page: 1, q }), { replace: true });
  };
  const goTo = (page: number) => {
    setParams(reviewViewParams({ ...view, page }));
    window.scrollTo({ top: 0 });
  };

  let body;
  if (error && isNoRestaurantError(error)) body = <NotLinked />;
  else if (isPending) body = <ScreenLoading label={text.loading} />;
  else if (!data) {
    body = (
      <ScreenError
        title={text.loadFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  } else {
    body = (
      <ReviewList data={data} page={view.page} q={view.q} stale={isPlaceholderData} onPage={goTo} />
    );
  }

  const total = data && !isPlaceholderData ? data.pagination : undefined;

  return (
    <Stack gap="md" maw={800} mx="auto">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        {total ? (
          <Text c="dimmed" role="status">
            {text.count(
              total.total_exact
                ? formatWhole(total.total)
                : text.atLeast(formatWhole(total.total)),
            )}
          </Text>
        ) : null}
      </Group>
      <ListSearch
        label={text.search}
        hideLabel
        placeholder={text.searchPlaceholder}
        value={view.q}
        onSearch={search}
        size="md"
        maxLength={SEARCH_MAX}
        withIcon
        submitLabel={text.searchSubmit}
      />
      {body}
    </Stack>
  );
}
