import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { OpeningHours } from '#contract/catalogue';
import type { Pagination } from '#contract/envelope';
import type { OptionGroupInput } from '#contract/options';
import type {
  FoodCreateBodySchema,
  FoodUpdateBodySchema,
  StaffFood,
  ToppingInput,
} from '#contract/staff-menu';
import type { DB, Role } from '#server/db/schema';
import { AppError } from '#server/errors';
import { offsetOf, pagination } from '#server/lib/pagination';
import { availableAgainAt } from '#server/lib/sold-out';
import { reencodeImage } from '#server/storage/images';
import { publicFileUrl, type UploadStore } from '#server/storage/uploads';
import { nextOpeningAfter } from '../catalogue/opening-times';
import { listCategories } from '../categories/categories.service';
import { workplaceOf } from '../workplace/workplace.service';
import {
  countMenu,
  flipFoodAvailable,
  insertFood,
  insertOptionGroup,
  insertOptions,
  insertToppings,
  lockMenuFood,
  replaceFoodCategories,
  selectFoodCategories,
  selectMenuFood,
  selectMenuOptionGroups,
  selectMenuOptionIds,
  selectMenuOptions,
  selectMenuPage,
  selectMenuToppingIds,
  selectMenuToppings,
  selectRestaurantHours,
  setFoodSoldOut,
  setOptionSoldOut,
  softDeleteFood,
  softDeleteOptionGroups,
  softDeleteToppings,
  updateFood,
  updateOption,
  updateOptionGroup,
  updateTopping,
  type OptionValues,
  type StaffFoodRow,
} from './staff-menu.queries';

export interface StaffMenuDeps {
  db: Kysely<DB>;
  uploads: UploadStore;
}

export type StaffUser = { id: number; role: Role };

/** What the routes hand over: the validated body plus the uploaded file, if any. */
export type FoodCreateInput = z.output<typeof FoodCreateBodySchema> & {
  image?: Buffer | undefined;
};
export type FoodUpdateInput = z.output<typeof FoodUpdateBodySchema> & {
  image?: Buffer | undefined;
};

export interface StaffFoodListQuery {
  page: number;
  per_page?: number | undefined;
  q?: string | undefined;
  restaurant_id?: number | undefined;
}

/** Spec section 9: the staff menu shows 10 dishes a page. */
const MENU_PAGE_SIZE = 10;
/** Large enough for the dish page on a tablet, small enough for a card grid on mobile data. */
const DISH_IMAGE = { width: 800, height: 800, fit: 'inside' } as const;
const BOTH_IMAGES_MESSAGE = 'Chỉ chọn một trong hai: tệp ảnh hoặc đường dẫn ảnh';

