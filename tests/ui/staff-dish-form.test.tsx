import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffFood } from '#contract/staff-menu';
import { FOOD_PRICE_MESSAGE } from '#contract/staff-menu';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiCall, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { findToast } from './find-toast';
import {
  CATEGORIES,
  foodPage,
  makeStaffFood,
  pictureFile,
  signInAs,
  escapeRegExp,
} from './staff-workspace-fake-api';

const t = text.dishForm;

/** What the server answers to a save: the dish as it would now be. */
const saved = (call: ApiCall) =>
  ok(makeStaffFood({ id: 77 }), call.method === 'POST' ? 'Đã tạo món' : 'Đã cập nhật món');

async function openForm(path: string, routes: Record<string, ApiHandler> = {}) {
  const api = stubApi({
    'GET /api/category/': () => ok(CATEGORIES),
    'GET /api/staff/foods/': () => ok(foodPage([])),
    'POST /api/staff/foods/': saved,
    'PUT /api/staff/foods/12/': saved,
    ...routes,
  });
  signInAs('owner');
  const user = userEvent.setup();
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { api, user, ...rendered };
}

async function openEdit(food: StaffFood, routes: Record<string, ApiHandler> = {}) {
  const opened = await openForm('/staff/menu/12', {
    'GET /api/staff/foods/12/': () => ok(food),
    ...routes,
  });
  await screen.findByRole('button', { name: t.save });
  return opened;
}

