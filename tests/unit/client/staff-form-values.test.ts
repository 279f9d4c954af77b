import { describe, expect, it } from 'vitest';
import {
  dishFieldErrors,
  initialDishValues,
  isLinkedImage,
  newToppingRow,
  toDishFormData,
  toDishRequest,
  type DishFormValues,
} from '#src/features/staff-menu/dish-form-values';
import {
  restaurantFieldErrors,
  restaurantRequestBody,
} from '#src/features/staff-restaurant/restaurant-fields';
import { makeStaffFood, pictureFile } from '../../ui/staff-workspace-fake-api';

const values = (overrides: Partial<DishFormValues> = {}): DishFormValues => ({
  ...initialDishValues(null),
  name: 'Bún chả',
  price: 55_000,
  ...overrides,
});

describe('the dish form values', () => {
  it('starts a new dish empty and on sale, with the picture to upload', () => {
    expect(initialDishValues(null)).toEqual({
      name: '',
      price: '',
      description: '',
      imageSource: 'file',
      imageUrl: '',
      categoryIds: [],
      toppings: [],
      optionGroups: [],
      available: true,
    });
  });

  it('starts an existing dish from the server, a linked picture on its URL', () => {
    const linked = initialDishValues(makeStaffFood({ image_url: 'https://cdn.example.vn/a.jpg' }));
    expect(linked).toMatchObject({
      name: 'Phở bò tái lăn',
      price: 45_000,
      imageSource: 'url',
      imageUrl: 'https://cdn.example.vn/a.jpg',
      categoryIds: ['2'],
      available: true,
    });
    expect(linked.toppings.map(({ id, name, price }) => ({ id, name, price }))).toEqual([
      { id: 101, name: 'Trứng chần', price: 5_000 },
      { id: 102, name: 'Quẩy', price: 3_000 },
    ]);
    expect(initialDishValues(makeStaffFood())).toMatchObject({ imageSource: 'file', imageUrl: '' });
  });

  it('tells a linked picture from one the server stores', () => {
    expect(isLinkedImage('https://cdn.example.vn/a.jpg')).toBe(true);
    expect(isLinkedImage('HTTP://cdn.example.vn/a.jpg')).toBe(true);
    expect(isLinkedImage('/uploads/foods/a.webp')).toBe(false);
    expect(isLinkedImage(null)).toBe(false);
  });

  it('sends empty prices as null for the server to judge, and drops blank topping rows', () => {
    const kept = { ...newToppingRow(), name: 'Nem', price: '' as const };
    const { payload, toppingKeys } = toDishRequest(
      values({ price: '', toppings: [newToppingRow(), kept], categoryIds: ['3', '1'] }),
    );
    expect(payload).toEqual({
      name: 'Bún chả',
      price: null,
      description: '',
      category_ids: [3, 1],
      toppings: [{ name: 'Nem', price: null }],
      option_groups: [],
      available: true,
    });
    expect(toppingKeys).toEqual([kept.key]);
  });

  it('sends image_url only for a linked picture, empty meaning no picture', () => {
    expect(toDishRequest(values()).payload).not.toHaveProperty('image_url');
    expect(
      toDishRequest(values({ imageSource: 'url', imageUrl: ' https://a.vn/x.jpg ' })).payload,
    ).toMatchObject({ image_url: 'https://a.vn/x.jpg' });
    expect(toDishRequest(values({ imageSource: 'url', imageUrl: '  ' })).payload).toMatchObject({
      image_url: null,
    });
  });

  it('puts the multipart fields as text, lists as JSON text, with the picture', () => {
    const topping = { ...newToppingRow({ id: 7, name: 'Chả', price: 20_000 }) };
    const { payload } = toDishRequest(values({ toppings: [topping], categoryIds: ['2'] }));
    const form = toDishFormData(payload, pictureFile('a.png'));
    expect([...form.keys()]).toEqual([
      'name',
      'price',
      'description',
      'category_ids',
      'toppings',
      'option_groups',
      'available',
      'image',
    ]);
    expect(form.get('price')).toBe('55000');
    expect(form.get('category_ids')).toBe('[2]');
    expect(form.get('toppings')).toBe('[{"id":7,"name":"Chả","price":20000}]');
    expect(form.get('option_groups')).toBe('[]');
    expect(form.get('available')).toBe('true');
    expect((form.get('image') as File).name).toBe('a.png');
  });

  it("places the server's field errors, toppings by the row they were sent from", () => {
    const rows = [newToppingRow(), newToppingRow()];
    const errors = dishFieldErrors(
      [
        { path: 'price', message: 'Giá sai' },
        { path: 'price', message: 'Giá sai lần hai' },
        { path: 'image_url', message: 'Ảnh sai' },
        { path: 'category_ids.0', message: 'Danh mục sai' },
        { path: 'toppings.1.price', message: 'Giá topping sai' },
        { path: 'toppings', message: 'Tối đa 20 topping' },
        { path: 'restaurant_id', message: 'Không liên quan' },
      ],
      rows.map((row) => row.key),
    );
    expect(errors.fields).toEqual({
      price: 'Giá sai',
      image: 'Ảnh sai',
      categories: 'Danh mục sai',
      toppings: 'Tối đa 20 topping',
    });
    expect(errors.toppings).toEqual({ [rows[1]!.key]: { price: 'Giá topping sai' } });
  });
});

describe('the restaurant form values', () => {
  const fields = {
    name: 'Phở Thìn',
    address: '13 Lò Đúc',
    phone: '0912345678',
    email: 'a@b.vn',
    description: '',
    delivery_radius_km: 8 as number | '',
    auto_accept: true,
  };

  it('is JSON without pictures and multipart with either one', () => {
    expect(restaurantRequestBody(fields, { cover: null, logo: null })).toEqual({ json: fields });
    const multipart = restaurantRequestBody(fields, { cover: pictureFile('c.png'), logo: null });
    expect('body' in multipart).toBe(true);
    const form = (multipart as { body: FormData }).body;
    // Multipart is text: the radius and the switch as the server reads them back.
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'cover'))).toEqual({
      ...fields,
      delivery_radius_km: '8',
      auto_accept: 'true',
    });
    expect(form.has('cover')).toBe(true);
    expect(form.has('logo')).toBe(false);
  });

  it('sends an empty radius as null, for the server to refuse in its words', () => {
    expect(
      restaurantRequestBody({ ...fields, delivery_radius_km: '' }, { cover: null, logo: null }),
    ).toEqual({ json: { ...fields, delivery_radius_km: null } });
  });

  it("places the server's field errors, a pin problem under the address", () => {
    expect(
      restaurantFieldErrors([
        { path: 'lat', message: 'Không tìm thấy địa chỉ' },
        { path: 'logo_url', message: 'Logo sai' },
        { path: 'opening_hours.mon', message: 'Không thuộc form này' },
      ]),
    ).toEqual({ address: 'Không tìm thấy địa chỉ', logo: 'Logo sai' });
  });
});