async function toStaffFoods(
  db: Kysely<DB>,
  rows: StaffFoodRow[],
  now = new Date(),
): Promise<StaffFood[]> {
  const ids = rows.map((row) => row.id);
  const [categories, toppings, groups, options] = await Promise.all([
    selectFoodCategories(db, ids),
    selectMenuToppings(db, ids),
    selectMenuOptionGroups(db, ids),
    selectMenuOptions(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    restaurant_id: row.restaurant_id,
    name: row.name,
    description: row.description,
    price: row.price,
    image_url: publicFileUrl(row.image),
    available: row.available,
    categories: categories
      .filter((c) => c.food_id === row.id)
      .map(({ id, name }) => ({ id, name })),
    toppings: toppings
      .filter((t) => t.food_id === row.id)
      .map(({ id, name, price }) => ({ id, name, price })),
    // `available` is the owner's switch, as the form sends it back; a sold-out shows as
    // `available_again_at` instead.
    option_groups: groups
      .filter((g) => g.food_id === row.id)
      .map((g) => ({
        id: g.id,
        name: g.name,
        min_select: g.min_select,
        max_select: g.max_select,
        options: options
          .filter((o) => o.group_id === g.id)
          .map((o) => ({
            id: o.id,
            name: o.name,
            price: o.price,
            available: o.available,
            available_again_at: availableAgainAt(o.sold_out_until, now),
          })),
      })),
    available_again_at: availableAgainAt(row.sold_out_until, now),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

async function loadFood(db: Kysely<DB>, restaurantId: number, id: number): Promise<StaffFood> {
  const row = await selectMenuFood(db, restaurantId, id);
  // Another restaurant's dish answers exactly like a missing one, so ids reveal nothing.
  if (!row) throw new AppError('FOOD_NOT_FOUND');
  return (await toStaffFoods(db, [row]))[0]!;
}

/** GET /api/staff/foods/: the caller's menu, newest first, deleted dishes left out. */
export async function listStaffFoods(
  db: Kysely<DB>,
  user: StaffUser,
  query: StaffFoodListQuery,
): Promise<{ items: StaffFood[]; pagination: Pagination }> {
  const restaurantId = await workplaceOf(db, user);
  if (query.restaurant_id !== undefined && query.restaurant_id !== restaurantId) {
    throw new AppError('RESTAURANT_NOT_FOUND');
  }
  const perPage = query.per_page ?? MENU_PAGE_SIZE;
  const q = query.q || undefined;
  const [total, rows] = await Promise.all([
    countMenu(db, restaurantId, q),
    selectMenuPage(db, restaurantId, q, perPage, offsetOf(query.page, perPage)),
  ]);
  return {
    items: await toStaffFoods(db, rows),
    pagination: pagination(query.page, perPage, total),
  };
}

export async function getStaffFood(
  db: Kysely<DB>,
  user: StaffUser,
  id: number,
): Promise<StaffFood> {
  return loadFood(db, await workplaceOf(db, user), id);
}

/** Every id must name a category; repeats are one category. */
async function checkedCategoryIds(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return wanted;
  const known = new Set((await listCategories(db)).map((category) => category.id));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length) {
    const message = `Danh mục không tồn tại: ${unknown.join(', ')}`;
    throw new AppError('UNKNOWN_CATEGORY', {
      message,
      errors: [{ path: 'category_ids', message }],
    });
  }
  return wanted;
}

/** An upload and a link at once leaves the outcome to guesswork: refused before anything is stored. */
function checkOneImageSource(input: { image?: Buffer | undefined; image_url?: string | null }) {
  if (input.image && input.image_url) {
    throw new AppError('VALIDATION_ERROR', {
      message: BOTH_IMAGES_MESSAGE,
      errors: [{ path: 'image_url', message: BOTH_IMAGES_MESSAGE }],
    });
  }
}

/**
 * Content-checked, re-encoded and resized like an avatar. Runs before the transaction, so a
 * refused image changes nothing and the CPU work holds no lock; the result is stored inside it.
 */
async function encodeDishImage(image: Buffer | undefined) {
  return image ? reencodeImage(image, DISH_IMAGE) : undefined;
}

/**
 * Makes the dish's toppings the given list, in its order: an entry with an id edits that
 * topping (it must be one of this dish's, still on the menu), one without adds a topping, and
 * the ones left out are soft-deleted so carts and orders that hold them stay intact.
 */
async function replaceToppings(trx: Kysely<DB>, foodId: number, toppings: ToppingInput[]) {
  const current = new Set(await selectMenuToppingIds(trx, foodId));
  const named = toppings.flatMap((topping) => (topping.id === undefined ? [] : [topping.id]));
  if (new Set(named).size !== named.length) {
    throw new AppError('TOPPING_INVALID', {
      message: 'Mỗi topping chỉ được gửi một lần',
      errors: [{ path: 'toppings', message: 'Mỗi topping chỉ được gửi một lần' }],
    });
  }
  const foreign = named.find((id) => !current.has(id));
  if (foreign !== undefined) {
    throw new AppError('TOPPING_INVALID', {
      errors: [{ path: 'toppings', message: `Topping ${foreign} không thuộc món ăn này` }],
    });
  }
  const kept = new Set(named);
  await softDeleteToppings(
    trx,
    [...current].filter((id) => !kept.has(id)),
  );
  const added: { name: string; price: number; position: number }[] = [];
  for (const [position, topping] of toppings.entries()) {
    const values = { name: topping.name, price: topping.price, position };
    if (topping.id === undefined) added.push(values);
    else await updateTopping(trx, topping.id, values);
  }
  await insertToppings(trx, foodId, added);
}

function optionRefusal(path: string, message: string): AppError {
  return new AppError('OPTION_INVALID', { message, errors: [{ path, message }] });
}

/**
 * Makes the dish's option groups the given list, in its order (toppings aside: they keep their
 * own field). An id keeps a group or an option of this dish (edited in place, so past carts
 * and orders that hold it keep their meaning; an option may move to another group of the
 * dish); one without adds it; the groups and options left out are soft-deleted. An id of
 * another dish, of a topping, of something removed, or sent twice is refused before anything
 * is written.
 */
async function replaceOptionGroups(
  trx: Kysely<DB>,
  foodId: number,
  groups: OptionGroupInput[],
): Promise<void> {
  const current = await selectMenuOptionIds(trx, foodId);
  const currentGroups = new Set(current.groupIds);
  const currentOptions = new Set(current.optionIds);
  const seenGroups = new Set<number>();
  const seenOptions = new Set<number>();
  for (const [g, group] of groups.entries()) {
    if (group.id !== undefined) {
      const path = `option_groups.${g}.id`;
      if (seenGroups.has(group.id)) {
        throw optionRefusal(path, 'Mỗi nhóm lựa chọn chỉ được gửi một lần');
      }
      if (!currentGroups.has(group.id)) {
        throw optionRefusal(path, `Nhóm lựa chọn ${group.id} không thuộc món ăn này`);
      }
      seenGroups.add(group.id);
    }
    for (const [o, option] of group.options.entries()) {
      if (option.id === undefined) continue;
      const path = `option_groups.${g}.options.${o}.id`;
      if (seenOptions.has(option.id)) {
        throw optionRefusal(path, 'Mỗi lựa chọn chỉ được gửi một lần');
      }
      if (!currentOptions.has(option.id)) {
        throw optionRefusal(path, `Lựa chọn ${option.id} không thuộc món ăn này`);
      }
      seenOptions.add(option.id);
    }
  }
  // Options first: those of a removed group go with it even when the list forgot them.
  await softDeleteToppings(
    trx,
    current.optionIds.filter((id) => !seenOptions.has(id)),
  );
  await softDeleteOptionGroups(
    trx,
    current.groupIds.filter((id) => !seenGroups.has(id)),
  );
  const added: OptionValues[] = [];
  for (const [position, group] of groups.entries()) {
    const values = {
      name: group.name,
      min_select: group.min_select,
      max_select: group.max_select,
      position,
    };
    let groupId = group.id;
    if (groupId === undefined) groupId = await insertOptionGroup(trx, foodId, values);
    else await updateOptionGroup(trx, groupId, values);
    for (const [optionPosition, option] of group.options.entries()) {
      const optionValues = {
        group_id: groupId,
        name: option.name,
        price: option.price,
        available: option.available ?? true,
        position: optionPosition,
      };
      if (option.id === undefined) added.push(optionValues);
      else await updateOption(trx, option.id, optionValues);
    }
  }
  await insertOptions(trx, foodId, added);
}

/** POST /api/staff/foods/ */
export async function createStaffFood(
  deps: StaffMenuDeps,
  user: StaffUser,
  input: FoodCreateInput,
): Promise<StaffFood> {
  const restaurantId = await workplaceOf(deps.db, user);
  checkOneImageSource(input);
  const categoryIds = await checkedCategoryIds(deps.db, input.category_ids);
  if (input.toppings.some((topping) => topping.id !== undefined)) {
    // A new dish has no toppings yet; an id here can only be another dish's.
    throw new AppError('TOPPING_INVALID', {
      errors: [{ path: 'toppings', message: 'Món mới chưa có topping nào để sửa' }],
    });
  }
  const picture = await encodeDishImage(input.image);
  const id = await deps.db.transaction().execute(async (trx) => {
    const stored = picture && (await deps.uploads.save(trx, 'foods', picture, 'webp'));
    const foodId = await insertFood(trx, {
      restaurant_id: restaurantId,
      name: input.name,
      description: input.description,
      price: input.price,
      image: stored ?? input.image_url ?? null,
      available: input.available,
    });
    await replaceFoodCategories(trx, foodId, categoryIds);
    await replaceToppings(trx, foodId, input.toppings);
    await replaceOptionGroups(trx, foodId, input.option_groups);
    return foodId;
  });
  return loadFood(deps.db, restaurantId, id);
}

/**
 * PUT /api/staff/foods/{id}/: the fields given change, the others stay. A replaced picture is
 * deleted in the same transaction unless an order's snapshot still names it; an order being
 * placed right now holds the dish's row (checkout reads it FOR SHARE), so it either took the
 * old picture before this runs or takes the new one after.
 */
export async function updateStaffFood(
  deps: StaffMenuDeps,
  user: StaffUser,
  id: number,
  input: FoodUpdateInput,
): Promise<StaffFood> {
  const restaurantId = await workplaceOf(deps.db, user);
  // Found first, so another restaurant's dish costs no image processing and reveals nothing.
  if (!(await selectMenuFood(deps.db, restaurantId, id))) throw new AppError('FOOD_NOT_FOUND');
  checkOneImageSource(input);
  const categoryIds =
    input.category_ids === undefined
      ? undefined
      : await checkedCategoryIds(deps.db, input.category_ids);
  const picture = await encodeDishImage(input.image);
  await deps.db.transaction().execute(async (trx) => {
    const current = await lockMenuFood(trx, restaurantId, id);
    if (!current) throw new AppError('FOOD_NOT_FOUND');
    const stored = picture && (await deps.uploads.save(trx, 'foods', picture, 'webp'));
    const image = stored ?? input.image_url;
    await updateFood(trx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.price !== undefined ? { price: input.price } : {}),
      ...(input.available !== undefined ? { available: input.available } : {}),
      ...(image !== undefined ? { image } : {}),
    });
    if (categoryIds !== undefined) await replaceFoodCategories(trx, id, categoryIds);
    if (input.toppings !== undefined) await replaceToppings(trx, id, input.toppings);
    if (input.option_groups !== undefined) await replaceOptionGroups(trx, id, input.option_groups);
    if (image !== undefined) await deps.uploads.removeUnused(trx, [current.image]);
  });
  return loadFood(deps.db, restaurantId, id);
}

/**
 * DELETE /api/staff/foods/{id}/: a soft delete. Orders that contain the dish keep it; it leaves
 * the customer lists, search and this menu. Its picture is deleted with it unless an order's
 * snapshot still names it.
 */
export async function deleteStaffFood(
  deps: StaffMenuDeps,
  user: StaffUser,
  id: number,
): Promise<void> {
  const restaurantId = await workplaceOf(deps.db, user);
  await deps.db.transaction().execute(async (trx) => {
    const food = await lockMenuFood(trx, restaurantId, id);
    if (!food || !(await softDeleteFood(trx, restaurantId, id))) {
      throw new AppError('FOOD_NOT_FOUND');
    }
    await deps.uploads.removeUnused(trx, [food.image]);
  });
}

/** PUT /api/staff/foods/{id}/toggle/: on sale <-> paused (spec section 4). */
export async function toggleStaffFood(
  db: Kysely<DB>,
  user: StaffUser,
  id: number,
): Promise<StaffFood> {
  const restaurantId = await workplaceOf(db, user);
  if (!(await flipFoodAvailable(db, restaurantId, id))) throw new AppError('FOOD_NOT_FOUND');
  return loadFood(db, restaurantId, id);
}

/**
 * Until when 'hết hôm nay' holds: the restaurant's next opening after now (Asia/Ho_Chi_Minh),
 * or the same time tomorrow for a restaurant that gives no hours at all.
 */
async function soldOutUntil(
  db: Kysely<DB>,
  restaurantId: number,
  soldOut: boolean,
  now: Date,
): Promise<Date | null> {
  if (!soldOut) return null;
  const hours = (await selectRestaurantHours(db, restaurantId)) as OpeningHours;
  return nextOpeningAfter(hours, now) ?? new Date(now.getTime() + 24 * 60 * 60 * 1000);
}

/**
 * PUT /api/staff/foods/{id}/sold-out/: 'Hết món hôm nay' (sells again by itself at the next
 * opening) or back on sale now. The owner's on/off switch is left as it is.
 */
export async function setStaffFoodSoldOut(
  db: Kysely<DB>,
  user: StaffUser,
  id: number,
  soldOut: boolean,
  now = new Date(),
): Promise<StaffFood> {
  const restaurantId = await workplaceOf(db, user);
  const until = await soldOutUntil(db, restaurantId, soldOut, now);
  if (!(await setFoodSoldOut(db, restaurantId, id, until))) throw new AppError('FOOD_NOT_FOUND');
  const row = await selectMenuFood(db, restaurantId, id);
  if (!row) throw new AppError('FOOD_NOT_FOUND');
  return (await toStaffFoods(db, [row], now))[0]!;
}

/** PUT /api/staff/foods/{id}/options/{option_id}/sold-out/: the same for one option or topping. */
export async function setStaffOptionSoldOut(
  db: Kysely<DB>,
  user: StaffUser,
  id: number,
  optionId: number,
  soldOut: boolean,
  now = new Date(),
): Promise<StaffFood> {
  const restaurantId = await workplaceOf(db, user);
  const row = await selectMenuFood(db, restaurantId, id);
  if (!row) throw new AppError('FOOD_NOT_FOUND');
  const until = await soldOutUntil(db, restaurantId, soldOut, now);
  if (!(await setOptionSoldOut(db, id, optionId, until))) throw new AppError('OPTION_NOT_FOUND');
  return (await toStaffFoods(db, [row], now))[0]!;
}
