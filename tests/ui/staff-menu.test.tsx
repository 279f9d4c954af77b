import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffFood } from '#contract/staff-menu';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { findToast } from './find-toast';
import { foodPage, makeStaffFood, searchParamsTo, signInAs } from './staff-workspace-fake-api';

const t = text.staffMenu;

const LIST = 'GET /api/staff/foods/';

const pho = makeStaffFood();
const bunCha = makeStaffFood({
  id: 15,
  name: 'Bún chả Hà Nội',
  price: 55_000,
  image_url: null,
  available: false,
});

/**
 * /staff/menu as the owner. The list answers from `state.foods` (10 a page, filtered by q), so
 * a toggle or delete handler that changes it is what the refetch then reads.
 */
async function openMenu(
  { foods = [pho, bunCha], path = '/staff/menu' }: { foods?: StaffFood[]; path?: string } = {},
  routes: Record<string, ApiHandler> = {},
) {
  const state = { foods };
  const api = stubApi({
    [LIST]: () => {
      const params = searchParamsTo('/api/staff/foods/').at(-1)!;
      const page = Number(params.get('page'));
      const q = params.get('q') ?? '';
      const matching = state.foods.filter((food) => food.name.includes(q));
      const totalPages = Math.max(1, Math.ceil(matching.length / 10));
      return ok(
        foodPage(matching.slice((page - 1) * 10, page * 10), {
          page,
          totalPages,
          total: matching.length,
        }),
      );
    },
    ...routes,
  });
  signInAs('owner');
  const user = userEvent.setup();
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: t.title }, { timeout: 5000 });
  return { api, user, state, ...rendered };
}

const rows = () => within(screen.getByRole('list', { name: t.list })).getAllByRole('listitem');
const row = (name: string) => rows().find((item) => within(item).queryByText(name))!;

async function openRowMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: t.actions(name) }));
  return screen.findByRole('menu');
}

