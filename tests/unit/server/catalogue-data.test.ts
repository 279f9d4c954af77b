import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_NAMES,
  DEMO_RESTAURANTS,
  WEEKDAYS,
  type CategoryName,
  type DemoRestaurant,
  type Interval,
} from '#server/seed/catalogue-data';
import {
  dishArtSvg,
  renderDishArt,
  renderRestaurantArt,
  restaurantArtSvg,
} from '#server/seed/dish-art';

const restaurants = DEMO_RESTAURANTS;
const dishes = restaurants.flatMap((r) => r.dishes);
const visible = restaurants.filter((r) => r.is_active && r.approval_status === 'approved');

const isAllDay = (i: Interval) => i.open === '00:00' && i.close === '24:00';
const alwaysOpen = (r: DemoRestaurant) =>
  WEEKDAYS.every((day) => r.opening_hours[day].some(isAllDay));

/** Every string anywhere inside a value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('demo catalogue: restaurants', () => {
  it('has at least 44 restaurants, at least 42 of them approved and active', () => {
    expect(restaurants.length).toBeGreaterThanOrEqual(44);
    expect(visible.length).toBeGreaterThanOrEqual(42);
  });

  it('spreads the visible restaurants over the three cities', () => {
    const count = (city: DemoRestaurant['city']) => visible.filter((r) => r.city === city).length;
    expect(count('Hà Nội')).toBeGreaterThanOrEqual(15);
    expect(count('TP. Hồ Chí Minh')).toBeGreaterThanOrEqual(15);
    expect(count('Đà Nẵng')).toBeGreaterThanOrEqual(8);
  });

  it('has exactly one paused (approved) and exactly one pending restaurant', () => {
    const paused = restaurants.filter((r) => !r.is_active);
    expect(paused).toHaveLength(1);
    expect(paused[0]?.approval_status).toBe('approved');
    const pending = restaurants.filter((r) => r.approval_status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]?.is_active).toBe(true);
  });

  it('has at least four restaurants open around the clock, the first of them first', () => {
    expect(visible.filter(alwaysOpen).length).toBeGreaterThanOrEqual(4);
    const first = restaurants[0];
    expect(first && alwaysOpen(first)).toBe(true);
    expect(first?.is_active).toBe(true);
    expect(first?.approval_status).toBe('approved');
  });

  it('writes opening hours as HH:MM intervals for all seven days', () => {
    const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
    for (const r of restaurants) {
      expect(Object.keys(r.opening_hours).sort()).toEqual([...WEEKDAYS].sort());
      for (const day of WEEKDAYS) {
        for (const interval of r.opening_hours[day]) {
          expect(interval.open, r.name).toMatch(hhmm);
          if (interval.close === '24:00') expect(interval.open, r.name).toBe('00:00');
          else expect(interval.close, r.name).toMatch(hhmm);
          expect(interval.close, r.name).not.toBe(interval.open);
        }
      }
    }
  });

  it('has realistic variety in its hours: split days, past midnight, closed days', () => {
    const intervals = restaurants.flatMap((r) => WEEKDAYS.flatMap((day) => r.opening_hours[day]));
    const pastMidnight = intervals.filter((i) => i.close !== '24:00' && i.close < i.open);
    expect(pastMidnight.length).toBeGreaterThan(0);
    expect(restaurants.some((r) => WEEKDAYS.some((day) => r.opening_hours[day].length >= 2))).toBe(
      true,
    );
    expect(restaurants.some((r) => WEEKDAYS.some((day) => r.opening_hours[day].length === 0))).toBe(
      true,
    );
    // Morning-only shops: every interval closes by noon.
    expect(
      restaurants.some((r) =>
        WEEKDAYS.every((day) =>
          r.opening_hours[day].every((i) => i.open < '12:00' && i.close <= '13:00'),
        ),
      ),
    ).toBe(true);
  });

  it('places each restaurant inside its city', () => {
    const boxes: Record<DemoRestaurant['city'], [number, number, number, number]> = {
      'Hà Nội': [20.9, 21.15, 105.7, 105.95],
      'TP. Hồ Chí Minh': [10.7, 10.9, 106.6, 106.8],
      'Đà Nẵng': [15.95, 16.12, 108.13, 108.3],
    };
    for (const r of restaurants) {
      const [latMin, latMax, lonMin, lonMax] = boxes[r.city];
      expect(r.lat, r.name).toBeGreaterThanOrEqual(latMin);
      expect(r.lat, r.name).toBeLessThanOrEqual(latMax);
      expect(r.lon, r.name).toBeGreaterThanOrEqual(lonMin);
      expect(r.lon, r.name).toBeLessThanOrEqual(lonMax);
      expect(r.address.endsWith(r.city), r.address).toBe(true);
      expect(r.address, r.name).toMatch(/^\d+[A-Z]? /);
    }
  });

  it('gives unique names, phones and emails in the expected shapes', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(restaurants.map((r) => r.name))).toBe(true);
    expect(unique(restaurants.map((r) => r.phone))).toBe(true);
    expect(unique(restaurants.map((r) => r.email))).toBe(true);
    for (const r of restaurants) {
      expect(r.phone).toMatch(/^0\d{9}$/);
      expect(r.email).toMatch(/^[a-z0-9]+(\.[a-z0-9]+)*@monngon\.vn$/);
      expect(r.description.length).toBeGreaterThan(20);
    }
  });

  it('keeps every string in NFC with no stray whitespace', () => {
    const all = strings(DEMO_RESTAURANTS);
    expect(all.length).toBeGreaterThan(1000);
    for (const s of all) {
      expect(s.normalize('NFC'), s).toBe(s);
      expect(s.trim(), s).toBe(s);
      expect(s).not.toMatch(/\s{2}/);
    }
  });
});

describe('demo catalogue: dishes', () => {
  it('has at least 420 dishes and at least 8 per restaurant, unique within a restaurant', () => {
    expect(dishes.length).toBeGreaterThanOrEqual(420);
    for (const r of restaurants) {
      expect(r.dishes.length, r.name).toBeGreaterThanOrEqual(8);
      expect(new Set(r.dishes.map((d) => d.name)).size, r.name).toBe(r.dishes.length);
    }
  });

  it('uses only the six categories, one or two per dish, each with at least 40 dishes', () => {
    const counts = new Map<CategoryName, number>();
    for (const d of dishes) {
      expect(d.categories.length, d.name).toBeGreaterThanOrEqual(1);
      expect(d.categories.length, d.name).toBeLessThanOrEqual(2);
      expect(new Set(d.categories).size, d.name).toBe(d.categories.length);
      for (const c of d.categories) {
        expect(CATEGORY_NAMES).toContain(c);
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    }
    expect(CATEGORY_NAMES).toHaveLength(6);
    for (const c of CATEGORY_NAMES) expect(counts.get(c) ?? 0, c).toBeGreaterThanOrEqual(40);
  });

  it('prices dishes and toppings in whole thousands of VND within range', () => {
    for (const d of dishes) {
      expect(Number.isInteger(d.price), d.name).toBe(true);
      expect(d.price % 1000, d.name).toBe(0);
      expect(d.price, d.name).toBeGreaterThanOrEqual(10_000);
      expect(d.price, d.name).toBeLessThanOrEqual(250_000);
      expect(d.description.length, d.name).toBeGreaterThan(20);
      expect(new Set(d.toppings.map((t) => t.name)).size, d.name).toBe(d.toppings.length);
      for (const t of d.toppings) {
        expect(Number.isInteger(t.price), t.name).toBe(true);
        expect(t.price % 1000, t.name).toBe(0);
        expect(t.price, t.name).toBeGreaterThanOrEqual(0);
        expect(t.price, t.name).toBeLessThanOrEqual(30_000);
      }
    }
  });

  it('has some dishes sold out and toppings on about half of them', () => {
    const unavailable = dishes.filter((d) => !d.available).length / dishes.length;
    expect(unavailable).toBeGreaterThanOrEqual(0.05);
    expect(unavailable).toBeLessThanOrEqual(0.12);
    const withToppings = dishes.filter((d) => d.toppings.length > 0).length / dishes.length;
    expect(withToppings).toBeGreaterThanOrEqual(0.35);
    expect(withToppings).toBeLessThanOrEqual(0.65);
  });

  it('contains the dishes the search tests look for, on visible restaurants', () => {
    const visibleDishes = visible.flatMap((r) => r.dishes.filter((d) => d.available));
    expect(visibleDishes.some((d) => d.name === 'Phở bò')).toBe(true);
    expect(visibleDishes.some((d) => d.name === 'Bánh mì')).toBe(true);
    expect(visibleDishes.some((d) => d.name.includes('Đậu hũ'))).toBe(true);
  });
});

describe('demo art', () => {
  const samples: Record<CategoryName, string> = {
    'Đồ ăn vặt': 'Bánh tráng trộn',
    'Món chính': 'Cơm tấm sườn bì chả',
    'Tráng miệng': 'Chè ba màu',
    'Món ăn nhanh': 'Hamburger bò',
    'Món ăn đường phố': 'Bánh mì thịt nướng',
    Mì: 'Mì vằn thắn',
  };
  const isWebp = (b: Buffer) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP';

  it.each(CATEGORY_NAMES)('draws a small 480x360 WebP for %s', async (category) => {
    const image = await renderDishArt({
      seed: `sample|${category}`,
      category,
      title: samples[category],
    });
    expect(isWebp(image)).toBe(true);
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([480, 360]);
    expect(image.length).toBeLessThan(25 * 1024);
  });

  it('falls back to the category motif for a title it does not recognise', async () => {
    const image = await renderDishArt({ seed: 'x', category: 'Mì', title: 'Món bí mật' });
    expect(isWebp(image)).toBe(true);
    expect(image.length).toBeLessThan(25 * 1024);
  });

  it('honours a requested size', async () => {
    const image = await renderDishArt(
      { seed: 'size', category: 'Món chính', title: 'Cơm gà xối mỡ' },
      { width: 240, height: 180 },
    );
    const meta = await sharp(image).metadata();
    expect([meta.width, meta.height]).toEqual([240, 180]);
  });

  it('is deterministic, and the seed changes the picture', async () => {
    const input = { seed: 'Phở Thìn|Phở bò', category: 'Mì', title: 'Phở bò' } as const;
    const a = await renderDishArt(input);
    const b = await renderDishArt(input);
    expect(a.equals(b)).toBe(true);
    const other = await renderDishArt({ ...input, seed: 'Phở Thìn|Phở bò 2' });
    expect(other.equals(a)).toBe(false);
  });

  it('draws restaurant covers (960x400) and logos (256x256) deterministically', async () => {
    for (const [kind, size] of [
      ['cover', [960, 400]],
      ['logo', [256, 256]],
    ] as const) {
      const a = await renderRestaurantArt('Phở Thìn Lò Đúc', kind);
      const b = await renderRestaurantArt('Phở Thìn Lò Đúc', kind);
      expect(isWebp(a)).toBe(true);
      expect(a.equals(b)).toBe(true);
      const meta = await sharp(a).metadata();
      expect([meta.width, meta.height]).toEqual(size);
      expect(a.length).toBeLessThan(kind === 'cover' ? 40 * 1024 : 25 * 1024);
    }
  });

  it('builds SVG from shapes only: no text, fonts, images or external references', () => {
    const svgs = [
      ...CATEGORY_NAMES.map((category) =>
        dishArtSvg({ seed: category, category, title: samples[category] }),
      ),
      restaurantArtSvg('Quán Cô Lan 24h', 'cover'),
      restaurantArtSvg('Quán Cô Lan 24h', 'logo'),
    ];
    for (const svg of svgs) {
      expect(svg).not.toMatch(/<text|<image|font|href=|url\((?!#)/);
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:/);
    }
  });

  it('rejects impossible sizes', () => {
    expect(() =>
      dishArtSvg({ seed: 'x', category: 'Mì', title: 'Mì' }, { width: 0, height: 360 }),
    ).toThrow(RangeError);
  });
});
