import { describe, expect, it } from 'vitest';
import { normalisedUrl, ReplyStore } from '#server/http/reply-cache';

const entry = (generation: string, size: number) => ({
  generation,
  body: Buffer.alloc(size, 'a'),
  contentType: 'application/json; charset=utf-8',
  contentEncoding: undefined,
  vary: undefined,
});

describe('normalisedUrl', () => {
  it('sorts the query by name, keeping repeated values in order', () => {
    expect(normalisedUrl('/api/food/?lon=105.85&lat=21.03&page=2')).toBe(
      '/api/food/?lat=21.03&lon=105.85&page=2',
    );
    expect(normalisedUrl('/api/search/?q=b%C3%BAn&c=2&c=1')).toBe(
      '/api/search/?c=2&c=1&q=b%C3%BAn',
    );
    expect(normalisedUrl('/api/search/?q=bun+bo')).toBe(normalisedUrl('/api/search/?q=bun%20bo'));
    expect(normalisedUrl('/api/category/')).toBe('/api/category/');
    expect(normalisedUrl('/api/category/?')).toBe('/api/category/');
  });
});

describe('ReplyStore', () => {
  it('lets the least recently used go when the count is reached', () => {
    const store = new ReplyStore(1_000_000, 2);
    store.set('a', entry('1', 10));
    store.set('b', entry('1', 10));
    expect(store.get('a')?.generation).toBe('1');
    store.set('c', entry('1', 10));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
    expect(store.size).toBe(2);
  });

  it('keeps its bytes under the budget and refuses a reply over a tenth of it', () => {
    const store = new ReplyStore(1_000, 100);
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6']) store.set(key, entry('1', 98));
    expect(store.usedBytes).toBe(600);
    store.set('k7', entry('1', 98));
    store.set('k8', entry('1', 98));
    store.set('k9', entry('1', 98));
    store.set('kA', entry('1', 98));
    store.set('kB', entry('1', 98));
    expect(store.usedBytes).toBeLessThanOrEqual(1_000);
    expect(store.get('k1')).toBeUndefined();
    expect(store.get('kB')).toBeDefined();
    store.set('big', entry('1', 101));
    expect(store.get('big')).toBeUndefined();
  });

  it('never puts an older generation back over a newer one', () => {
    const store = new ReplyStore(1_000_000, 10);
    store.set('a', entry('7', 10));
    store.set('a', entry('6', 20));
    expect(store.get('a')).toMatchObject({ generation: '7' });
    expect(store.usedBytes).toBe(11);
    store.set('a', entry('8', 20));
    expect(store.get('a')).toMatchObject({ generation: '8' });
    expect(store.usedBytes).toBe(21);
  });
});
