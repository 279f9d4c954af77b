import '@mantine/core/styles/Tabs.layer.css';
import { Button, Stack, Tabs, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useFavorites } from '#src/api/favorites';
import { ScreenEmpty, ScreenError, ScreenLoading } from '#src/components/screen-states';
import { IconBowl, IconHeart } from '#src/components/icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { FavoriteFoods } from '../components/favorite-foods';
import { FavoriteRestaurants } from '../components/favorite-restaurants';

const text = vi.collections;

type Tab = 'foods' | 'restaurants';

/** `?tab=restaurants` opens the second tab; anything else is the first, which has no parameter. */
function readTab(value: string | null): Tab {
  return value === 'restaurants' ? 'restaurants' : 'foods';
}

/**
 * /collections: the customer's saved dishes and restaurants in two tabs, the same cards as the
 * home and the search. The tab is in the URL, so back and reload keep it. The collection is the
 * persisted query the hearts read, so the screen shows offline what it showed last.
 */
export function CollectionsPage() {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const { favorites, isPending, error, refetch } = useFavorites({ fresh: true });

  const choose = (value: string | null) => {
    const next = readTab(value);
    if (next === tab) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'restaurants') updated.set('tab', next);
        else updated.delete('tab');
        return updated;
      },
      // Each tab is a step back can return to.
      { replace: false },
    );
  };

  let foods;
  let restaurants;
  if (isPending) {
    foods = restaurants = <ScreenLoading label={text.loading} />;
  } else if (error && favorites.foods.length === 0 && favorites.restaurants.length === 0) {
    foods = restaurants = (
      <ScreenError
        title={text.loadFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={refetch}
      />
    );
  } else {
    foods =
      favorites.foods.length === 0 ? (
        <ScreenEmpty
          icon={<IconHeart size={48} />}
          title={text.foodsEmpty}
          hint={text.foodsEmptyHint}
        >
          <Button component={Link} to={paths.home}>
            {text.browseFoods}
          </Button>
        </ScreenEmpty>
      ) : (
        <FavoriteFoods foods={favorites.foods} />
      );
    restaurants =
      favorites.restaurants.length === 0 ? (
        <ScreenEmpty
          icon={<IconBowl size={48} />}
          title={text.restaurantsEmpty}
          hint={text.restaurantsEmptyHint}
        >
          <Button component={Link} to={paths.search}>
            {text.browseRestaurants}
          </Button>
        </ScreenEmpty>
      ) : (
        <FavoriteRestaurants restaurants={favorites.restaurants} />
      );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={text.tabs}>
          <Tabs.Tab value="foods">{text.foodsTab}</Tabs.Tab>
          <Tabs.Tab value="restaurants">{text.restaurantsTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="foods" pt="md">
          {foods}
        </Tabs.Panel>
        <Tabs.Panel value="restaurants" pt="md">
          {restaurants}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
