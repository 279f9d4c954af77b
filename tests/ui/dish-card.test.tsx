import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi as vitest } from 'vitest';
import { DishCard } from '#src/components/dish-card';
import { vi as text } from '#src/i18n/vi';
import { renderWithProviders } from '../setup/render';
import { makeDish } from './home-fake-api';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderCard(ui: React.ReactElement) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the dish card (spec 2.6)', () => {
  it('shows the picture, first category, name, restaurant, distance and price', () => {
    const { container } = renderCard(
      <DishCard
        dish={makeDish({ id: 12, name: 'Bún chả Hà Nội', price: 45_000, distance_km: 0.85 })}
      />,
    );
    const card = screen.getByRole('article');
    expect(
      within(card).getByRole('heading', { level: 3, name: 'Bún chả Hà Nội' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Mì')).toBeInTheDocument();
    // Only the first category is shown.
    expect(within(card).queryByText('Món chính')).not.toBeInTheDocument();
    expect(within(card).getByText('Phở Thìn Lò Đúc')).toBeInTheDocument();
    expect(card).toHaveTextContent('45.000 ₫');
    expect(card).toHaveTextContent('850 m');
    expect(card).not.toHaveTextContent(text.dishCard.soldOut);

    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/dish-12.webp');
    // Lazy, with its size reserved, so the grid never shifts while pictures arrive.
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '360');
  });

  it('shows km with one decimal from 1 km on', () => {
    renderCard(<DishCard dish={makeDish({ distance_km: 2.345 })} />);
    expect(screen.getByRole('article')).toHaveTextContent('2,3 km');
  });

  it('shows a placeholder without a picture, and when the picture fails to load', async () => {
    const { container, unmount } = renderCard(<DishCard dish={makeDish({ image_url: null })} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-placeholder]')).toBeInTheDocument();
    unmount();

    const broken = renderCard(<DishCard dish={makeDish()} />);
    const image = broken.container.querySelector('img');
    expect(image).not.toBeNull();
    fireEvent.error(image as HTMLImageElement);
    expect(broken.container.querySelector('[data-placeholder]')).toBeInTheDocument();
    expect(broken.container.querySelector('img')).toBeNull();
  });

  it("lays 'Hết hàng' over an unavailable dish", () => {
    renderCard(<DishCard dish={makeDish({ available: false })} />);
    expect(
      within(screen.getByRole('article')).getByText(text.dishCard.soldOut),
    ).toBeInTheDocument();
  });

  it('leaves out the badge without categories, and distance and restaurant when not given', () => {
    const dish = makeDish({ categories: [] });
    renderCard(<DishCard dish={{ ...dish, distance_km: undefined, restaurant: undefined }} />);
    const card = screen.getByRole('article');
    expect(card).not.toHaveTextContent('Mì');
    expect(card).not.toHaveTextContent('Phở Thìn');
    expect(card).not.toHaveTextContent('850 m');
    expect(card).toHaveTextContent('45.000 ₫');
  });

  it('is one link to `to`, reachable by keyboard', async () => {
    const user = userEvent.setup();
    renderCard(<DishCard dish={makeDish({ id: 12, name: 'Bún chả' })} to="/food/12" />);
    const link = screen.getByRole('link', { name: 'Bún chả' });
    expect(link).toHaveAttribute('href', '/food/12');
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/food/12');
  });

  it('calls onOpen from a button when no `to` is given', async () => {
    const user = userEvent.setup();
    const onOpen = vitest.fn();
    renderCard(<DishCard dish={makeDish({ name: 'Chè ba màu' })} onOpen={onOpen} />);
    await user.click(screen.getByRole('button', { name: 'Chè ba màu' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('shows the action slot only for an available dish, and no button without one', () => {
    const action = <button type="button">Thêm</button>;
    const { unmount } = renderCard(<DishCard dish={makeDish()} action={action} />);
    expect(screen.getByRole('button', { name: 'Thêm' })).toBeInTheDocument();
    unmount();

    renderCard(<DishCard dish={makeDish({ available: false })} action={action} />);
    expect(screen.queryByRole('button', { name: 'Thêm' })).not.toBeInTheDocument();
  });

  it('renders no button of its own', () => {
    renderCard(<DishCard dish={makeDish()} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('loads the picture eagerly with priority', () => {
    const { container } = renderCard(<DishCard dish={makeDish()} priority />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(container.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });
});
