import { describe, expect, it } from 'vitest';
import { describeChoices } from '#src/lib/cart/line-choices';
import { cardClosedNotice, closedNotice, distanceKm, outOfAreaNotice } from '#src/lib/store-state';

// 10:00 in Hà Nội on 27/11/2026.
const NOW = new Date('2026-11-27T03:00:00.000Z');

describe('the store state words', () => {
  it('gives a card the reopening time only while closed with a known reopening', () => {
    expect(
      cardClosedNotice({ is_open_now: false, opens_at: '2026-11-27T10:30:00.000Z' }, NOW),
    ).toBe('Đang đóng cửa, mở lại lúc 17:30');
    expect(cardClosedNotice({ is_open_now: false, opens_at: null }, NOW)).toBeNull();
    expect(
      cardClosedNotice({ is_open_now: true, opens_at: '2026-11-27T10:30:00.000Z' }, NOW),
    ).toBeNull();
    // A list entry kept from before the fields: nothing is known, nothing is said.
    expect(cardClosedNotice({}, NOW)).toBeNull();
    expect(cardClosedNotice(null, NOW)).toBeNull();
  });

  it('puts a running pause before closing, and forgets an ended one', () => {
    const paused = {
      is_open_now: false,
      opens_at: '2026-11-27T03:30:00.000Z',
      paused_until: '2026-11-27T03:30:00.000Z',
    };
    expect(closedNotice(paused, 'Đã đóng cửa', NOW)).toBe(
      'Quán đang tạm ngưng nhận đơn, mở lại lúc 10:30',
    );
    expect(closedNotice({ ...paused, paused_until: '2026-11-27T02:00:00.000Z' }, 'x', NOW)).toBe(
      'Đang đóng cửa, mở lại lúc 10:30',
    );
    expect(closedNotice({ is_open_now: false, opens_at: null }, 'Đã đóng cửa', NOW)).toBe(
      'Đã đóng cửa',
    );
    expect(closedNotice({ is_open_now: false, opens_at: null }, null, NOW)).toBeNull();
    expect(
      closedNotice({ is_open_now: true, opens_at: null, paused_until: null }, 'x', NOW),
    ).toBeNull();
  });

  it('measures great-circle distances and compares them with the radius', () => {
    const hanoi = { lat: 21.0285, lon: 105.8542 };
    const saigon = { lat: 10.7769, lon: 106.7009 };
    expect(distanceKm(hanoi, hanoi)).toBe(0);
    // Hà Nội to Sài Gòn is about 1,144 km as the crow flies.
    expect(Math.round(distanceKm(hanoi, saigon))).toBe(1144);
    expect(outOfAreaNotice({ ...saigon, delivery_radius_km: 10 }, hanoi)).toBe(
      'Ngoài khu vực giao hàng',
    );
    expect(outOfAreaNotice({ ...hanoi, delivery_radius_km: 1 }, hanoi)).toBeNull();
    expect(outOfAreaNotice({ ...saigon, delivery_radius_km: 10 }, null)).toBeNull();
    expect(outOfAreaNotice(saigon, hanoi)).toBeNull();
  });
});

describe('describeChoices', () => {
  it("groups the choices as 'Size: L · Topping: Trứng, Chả', in the line's order", () => {
    expect(
      describeChoices(
        [
          { group: 'Size', name: 'L' },
          { group: 'Đá', name: '50%' },
          { group: 'Topping', name: 'Trứng' },
          { group: 'Topping', name: 'Chả' },
        ],
        [],
      ),
    ).toBe('Size: L · Đá: 50% · Topping: Trứng, Chả');
  });

  it('reads the toppings of a line or item from before groups as the Topping group', () => {
    expect(describeChoices([], [{ name: 'Quẩy' }, { name: 'Trứng chần' }])).toBe(
      'Topping: Quẩy, Trứng chần',
    );
    expect(describeChoices(undefined, [{ name: 'Quẩy' }])).toBe('Topping: Quẩy');
    expect(describeChoices([], [])).toBe('');
  });
});
