import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { dishQueries } from '#src/features/home/api/get-dishes';
import { DishGrid } from '#src/features/home/components/dish-grid';
import { vi } from '#src/i18n/vi';
import { setSession } from '#src/lib/session';
import { createTestQueryClient, renderWithProviders } from '../setup/render';
import { dishes, dishPage, okReply, stubQueryApi } from './home-fake-api';

// The home grid at the app's start with the stored list at hand (the installed app's start):
// the first commit holds the phone's first screen of cards, the rest come in the next one.

const HERE = { lat: 10.7801, lon: 106.7032 };

/** The cards on the page at each commit of the grid. */
function cardsAtEachCommit(container: HTMLElement) {
  const counts: number[] = [];
  const onRender = () => {
    const cards = container.querySelectorAll('article').length;
    if (cards !== counts.at(-1)) counts.push(cards);
  };
  return { counts, onRender };
}

function renderStoredGrid(count: number) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(dishQueries.nearby(HERE).queryKey, {
    pages: [dishPage(dishes(count), 1, 1)],
    pageParams: [1],
  });
  const container = document.createElement('div');
  document.body.append(container);
  const cards = cardsAtEachCommit(container);
  renderWithProviders(
    <MemoryRouter>
      <Profiler id="grid" onRender={cards.onRender}>
        <DishGrid location={HERE} />
      </Profiler>
    </MemoryRouter>,
    { queryClient, container },
  );
  return cards.counts;
}

describe('the home grid drawn from the stored list', () => {
  it('draws four cards first, then the rest', async () => {
    stubQueryApi({ 'GET /api/customer/cart/': () => okReply({ items: [] }) });
    setSession({ user: { id: 7, name: 'Lan', role: 'customer' }, tokens: { access_token: 'a' } });
    const cards = renderStoredGrid(10);
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(cards).toEqual([4, 10]);
    expect(screen.getByText(vi.home.end)).toBeInTheDocument();
  });

  it('draws every card at once on a later visit to the home', async () => {
    stubQueryApi({ 'GET /api/customer/cart/': () => okReply({ items: [] }) });
    setSession({ user: { id: 7, name: 'Lan', role: 'customer' }, tokens: { access_token: 'a' } });
    const cards = renderStoredGrid(10);
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(cards).toEqual([10]);
  });
});