/** A field by its label; a required one's label ends in Mantine's ' *'. */
const field = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(name)}( \\*)?$`) });

beforeAll(async () => {
  // The screens are lazy chunks: transform them once up front, so no test spends its time on
  // the cold import.
  await import('#src/features/staff-menu/pages/staff-dish-page');
  await import('#src/features/staff-menu/pages/staff-menu-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
  // jsdom has no object URLs; the picture preview uses one.
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:preview'),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

// Typing a whole dish into the form takes a few seconds in jsdom.
describe('creating a dish at /staff/menu/new (spec 2.18)', { timeout: 20_000 }, () => {
  it("sends JSON without a picture file, says 'Đã tạo món' and returns to the menu", async () => {
    const { api, user, router } = await openForm('/staff/menu/new');
    expect(screen.getByRole('heading', { level: 1, name: t.newTitle })).toBeInTheDocument();

    await user.type(field(t.name), 'Bún chả Hà Nội');
    await user.type(field(t.price), '55000');
    expect(field(t.price)).toHaveValue('55.000 ₫');
    await user.type(field(t.description), 'Chả nướng than hoa');
    await user.click(await screen.findByRole('checkbox', { name: 'Món chính' }));
    await user.click(screen.getByRole('checkbox', { name: 'Đồ ăn vặt' }));

    await user.click(screen.getByRole('button', { name: t.addTopping }));
    await user.click(screen.getByRole('button', { name: t.addTopping }));
    await user.click(screen.getByRole('button', { name: t.addTopping }));
    await user.type(field(t.toppingName(1)), 'Nem rán');
    await user.type(field(t.toppingPrice(1)), '15000');
    await user.type(field(t.toppingName(2)), 'Thêm bún');
    await user.type(field(t.toppingPrice(2)), '0');
    // A row added and then removed is not sent.
    await user.click(screen.getByRole('button', { name: t.removeTopping(3) }));
    expect(screen.queryByRole('textbox', { name: t.toppingName(3) })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: new RegExp(t.available) }));
    await user.click(screen.getByRole('button', { name: t.create }));

    await findToast('Đã tạo món');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/menu'));
    const post = api.lastCallTo('POST /api/staff/foods/');
    expect(post.contentType).toMatch(/^application\/json/);
    expect(post.json).toEqual({
      name: 'Bún chả Hà Nội',
      price: 55_000,
      description: 'Chả nướng than hoa',
      category_ids: [2, 1],
      toppings: [
        { name: 'Nem rán', price: 15_000 },
        { name: 'Thêm bún', price: 0 },
      ],
      // No groups: the whole (empty) list goes all the same.
      option_groups: [],
      available: false,
    });
  });

  it('sends multipart/form-data with the file in "image" and the lists as JSON text', async () => {
    const { api, user, container } = await openForm('/staff/menu/new');
    await user.type(field(t.name), 'Phở gà');
    await user.type(field(t.price), '45000');
    await user.click(await screen.findByRole('checkbox', { name: 'Món chính' }));
    await user.click(screen.getByRole('button', { name: t.addTopping }));
    await user.type(field(t.toppingName(1)), 'Trứng chần');
    await user.type(field(t.toppingPrice(1)), '5000');
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      pictureFile('pho-ga.png'),
    );
    // The chosen picture is previewed before anything is uploaded.
    expect(screen.getByRole('img', { name: t.preview })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: t.create }));

    await findToast('Đã tạo món');
    const post = api.lastCallTo('POST /api/staff/foods/');
    expect(post.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = post.form!;
    expect(form.get('name')).toBe('Phở gà');
    expect(form.get('price')).toBe('45000');
    expect(form.get('description')).toBe('');
    expect(form.get('category_ids')).toBe('[2]');
    expect(form.get('toppings')).toBe('[{"name":"Trứng chần","price":5000}]');
    expect(JSON.parse(form.get('toppings') as string)).toEqual([
      { name: 'Trứng chần', price: 5_000 },
    ]);
    expect(form.get('available')).toBe('true');
    expect(form.has('image_url')).toBe(false);
    const image = form.get('image') as File;
    expect(image.type).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
  });

  it('links a picture by URL instead, with its preview', async () => {
    const { api, user } = await openForm('/staff/menu/new');
    await user.type(field(t.name), 'Chè khúc bạch');
    await user.type(field(t.price), '30000');
    await user.click(screen.getByRole('radio', { name: t.imageUrl }));
    await user.type(field(t.urlLabel), 'https://cdn.example.vn/che.jpg');
    expect(screen.getByRole('img', { name: t.preview })).toHaveAttribute(
      'src',
      'https://cdn.example.vn/che.jpg',
    );
    await user.click(screen.getByRole('button', { name: t.create }));

    await findToast('Đã tạo món');
    const post = api.lastCallTo('POST /api/staff/foods/');
    expect(post.contentType).toMatch(/^application\/json/);
    expect(post.json).toMatchObject({ image_url: 'https://cdn.example.vn/che.jpg' });
  });

  it('leaves the judging to the server: its field errors show under their fields', async () => {
    const { api, user, router } = await openForm('/staff/menu/new', {
      'POST /api/staff/foods/': () =>
        fail(400, FOOD_PRICE_MESSAGE, 'VALIDATION_ERROR', {
          errors: [
            { path: 'price', message: FOOD_PRICE_MESSAGE },
            { path: 'toppings.0.name', message: 'Vui lòng nhập tên topping' },
            { path: 'image_url', message: 'Đường dẫn ảnh phải bắt đầu bằng http:// hoặc https://' },
          ],
        }),
    });
    await user.type(field(t.name), 'Bánh mì');
    await user.click(screen.getByRole('button', { name: t.addTopping }));
    await user.type(field(t.toppingPrice(1)), '2000');
    await user.click(screen.getByRole('radio', { name: t.imageUrl }));
    await user.type(field(t.urlLabel), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: t.create }));

    // Nothing was refused before sending: the empty price went as null.
    await waitFor(() => expect(api.callsTo('POST /api/staff/foods/')).toHaveLength(1));
    expect(api.lastCallTo('POST /api/staff/foods/').json).toMatchObject({
      price: null,
      toppings: [{ name: '', price: 2_000 }],
      image_url: 'javascript:alert(1)',
    });
    await findToast(FOOD_PRICE_MESSAGE);
    expect(field(t.price)).toHaveAccessibleDescription(FOOD_PRICE_MESSAGE);
    expect(field(t.toppingName(1))).toHaveAccessibleDescription('Vui lòng nhập tên topping');
    expect(field(t.urlLabel)).toHaveAccessibleDescription(
      expect.stringContaining('Đường dẫn ảnh phải bắt đầu bằng http:// hoặc https://'),
    );
    expect(router.state.location.pathname).toBe('/staff/menu/new');
  });

  it("toasts 'HTTP {status}' when the server gives no reason", async () => {
    const { user } = await openForm('/staff/menu/new', {
      'POST /api/staff/foods/': () => new Response('Bad gateway', { status: 502 }),
    });
    await user.type(field(t.name), 'Bánh mì');
    await user.click(screen.getByRole('button', { name: t.create }));
    await findToast('HTTP 502');
  });
});

describe('editing a dish at /staff/menu/{id} (spec 2.18)', { timeout: 20_000 }, () => {
  it('starts from the dish and saves as JSON with its toppings kept by id', async () => {
    const { api, user, router } = await openEdit(makeStaffFood());
    expect(screen.getByRole('heading', { level: 1, name: t.editTitle })).toBeInTheDocument();
    expect(field(t.name)).toHaveValue('Phở bò tái lăn');
    expect(field(t.price)).toHaveValue('45.000 ₫');
    expect(field(t.description)).toHaveValue('Nước dùng hầm xương 12 tiếng');
    expect(await screen.findByRole('checkbox', { name: 'Món chính' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tráng miệng' })).not.toBeChecked();
    expect(field(t.toppingName(1))).toHaveValue('Trứng chần');
    expect(field(t.toppingPrice(2))).toHaveValue('3.000 ₫');
    expect(screen.getByRole('switch', { name: new RegExp(t.available) })).toBeChecked();
    // An uploaded picture: kept unless a new file is chosen.
    expect(screen.getByRole('radio', { name: t.imageFile })).toBeChecked();
    expect(screen.getByRole('img', { name: t.preview })).toHaveAttribute(
      'src',
      '/uploads/foods/pho.webp',
    );

    await user.clear(field(t.price));
    await user.type(field(t.price), '50000');
    await user.click(screen.getByRole('button', { name: t.removeTopping(2) }));
    await user.click(screen.getByRole('button', { name: t.addTopping }));
    await user.type(field(t.toppingName(2)), 'Bò viên');
    await user.type(field(t.toppingPrice(2)), '10000');
    await user.click(screen.getByRole('checkbox', { name: 'Tráng miệng' }));
    await user.click(screen.getByRole('button', { name: t.save }));

    await findToast('Đã cập nhật món');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/menu'));
    const put = api.lastCallTo('PUT /api/staff/foods/12/');
    expect(put.contentType).toMatch(/^application\/json/);
    expect(put.json).toEqual({
      name: 'Phở bò tái lăn',
      price: 50_000,
      description: 'Nước dùng hầm xương 12 tiếng',
      category_ids: [2, 3],
      toppings: [
        { id: 101, name: 'Trứng chần', price: 5_000 },
        { name: 'Bò viên', price: 10_000 },
      ],
      // No groups: the whole (empty) list goes all the same.
      option_groups: [],
      available: true,
    });
  });

  it('replaces the picture with a new file as multipart, toppings with their ids', async () => {
    const { api, user, container } = await openEdit(makeStaffFood());
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      pictureFile('pho-moi.png'),
    );
    await user.click(screen.getByRole('button', { name: t.save }));

    await findToast('Đã cập nhật món');
    const form = api.lastCallTo('PUT /api/staff/foods/12/').form!;
    expect((form.get('image') as File).type).toBe('image/png');
    expect(JSON.parse(form.get('toppings') as string)).toEqual([
      { id: 101, name: 'Trứng chần', price: 5_000 },
      { id: 102, name: 'Quẩy', price: 3_000 },
    ]);
    expect(form.get('category_ids')).toBe('[2]');
  });

  it('opens a linked picture on its URL; emptying it removes the picture', async () => {
    const { api, user } = await openEdit(
      makeStaffFood({ image_url: 'https://cdn.example.vn/pho.jpg' }),
    );
    expect(screen.getByRole('radio', { name: t.imageUrl })).toBeChecked();
    expect(field(t.urlLabel)).toHaveValue('https://cdn.example.vn/pho.jpg');
    await user.clear(field(t.urlLabel));
    expect(screen.getByText(t.noImage)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.save }));

    await findToast('Đã cập nhật món');
    expect(api.lastCallTo('PUT /api/staff/foods/12/').json).toMatchObject({ image_url: null });
  });

  it('says so when the dish does not exist', async () => {
    await openForm('/staff/menu/99', {
      'GET /api/staff/foods/99/': () => fail(404, 'Không tìm thấy món', 'FOOD_NOT_FOUND'),
    });
    expect(await screen.findByRole('heading', { name: t.notFound })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: t.back })[0]).toHaveAttribute(
      'href',
      '/staff/menu',
    );
  });

  it('treats a path that cannot be an id as not found, without asking the server', async () => {
    const { api } = await openForm('/staff/menu/abc');
    expect(await screen.findByRole('heading', { name: t.notFound })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/staff/foods/abc'))).toHaveLength(
      0,
    );
  });
});
