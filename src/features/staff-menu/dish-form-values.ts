import type { FieldError } from '#contract/envelope';
import type { FoodCreateBody, StaffFood } from '#contract/staff-menu';
import {
  optionGroupRows,
  optionGroupsPayload,
  placeOptionGroupError,
  type OptionGroupErrors,
  type OptionGroupPayload,
  type OptionGroupRow,
} from './option-groups-state';

// The dish form of spec 2.18 as plain data: what the screen edits, what it sends and where the
// server's field errors go back. Spec section 5 gives the dish form no checks of its own, so
// nothing here refuses a value: an empty price goes out as null and the server says why.

/** Where the picture comes from: an uploaded file or a link the owner pastes, one at a time. */
export type ImageSource = 'file' | 'url';

export interface ToppingRow {
  /** React's key for the row; rows are added and removed in any order. */
  key: string;
  /** An existing topping keeps its id, and with it its place in carts that hold it. */
  id?: number;
  name: string;
  /** '' while the field is empty. */
  price: number | '';
}

export interface DishFormValues {
  name: string;
  price: number | '';
  description: string;
  imageSource: ImageSource;
  /** The link typed while imageSource is 'url'. */
  imageUrl: string;
  /** Category ids as text, the values of the chips. */
  categoryIds: string[];
  toppings: ToppingRow[];
  /** The option groups besides the toppings, in the order customers see them. */
  optionGroups: OptionGroupRow[];
  available: boolean;
}

let rowCount = 0;

export function newToppingRow(topping?: { id: number; name: string; price: number }): ToppingRow {
  rowCount += 1;
  return topping
    ? { key: `topping-${rowCount}`, id: topping.id, name: topping.name, price: topping.price }
    : { key: `topping-${rowCount}`, name: '', price: '' };
}

/** A picture the server stores is a path of its own; a linked one is an absolute http(s) URL. */
export function isLinkedImage(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url.trim());
}

/** A new dish starts empty and on sale; an existing one from what the server has. */
export function initialDishValues(food: StaffFood | null): DishFormValues {
  if (!food) {
    return {
      name: '',
      price: '',
      description: '',
      imageSource: 'file',
      imageUrl: '',
      categoryIds: [],
      toppings: [],
      optionGroups: [],
      available: true,
    };
  }
  const image = food.image_url;
  const linked = isLinkedImage(image);
  return {
    name: food.name,
    price: food.price,
    description: food.description,
    imageSource: linked ? 'url' : 'file',
    imageUrl: linked ? image.trim() : '',
    categoryIds: food.categories.map((category) => String(category.id)),
    toppings: food.toppings.map((topping) => newToppingRow(topping)),
    optionGroups: optionGroupRows(food.option_groups),
    available: food.available,
  };
}

/**
 * The body of POST foods/ and PUT foods/{id}/ as this form sends it. Prices may be null: an
 * empty field is the server's to refuse (spec section 5), in its own words.
 */
export type DishPayload = Omit<
  FoodCreateBody,
  'price' | 'toppings' | 'category_ids' | 'option_groups'
> & {
  price: number | null;
  category_ids: number[];
  toppings: { id?: number; name: string; price: number | null }[];
  /** Always the whole list: a group or option left out is removed by the server. */
  option_groups: OptionGroupPayload[];
};

export interface DishRequest {
  payload: DishPayload;
  /** The row key of each topping sent, in order: the server names them by that index. */
  toppingKeys: string[];
  /** The groups as sent, in order: the server names groups and options by index too. */
  optionGroups: OptionGroupRow[];
}

const isBlankRow = (row: ToppingRow) => row.name.trim() === '' && row.price === '';

/**
 * What to send. A topping row left completely empty is dropped rather than sent as a nameless
 * topping. In 'url' mode the link goes as image_url (empty: no picture); in 'file' mode
 * image_url is left out, so the current picture stays unless a new file goes with the request.
 */
export function toDishRequest(values: DishFormValues): DishRequest {
  const rows = values.toppings.filter((row) => !isBlankRow(row));
  const payload: DishPayload = {
    name: values.name,
    price: values.price === '' ? null : values.price,
    description: values.description,
    category_ids: values.categoryIds.map(Number),
    toppings: rows.map(({ id, name, price }) => ({
      ...(id === undefined ? {} : { id }),
      name,
      price: price === '' ? null : price,
    })),
    option_groups: optionGroupsPayload(values.optionGroups),
    available: values.available,
  };
  if (values.imageSource === 'url') payload.image_url = values.imageUrl.trim() || null;
  return {
    payload,
    toppingKeys: rows.map((row) => row.key),
    optionGroups: values.optionGroups,
  };
}

/**
 * The same body as multipart/form-data with the picture in 'image'. Numbers and booleans go as
 * text and the lists as JSON text, which is how the server reads them back (parseFoodFields).
 */
export function toDishFormData(payload: DishPayload, image: File): FormData {
  const form = new FormData();
  form.append('name', payload.name);
  form.append('price', payload.price === null ? '' : String(payload.price));
  form.append('description', payload.description ?? '');
  form.append('category_ids', JSON.stringify(payload.category_ids));
  form.append('toppings', JSON.stringify(payload.toppings));
  form.append('option_groups', JSON.stringify(payload.option_groups));
  form.append('available', String(payload.available ?? true));
  form.append('image', image, image.name);
  return form;
}

export type DishField =
  'name' | 'price' | 'description' | 'image' | 'categories' | 'toppings' | 'available';

export interface DishFieldErrors {
  fields: Partial<Record<DishField, string>>;
  /** Per topping row key: the problem with its name or its price. */
  toppings: Record<string, { name?: string; price?: string }>;
  optionGroups: OptionGroupErrors;
}

const FIELD_OF_PATH: Record<string, DishField> = {
  name: 'name',
  price: 'price',
  description: 'description',
  image: 'image',
  image_url: 'image',
  category_ids: 'categories',
  toppings: 'toppings',
  available: 'available',
};

/**
 * The server's `errors[{path, message}]` placed under the fields they concern: 'toppings.2.price'
 * under the price of the third topping sent. The first message for a field wins.
 */
export function dishFieldErrors(
  errors: readonly FieldError[] | undefined,
  toppingKeys: readonly string[],
  optionGroups: readonly OptionGroupRow[] = [],
): DishFieldErrors {
  const found: DishFieldErrors = {
    fields: {},
    toppings: {},
    optionGroups: { groups: {}, options: {} },
  };
  for (const { path, message } of errors ?? []) {
    if (!message) continue;
    const [head = '', index, part] = path.split('.');
    if (head === 'option_groups') {
      placeOptionGroupError(found.optionGroups, path.split('.').slice(1), message, optionGroups);
      continue;
    }
    const field = FIELD_OF_PATH[head];
    if (!field) continue;
    const rowKey = index === undefined ? undefined : toppingKeys[Number(index)];
    if (field === 'toppings' && rowKey && (part === 'name' || part === 'price')) {
      const row = (found.toppings[rowKey] ??= {});
      row[part] ??= message;
      continue;
    }
    found.fields[field] ??= message;
  }
  return found;
}
