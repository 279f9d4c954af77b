import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPTION_PRICE_MESSAGE } from '#contract/options';
import type { StaffOptionGroup } from '#contract/options';
import type { StaffFood } from '#contract/staff-menu';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiCall, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { findToast } from './find-toast';
import { CATEGORIES, foodPage, makeStaffFood, signInAs } from './staff-workspace-fake-api';

const t = text.dishForm;
const m = text.staffMenu;
const rules = t.optionRules;

// 12:00 in Hà Nội on 27 November 2026: a dish sold out 'today' comes back at 17:30 today, one
// sold out after closing comes back at 07:00 tomorrow.
const NOW = new Date('2026-11-27T05:00:00.000Z');
const TODAY_1730 = '2026-11-27T10:30:00.000Z';
const TOMORROW_0700 = '2026-11-28T00:00:00.000Z';

/** A milk tea with a required size and optional toppings, as the staff reply has it. */
function sizeGroup(overrides: Partial<StaffOptionGroup> = {}): StaffOptionGroup {
  return {
    id: 31,
    name: 'Size',
    min_select: 1,
    max_select: 1,
    options: [
      { id: 301, name: 'M', price: 0, available: true, available_again_at: null },
      { id: 302, name: 'L', price: 10_000, available: true, available_again_at: null },
    ],
    ...overrides,
  };
}

const milkTea = (overrides: Partial<StaffFood> = {}) =>
  makeStaffFood({
    name: 'Trà sữa trân châu',
    price: 35_000,
    toppings: [],
    option_groups: [
      sizeGroup(),
      {
        id: 32,
        name: 'Đá',
        min_select: 0,
        max_select: 1,
        options: [
          { id: 311, name: 'Ít đá', price: 0, available: true, available_again_at: null },
          { id: 312, name: 'Không đá', price: 0, available: false, available_again_at: null },
        ],
      },
    ],
    ...overrides,
  });

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
  const state = { food };
  const opened = await openForm('/staff/menu/12', {
    'GET /api/staff/foods/12/': () => ok(state.food),
    ...routes,
  });
  await screen.findByRole('button', { name: t.save });
  return { ...opened, state };
}

const box = (name: string) => screen.getByRole('textbox', { name });
/** The error Mantine draws under a field (its aria-describedby). */
function errorOf(name: string): string | null {
  const input = box(name);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  return texts.find((found) => found !== '') ?? null;
}

type User = ReturnType<typeof userEvent.setup>;

/** A field's text replaced at once (pasted: typing a whole menu key by key is slow). */
async function fill(user: User, name: string, value: string) {
  await user.clear(box(name));
  if (value !== '') await user.paste(value);
}

