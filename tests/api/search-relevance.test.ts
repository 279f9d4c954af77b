import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchReplySchema, type SearchRestaurant } from '#contract/catalogue';
import { searchWords } from '#server/lib/search-text';
import { seedDemoData } from '#server/seed/index';
import { call } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * What a person typing into the search box on the demo catalogue gets, measured from Hồ Hoàn
 * Kiếm (no location sent): the reported examples, phone input, and hostile text.
 */
describe('search relevance on the demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The pictures are most of the seed's time and no part of what search answers.
    await seedDemoData(t.database.db, {
      uploads: t.app.uploads,
      config: t.app.config,
      pictures: false,
      history: false,
    });
  }, 180_000);
  afterAll(() => t.close());

  const search = async (q: string, extra = '') => {
    const res = await call(t.app, 'GET', `/api/search/?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return SearchReplySchema.parse(res.body).data;
  };
  const restaurants = (items: SearchRestaurant[]) => items.map((r) => r.name);
  const dishes = (items: SearchRestaurant[]) =>
    items.flatMap((r) => r.searched_foods.map((f) => f.name));
  /** Every page of a query, for what it finds at all. */
  const everything = async (q: string) => {
    const all: SearchRestaurant[] = [];
    for (let page = 1; ; page++) {
      const data = await search(q, `&page=${page}&per_page=50`);
      all.push(...data.items);
      if (!data.pagination.has_next) return all;
    }
  };
  const hasWords = (name: string, ...words: string[]) => {
    const own = searchWords(name);
    return words.every((word) => own.includes(word));
  };

  it("lists phở shops first for 'pho' near Hoàn Kiếm, not the dessert or the street-named snail shop", async () => {
    const { items } = await search('pho');
    expect(restaurants(items).slice(0, 3)).toEqual([
      'Phở Gà Bà Lâm',
      'Bún Bò Nam Bộ Cô Hà',
      'Phở & Bún 24h Phố Cổ',
    ]);
    expect(dishes(items).length).toBeGreaterThan(10);
    for (const name of dishes(items)) expect(hasWords(name, 'phở'), name).toBe(true);
    expect(restaurants(items)).not.toContain('Ốc Nóng Phố Cổ');
    expect(dishes(items)).not.toContain('Tào phớ');
    for (let i = 1; i < items.length; i++) {
      expect(items[i]!.distance_km).toBeGreaterThanOrEqual(items[i - 1]!.distance_km);
    }
  });

  it("counts typed accents: 'phố' is not 'phở', and 'tao pho' still finds tào phớ", async () => {
    const street = await search('phố');
    expect(restaurants(street.items)[0]).toBe('Ốc Nóng Phố Cổ');
    expect(dishes(street.items)).toContain('Ốc luộc lá chanh');
    const soup = await search('phở');
    expect(restaurants(soup.items)).not.toContain('Ốc Nóng Phố Cổ');
    expect(restaurants(soup.items)).not.toEqual(restaurants(street.items));
    expect(dishes((await search('tao pho')).items)).toEqual(['Tào phớ']);
  });

  it.each([
    ['phowr bof', ['phở', 'bò'], 'Phở bò'],
    ['bun char', ['bún', 'chả'], 'Bún chả Hà Nội'],
    ['my quang', ['mì', 'quảng'], 'Mì Quảng gà'],
    ['mỳ cay', ['mì', 'cay'], 'Mì cay gà'],
    ['Mì Quảng', ['mì', 'quảng'], 'Mì Quảng tôm thịt'],
    ['banh xoe', ['bánh', 'xèo'], 'Bánh xèo tôm thịt'],
    ['  BÚN   bò  HUẾ ', ['bún', 'bò', 'huế'], 'Bún bò Huế'],
    ['bun bo hue', ['bún', 'bò', 'huế'], 'Bún bò Huế'],
  ])('reads %j as the dishes named with %j', async (q, words, example) => {
    const found = dishes(await everything(q));
    expect(found).toContain(example);
    for (const name of found) expect(hasWords(name, ...words), name).toBe(true);
  });

  it("finds chè for 'che', never chén", async () => {
    const { rows } = await sql<{ name: string }>`
      select name from foods where 'chén' = any(name_words) and listed`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    const found = dishes(await everything('che'));
    expect(found).toContain('Chè ba màu');
    for (const name of found) expect(hasWords(name, 'chè'), name).toBe(true);
  });

  it.each(['Tráng miệng', 'Món ăn đường phố', 'trang mieng'])(
    'finds the dishes of the category %j (the category chips search by name)',
    async (q) => {
      const all = await everything(q);
      const category = all[0]!.searched_foods[0]!.categories;
      expect(all.length).toBeGreaterThan(3);
      const expected = q === 'Món ăn đường phố' ? 'Món ăn đường phố' : 'Tráng miệng';
      expect(category).toContain(expected);
      for (const food of all.flatMap((r) => r.searched_foods)) {
        expect(food.categories, food.name).toContain(expected);
      }
    },
  );

  it('finds a restaurant by its name, and by a phrase of it no dish uses', async () => {
    const named = await search('Ốc Nóng Phố Cổ');
    expect(restaurants(named.items)).toEqual(['Ốc Nóng Phố Cổ']);
    expect(dishes(named.items)).toContain('Ốc xào me');
    expect(restaurants((await search('pasteur')).items)).toEqual(['Phở Ông Tư Pasteur']);
    expect(restaurants((await search('co ba')).items).sort()).toEqual([
      'Bánh Mì Cô Ba',
      'Chè & Kem Bơ Cô Ba',
    ]);
  });

  it.each([
    ['asc', (a: number, b: number) => a <= b],
    ['desc', (a: number, b: number) => a >= b],
  ] as const)('orders the matches by their cheapest dish, %s', async (order, inOrder) => {
    const { items } = await search('bun bo', `&sort_by=price&sort_order=${order}`);
    expect(items.length).toBeGreaterThan(3);
    const cheapest = items.map((r) => Math.min(...r.searched_foods.map((f) => f.price)));
    for (let i = 1; i < cheapest.length; i++) {
      expect(inOrder(cheapest[i - 1]!, cheapest[i]!), cheapest.join(', ')).toBe(true);
    }
    for (const name of dishes(items)) expect(hasWords(name, 'bún', 'bò'), name).toBe(true);
  });

  describe('bad input', () => {
    // A liveness bound, as the issue asks (never slower than a second), not a measurement.
    const timed = async (url: string) => {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url });
      expect(Date.now() - started).toBeLessThan(1_000);
      return res;
    };

    it('refuses 5,000 characters with a Vietnamese 400', async () => {
      const res = await timed(`/api/search/?q=${'phở '.repeat(1_250)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Từ khóa tìm kiếm tối đa 200 ký tự' });
    });

    it.each(['!!!???', '%', '_', '%_%', '.*[(\\', '^$|+?{}', '🍜🍜', '\u200b\u200b', "'; --"])(
      'answers %j with 200 and nothing found',
      async (q) => {
        const res = await timed(`/api/search/?q=${encodeURIComponent(q)}`);
        expect(res.statusCode).toBe(200);
        expect(SearchReplySchema.parse(res.json()).data).toMatchObject({ items: [], pages: 0 });
      },
    );

    it.each(['phở🍜', 'ph\u200bở', 'phở%', '(phở)', 'phở_'])('reads %j as phở', async (q) => {
      const res = await timed(`/api/search/?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      const found = dishes(SearchReplySchema.parse(res.json()).data.items);
      expect(found).toContain('Phở gà lườn');
    });

    it('refuses a NUL byte as invalid text', async () => {
      const res = await timed('/api/search/?q=ph%00o');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TEXT' });
    });

    it('answers a long run of slips and unknown words quickly, with nothing', async () => {
      const q = 'xyzzyq qwrtpl zzkkvv bnmbnm plplpl qqqqqq wxwxwx vbvbvb';
      const res = await timed(`/api/search/?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(SearchReplySchema.parse(res.json()).data.items).toEqual([]);
    });
  });

  describe('what keeps the search words current', () => {
    const vocabulary = async (word: string) => {
      const { rows } = await sql<{ dishes: number }>`
        select dishes from dish_words where word = ${word}`.execute(t.database.db);
      return rows[0]?.dishes ?? 0;
    };

    it('counts a renamed, a deleted and a new dish in the vocabulary, and finds it by its new name', async () => {
      const { rows } = await sql<{ id: number; restaurant_id: number }>`
        select id, restaurant_id from foods where name = 'Chè ba màu' limit 1`.execute(
        t.database.db,
      );
      const { id, restaurant_id } = rows[0]!;
      const before = await vocabulary('màu');
      await sql`update foods set name = 'Chè khúc bạch xoài sấy' where id = ${id}`.execute(
        t.database.db,
      );
      expect(await vocabulary('màu')).toBe(before - 1);
      expect(await vocabulary('sấy')).toBe(1);
      expect(dishes(await everything('xoai say'))).toEqual(['Chè khúc bạch xoài sấy']);

      await sql`update foods set deleted_at = now() where id = ${id}`.execute(t.database.db);
      expect(await vocabulary('sấy')).toBe(0);
      expect(await everything('xoai say')).toEqual([]);

      await sql`insert into foods (restaurant_id, name, price)
        values (${restaurant_id}, 'Bánh gấc Sấy', 20000)`.execute(t.database.db);
      expect(await vocabulary('sấy')).toBe(1);
      expect(dishes(await everything('banh gac'))).toEqual(['Bánh gấc Sấy']);
    });

    it('finds a restaurant by its new name, and a dish by a category added to it', async () => {
      const { rows } = await sql<{ id: number }>`
        select id from restaurants where name = 'Ốc Nóng Phố Cổ'`.execute(t.database.db);
      await sql`update restaurants set name = 'Ốc Bà Sáu Hàng Buồm' where id = ${rows[0]!.id}`.execute(
        t.database.db,
      );
      expect(restaurants((await search('hang buom')).items)).toEqual(['Ốc Bà Sáu Hàng Buồm']);
      expect(await everything('Ốc Nóng Phố Cổ')).toEqual([]);

      const food = await sql<{ id: number }>`
        select id from foods where name = 'Ốc xào me' and restaurant_id = ${rows[0]!.id}`.execute(
        t.database.db,
      );
      const foodId = food.rows[0]!.id;
      expect(dishes(await everything('Mì'))).not.toContain('Ốc xào me');
      await sql`insert into food_categories (food_id, category_id)
        select ${foodId}, id from categories where name = 'Mì'`.execute(t.database.db);
      expect(dishes(await everything('Mì'))).toContain('Ốc xào me');
    });
  });
});