beforeAll(async () => {
  // The screens are lazy chunks: transform them once up front, so no test spends its time on
  // the cold import.
  await import('#src/features/staff-menu/pages/staff-menu-page');
  await import('#src/features/staff-menu/pages/staff-dish-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
});

describe('/staff/menu (spec 2.18)', { timeout: 20_000 }, () => {
  it('lists 10 dishes a page with image, name, price and status badge', async () => {
    await openMenu();
    await screen.findByText('Phở bò tái lăn');

    expect(rows()).toHaveLength(2);
    const first = row('Phở bò tái lăn');
    expect(within(first).getByText('45.000 ₫')).toBeInTheDocument();
    expect(within(first).getByText('Đang bán')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/uploads/foods/pho.webp');
    expect(within(first).getByRole('link', { name: 'Phở bò tái lăn' })).toHaveAttribute(
      'href',
      '/staff/menu/12',
    );
    const second = row('Bún chả Hà Nội');
    expect(within(second).getByText('55.000 ₫')).toBeInTheDocument();
    expect(within(second).getByText('Tạm ngừng')).toBeInTheDocument();

    const [params] = searchParamsTo('/api/staff/foods/');
    expect(params!.get('page')).toBe('1');
    expect(params!.get('per_page')).toBe('10');
    expect(params!.has('q')).toBe(false);
    expect(screen.getByRole('link', { name: t.addDish })).toHaveAttribute(
      'href',
      '/staff/menu/new',
    );
  });

  it('searches by name after a pause in typing, back on page 1', async () => {
    const many = Array.from({ length: 14 }, (_, index) =>
      makeStaffFood({ id: 100 + index, name: `Cơm tấm số ${index + 1}` }),
    );
    const { user, router } = await openMenu({ foods: [pho, ...many], path: '/staff/menu?page=2' });
    await screen.findByText('Cơm tấm số 10');

    await user.type(screen.getByRole('searchbox', { name: t.search }), 'Phở');
    // One request for the whole word, not one per keystroke.
    await waitFor(() => expect(router.state.location.search).toBe('?q=Ph%E1%BB%9F'));
    await screen.findByText('Phở bò tái lăn');
    expect(rows()).toHaveLength(1);
    const searched = searchParamsTo('/api/staff/foods/').filter((params) => params.has('q'));
    expect(searched.map((params) => [params.get('q'), params.get('page')])).toEqual([['Phở', '1']]);
  });

  it('says when nothing matches the search', async () => {
    await openMenu({ path: '/staff/menu?q=L%E1%BA%A9u' });
    expect(await screen.findByText(t.noMatch('Lẩu'))).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: t.search })).toHaveValue('Lẩu');
  });

  it('pages through the menu with the pager', async () => {
    const many = Array.from({ length: 23 }, (_, index) =>
      makeStaffFood({ id: 100 + index, name: `Món số ${index + 1}` }),
    );
    const { user, router } = await openMenu({ foods: many });
    await screen.findByText('Món số 1');
    expect(rows()).toHaveLength(10);

    const pager = screen.getByRole('navigation', { name: t.pages });
    expect(within(pager).getByRole('button', { name: t.page(3) })).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: t.page(2) }));
    await screen.findByText('Món số 11');
    expect(router.state.location.search).toBe('?page=2');
    expect(searchParamsTo('/api/staff/foods/').at(-1)!.get('page')).toBe('2');

    await user.click(within(pager).getByRole('button', { name: t.nextPage }));
    await screen.findByText('Món số 21');
    expect(rows()).toHaveLength(3);
    expect(within(pager).getByRole('button', { name: t.page(3) })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("toggles a dish with 'Đã đổi trạng thái món' and shows its new status", async () => {
    const { user, api, state } = await openMenu(
      {},
      {
        'PUT /api/staff/foods/12/toggle/': () => {
          state.foods = state.foods.map((food) =>
            food.id === 12 ? { ...food, available: false } : food,
          );
          return ok(state.foods[0], 'Đã đổi trạng thái món');
        },
      },
    );
    await screen.findByText('Phở bò tái lăn');

    const menu = await openRowMenu(user, 'Phở bò tái lăn');
    await user.click(within(menu).getByRole('menuitem', { name: t.pause }));

    await findToast('Đã đổi trạng thái món');
    expect(api.callsTo('PUT /api/staff/foods/12/toggle/')).toHaveLength(1);
    await waitFor(() =>
      expect(within(row('Phở bò tái lăn')).getByText('Tạm ngừng')).toBeInTheDocument(),
    );
    // A paused dish offers to go back on sale.
    const again = await openRowMenu(user, 'Phở bò tái lăn');
    expect(within(again).getByRole('menuitem', { name: t.resume })).toBeInTheDocument();
  });

  it("shows the server's message when a toggle is refused", async () => {
    const { user } = await openMenu(
      {},
      {
        'PUT /api/staff/foods/12/toggle/': () => fail(404, 'Không tìm thấy món', 'FOOD_NOT_FOUND'),
      },
    );
    await screen.findByText('Phở bò tái lăn');
    const menu = await openRowMenu(user, 'Phở bò tái lăn');
    await user.click(within(menu).getByRole('menuitem', { name: t.pause }));
    await findToast('Không tìm thấy món');
  });

  it("asks 'Xoá món này?' before deleting, and says 'Đã xoá món'", async () => {
    const { user, api, state } = await openMenu(
      {},
      {
        'DELETE /api/staff/foods/12/': () => {
          state.foods = state.foods.filter((food) => food.id !== 12);
          return ok(undefined, 'Đã xoá món');
        },
      },
    );
    await screen.findByText('Phở bò tái lăn');

    // Declining deletes nothing.
    let menu = await openRowMenu(user, 'Phở bò tái lăn');
    await user.click(within(menu).getByRole('menuitem', { name: t.delete }));
    let dialog = await screen.findByRole('dialog', { name: 'Xoá món này?' });
    await user.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/staff/foods/12/')).toHaveLength(0);

    menu = await openRowMenu(user, 'Phở bò tái lăn');
    await user.click(within(menu).getByRole('menuitem', { name: t.delete }));
    dialog = await screen.findByRole('dialog', { name: 'Xoá món này?' });
    await user.click(within(dialog).getByRole('button', { name: t.deleteConfirm }));

    await findToast('Đã xoá món');
    expect(api.callsTo('DELETE /api/staff/foods/12/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Phở bò tái lăn')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(1);
  });

  it("shows the server's message when a delete fails", async () => {
    const { user } = await openMenu(
      {},
      {
        'DELETE /api/staff/foods/12/': () => new Response('Bad gateway', { status: 502 }),
      },
    );
    await screen.findByText('Phở bò tái lăn');
    const menu = await openRowMenu(user, 'Phở bò tái lăn');
    await user.click(within(menu).getByRole('menuitem', { name: t.delete }));
    const dialog = await screen.findByRole('dialog', { name: 'Xoá món này?' });
    await user.click(within(dialog).getByRole('button', { name: t.deleteConfirm }));
    await findToast('HTTP 502');
    expect(screen.getByText('Phở bò tái lăn')).toBeInTheDocument();
  });

  it('edits a dish from its row menu', async () => {
    const { user, router } = await openMenu(
      {},
      {
        'GET /api/staff/foods/12/': () => ok(pho),
        'GET /api/category/': () => ok([]),
      },
    );
    await screen.findByText('Phở bò tái lăn');
    const menu = await openRowMenu(user, 'Phở bò tái lăn');
    await user.click(within(menu).getByRole('menuitem', { name: t.edit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/menu/12'));
    expect(
      await screen.findByRole('heading', { level: 1, name: text.dishForm.editTitle }),
    ).toBeInTheDocument();
  });

  it('invites the first dish when the menu is empty', async () => {
    await openMenu({ foods: [] });
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.addDish })).toBeInTheDocument();
  });

  it('sends an account with no restaurant to create or link one', async () => {
    await openMenu(
      {},
      {
        [LIST]: () =>
          fail(404, 'Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.', 'RESTAURANT_NONE'),
      },
    );
    expect(
      await screen.findByText('Bạn chưa có nhà hàng. Hãy tạo hoặc liên kết nhà hàng.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.linkRestaurant })).toHaveAttribute(
      'href',
      '/staff/restaurant',
    );
  });
});