beforeAll(async () => {
  await import('#src/features/staff-menu/pages/staff-dish-page');
  await import('#src/features/staff-menu/pages/staff-menu-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:preview'),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the option group editor of the dish form', { timeout: 30_000 }, () => {
  it('adds, fills, reorders and removes groups and options, and sends them in order', async () => {
    const { api, user } = await openForm('/staff/menu/new');
    await fill(user, t.name, 'Trà sữa');
    await fill(user, t.price, '35000');
    expect(screen.getByText(t.noOptionGroups)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.addGroup }));
    await user.click(screen.getByRole('button', { name: t.addGroup }));
    await user.click(screen.getByRole('button', { name: t.addGroup }));
    // A new group is optional, one at most, with one option to fill in.
    expect(box(t.min(1))).toHaveValue('0');
    expect(box(t.max(1))).toHaveValue('1');
    expect(box(t.optionName(1, 1))).toHaveValue('');

    await fill(user, t.groupName(1), 'Topping');
    await fill(user, t.max(1), '2');
    await fill(user, t.optionName(1, 1), 'Trân châu');
    await fill(user, t.optionPrice(1, 1), '5000');
    await user.click(screen.getByRole('button', { name: t.addOption(1) }));
    await fill(user, t.optionName(2, 1), 'Thạch');
    await fill(user, t.optionPrice(2, 1), '5000');
    await user.click(screen.getByRole('button', { name: t.addOption(1) }));
    await fill(user, t.optionName(3, 1), 'Pudding');
    await user.click(screen.getByRole('switch', { name: t.optionAvailable(2, 1) }));
    await user.click(screen.getByRole('button', { name: t.removeOption(3, 1) }));

    await fill(user, t.groupName(2), 'Size');
    await fill(user, t.min(2), '1');
    await fill(user, t.optionName(1, 2), 'M');
    await user.click(screen.getByRole('button', { name: t.addOption(2) }));
    await fill(user, t.optionName(2, 2), 'L');
    await fill(user, t.optionPrice(2, 2), '10000');

    // Size first: the customer answers it before the toppings. The first cannot go up nor the
    // last down.
    expect(screen.getByRole('button', { name: t.moveUp(1) })).toBeDisabled();
    expect(screen.getByRole('button', { name: t.moveDown(3) })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: t.moveUp(2) }));
    expect(box(t.groupName(1))).toHaveValue('Size');
    expect(box(t.groupName(2))).toHaveValue('Topping');
    await user.click(screen.getByRole('button', { name: t.removeGroup(3) }));
    expect(screen.queryByRole('textbox', { name: t.groupName(3) })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.create }));
    await findToast('Đã tạo món');
    const post = api.lastCallTo('POST /api/staff/foods/');
    expect(post.contentType).toMatch(/^application\/json/);
    expect((post.json as { option_groups: unknown }).option_groups).toEqual([
      {
        name: 'Size',
        min_select: 1,
        max_select: 1,
        options: [
          { name: 'M', price: 0, available: true },
          { name: 'L', price: 10_000, available: true },
        ],
      },
      {
        name: 'Topping',
        min_select: 0,
        max_select: 2,
        options: [
          { name: 'Trân châu', price: 5_000, available: true },
          { name: 'Thạch', price: 5_000, available: false },
        ],
      },
    ]);
  });

  it('refuses wrong groups at their fields in the contract words, and sends nothing', async () => {
    const { api, user } = await openForm('/staff/menu/new');
    await fill(user, t.name, 'Phở');
    await fill(user, t.price, '45000');
    await user.click(screen.getByRole('button', { name: t.addGroup }));
    await user.click(screen.getByRole('button', { name: t.addGroup }));
    await user.click(screen.getByRole('button', { name: t.addGroup }));

    // Group 1: no name, at least 2 of at most 1; its option has no name and no price.
    await fill(user, t.min(1), '2');
    await fill(user, t.optionPrice(1, 1), '');
    // Group 2: at most 0.
    await fill(user, t.groupName(2), 'Độ chín');
    await fill(user, t.max(2), '0');
    await fill(user, t.optionName(1, 2), 'Tái');
    // Group 3: required, but every option removed.
    await fill(user, t.groupName(3), 'Hành');
    await user.click(screen.getByRole('button', { name: t.removeOption(1, 3) }));

    await user.click(screen.getByRole('button', { name: t.create }));
    await findToast(t.fixOptionGroups);
    expect(errorOf(t.groupName(1))).toBe(rules.groupNameRequired);
    expect(errorOf(t.min(1))).toBe(rules.minAboveMax);
    expect(errorOf(t.optionName(1, 1))).toBe(rules.optionNameRequired);
    expect(errorOf(t.optionPrice(1, 1))).toBe(OPTION_PRICE_MESSAGE);
    expect(errorOf(t.groupName(2))).toBeNull();
    expect(errorOf(t.max(2))).toBe('Số lựa chọn tối đa phải từ 1 trở lên');
    expect(screen.getByText('Mỗi nhóm cần ít nhất một lựa chọn')).toBeInTheDocument();
    expect(api.callsTo('POST /api/staff/foods/')).toHaveLength(0);

    // Put right, it goes.
    await user.click(screen.getByRole('button', { name: t.removeGroup(3) }));
    await fill(user, t.groupName(1), 'Size');
    await fill(user, t.min(1), '1');
    await fill(user, t.optionName(1, 1), 'Nhỏ');
    await fill(user, t.optionPrice(1, 1), '0');
    await fill(user, t.max(2), '1');
    await user.click(screen.getByRole('button', { name: t.create }));
    await findToast('Đã tạo món');
    expect(api.callsTo('POST /api/staff/foods/')).toHaveLength(1);
  });

  it('stops at 10 groups and 20 options a group, saying so', async () => {
    // A dish saved at both limits: its first group full, nine more beside it.
    const options = Array.from({ length: 20 }, (_, i) => ({
      id: 400 + i,
      name: `Mức ${i + 1}`,
      price: 0,
      available: true,
      available_again_at: null,
    }));
    const groups = Array.from({ length: 10 }, (_, i) =>
      sizeGroup({ id: 40 + i, name: `Nhóm ${i + 1}`, options: i === 0 ? options : [] }),
    );
    const { user } = await openEdit(milkTea({ option_groups: groups }));
    expect(box(t.optionName(20, 1))).toHaveValue('Mức 20');
    expect(screen.getByRole('button', { name: t.addGroup })).toBeDisabled();
    expect(screen.getByText('Tối đa 10 nhóm lựa chọn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.addOption(1) })).toBeDisabled();
    expect(screen.getByText('Mỗi nhóm tối đa 20 lựa chọn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.addOption(2) })).toBeEnabled();

    // One group fewer, and one more may be added again.
    await user.click(screen.getByRole('button', { name: t.removeGroup(10) }));
    expect(screen.getByRole('button', { name: t.addGroup })).toBeEnabled();
    expect(screen.queryByText('Tối đa 10 nhóm lựa chọn')).not.toBeInTheDocument();
  });

  it('starts from the saved groups and sends them back with their ids, as multipart too', async () => {
    const { api, user, container } = await openEdit(milkTea());
    expect(box(t.groupName(1))).toHaveValue('Size');
    expect(box(t.min(1))).toHaveValue('1');
    expect(box(t.optionPrice(2, 1))).toHaveValue('10.000 ₫');
    expect(box(t.groupName(2))).toHaveValue('Đá');
    expect(screen.getByRole('switch', { name: t.optionAvailable(2, 2) })).not.toBeChecked();

    await user.type(box(t.optionName(2, 1)), '+');
    await user.click(screen.getByRole('button', { name: t.addOption(2) }));
    await fill(user, t.optionName(3, 2), '100% đá');
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'tra.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: t.save }));
    await findToast('Đã cập nhật món');

    const put = api.lastCallTo('PUT /api/staff/foods/12/');
    expect(put.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(JSON.parse(put.form!.get('option_groups') as string)).toEqual([
      {
        id: 31,
        name: 'Size',
        min_select: 1,
        max_select: 1,
        options: [
          { id: 301, name: 'M', price: 0, available: true },
          { id: 302, name: 'L+', price: 10_000, available: true },
        ],
      },
      {
        id: 32,
        name: 'Đá',
        min_select: 0,
        max_select: 1,
        options: [
          { id: 311, name: 'Ít đá', price: 0, available: true },
          { id: 312, name: 'Không đá', price: 0, available: false },
          { name: '100% đá', price: 0, available: true },
        ],
      },
    ]);
  });

  it("shows the server's errors[].path under the group and option fields", async () => {
    const { user } = await openEdit(milkTea(), {
      'PUT /api/staff/foods/12/': () =>
        fail(400, OPTION_PRICE_MESSAGE, 'VALIDATION_ERROR', {
          errors: [
            { path: 'option_groups.1.options.0.price', message: OPTION_PRICE_MESSAGE },
            { path: 'option_groups.0.name', message: 'Tên nhóm lựa chọn tối đa 100 ký tự' },
            { path: 'option_groups.1.max_select', message: 'Số lựa chọn phải là số nguyên' },
          ],
        }),
    });
    await user.click(screen.getByRole('button', { name: t.save }));
    await findToast(OPTION_PRICE_MESSAGE);
    expect(errorOf(t.optionPrice(1, 2))).toBe(OPTION_PRICE_MESSAGE);
    expect(errorOf(t.groupName(1))).toBe('Tên nhóm lựa chọn tối đa 100 ký tự');
    expect(errorOf(t.max(2))).toBe('Số lựa chọn phải là số nguyên');
    expect(errorOf(t.optionPrice(1, 1))).toBeNull();
  });
});

describe("'Hết hôm nay' for one option", { timeout: 20_000 }, () => {
  it('sells a saved option out until the next opening and back, by its own call', async () => {
    const { api, user, state } = await openEdit(milkTea(), {
      'PUT /api/staff/foods/12/options/302/sold-out/': (call) => {
        const soldOut = (call.json as { sold_out: boolean }).sold_out;
        state.food = milkTea({
          option_groups: [
            sizeGroup({
              options: [
                { id: 301, name: 'M', price: 0, available: true, available_again_at: null },
                {
                  id: 302,
                  name: 'L',
                  price: 10_000,
                  available: true,
                  available_again_at: soldOut ? TOMORROW_0700 : null,
                },
              ],
            }),
          ],
        });
        return ok(state.food);
      },
    });
    await user.type(box(t.optionName(2, 1)), ' (ly lớn)');
    await user.click(screen.getByRole('button', { name: t.optionSoldOut(2, 1) }));

    await findToast(m.markedSoldOut);
    expect(api.lastCallTo('PUT /api/staff/foods/12/options/302/sold-out/').json).toEqual({
      sold_out: true,
    });
    expect(await screen.findByText('Hết đến 07:00 ngày 28/11')).toBeInTheDocument();
    // What was typed stays: the sold-out call does not start the form again.
    expect(box(t.optionName(2, 1))).toHaveValue('L (ly lớn)');

    await user.click(screen.getByRole('button', { name: t.optionResell(2, 1) }));
    await findToast(m.resold);
    expect(api.lastCallTo('PUT /api/staff/foods/12/options/302/sold-out/').json).toEqual({
      sold_out: false,
    });
    expect(await screen.findByRole('button', { name: t.optionSoldOut(2, 1) })).toBeInTheDocument();
    expect(screen.queryByText(/^Hết đến/)).not.toBeInTheDocument();
  });

  it('offers no sold-out button for an option not saved yet', async () => {
    const { user } = await openEdit(milkTea());
    await user.click(screen.getByRole('button', { name: t.addOption(1) }));
    expect(screen.getByRole('button', { name: t.optionSoldOut(2, 1) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.optionSoldOut(3, 1) })).not.toBeInTheDocument();
  });
});

describe("'Hết món hôm nay' for a dish", { timeout: 20_000 }, () => {
  it('on the menu list: sold out until 17:30, then back on sale with Bán lại', async () => {
    const state = { food: makeStaffFood() };
    const api = stubApi({
      'GET /api/staff/foods/': () => ok(foodPage([state.food])),
      'PUT /api/staff/foods/12/sold-out/': (call) => {
        const soldOut = (call.json as { sold_out: boolean }).sold_out;
        state.food = makeStaffFood({ available_again_at: soldOut ? TODAY_1730 : null });
        return ok(state.food);
      },
    });
    signInAs('owner');
    const user = userEvent.setup();
    renderApp('/staff/menu');
    const list = await screen.findByRole('list', { name: m.list }, { timeout: 5000 });
    await user.click(within(list).getByRole('button', { name: m.soldOutFor('Phở bò tái lăn') }));

    await findToast(m.markedSoldOut);
    expect(api.lastCallTo('PUT /api/staff/foods/12/sold-out/').json).toEqual({ sold_out: true });
    expect(await within(list).findByText('Hết món đến 17:30')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: m.resellFor('Phở bò tái lăn') }));
    await findToast(m.resold);
    expect(api.lastCallTo('PUT /api/staff/foods/12/sold-out/').json).toEqual({ sold_out: false });
    expect(
      await within(list).findByRole('button', { name: m.soldOutFor('Phở bò tái lăn') }),
    ).toBeInTheDocument();
    expect(within(list).queryByText(/^Hết món đến/)).not.toBeInTheDocument();
  });

  it('on the dish form: shows until when, with Bán lại', async () => {
    await openEdit(makeStaffFood({ available_again_at: TOMORROW_0700 }));
    expect(screen.getByText('Hết món đến 07:00 ngày 28/11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.resellFor('Phở bò tái lăn') })).toBeEnabled();
  });

  it('a sold-out moment already past reads as on sale', async () => {
    await openEdit(makeStaffFood({ available_again_at: '2026-11-27T04:00:00.000Z' }));
    expect(screen.getByRole('button', { name: m.soldOutFor('Phở bò tái lăn') })).toBeEnabled();
    expect(screen.queryByText(/^Hết món đến/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const { user } = await openEdit(makeStaffFood(), {
      'PUT /api/staff/foods/12/sold-out/': () => fail(404, 'Không tìm thấy món', 'NOT_FOUND'),
    });
    await user.click(screen.getByRole('button', { name: m.soldOutFor('Phở bò tái lăn') }));
    await findToast('Không tìm thấy món');
  });
});
