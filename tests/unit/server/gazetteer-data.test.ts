import { describe, expect, it } from 'vitest';
import { GAZETTEER, type Place, type PlaceKind } from '#server/geo/gazetteer-data';

/** The 34 province-level units in force since 1 July 2025 (Nghị quyết 202/2025/QH15). */
const CURRENT_PROVINCES = [
  'Thành phố Hà Nội',
  'Thành phố Hồ Chí Minh',
  'Thành phố Đà Nẵng',
  'Thành phố Hải Phòng',
  'Thành phố Cần Thơ',
  'Thành phố Huế',
  'Tỉnh Cao Bằng',
  'Tỉnh Lai Châu',
  'Tỉnh Điện Biên',
  'Tỉnh Sơn La',
  'Tỉnh Lạng Sơn',
  'Tỉnh Quảng Ninh',
  'Tỉnh Thanh Hóa',
  'Tỉnh Nghệ An',
  'Tỉnh Hà Tĩnh',
  'Tỉnh Tuyên Quang',
  'Tỉnh Lào Cai',
  'Tỉnh Thái Nguyên',
  'Tỉnh Phú Thọ',
  'Tỉnh Bắc Ninh',
  'Tỉnh Hưng Yên',
  'Tỉnh Ninh Bình',
  'Tỉnh Quảng Trị',
  'Tỉnh Quảng Ngãi',
  'Tỉnh Gia Lai',
  'Tỉnh Khánh Hòa',
  'Tỉnh Lâm Đồng',
  'Tỉnh Đắk Lắk',
  'Tỉnh Đồng Nai',
  'Tỉnh Tây Ninh',
  'Tỉnh Vĩnh Long',
  'Tỉnh Đồng Tháp',
  'Tỉnh Cà Mau',
  'Tỉnh An Giang',
];

/** Former units merged into another one in 2025, with the unit each belongs to now. */
const MERGED_AWAY: Record<string, string> = {
  'Tỉnh Hà Giang': 'Tỉnh Tuyên Quang',
  'Tỉnh Yên Bái': 'Tỉnh Lào Cai',
  'Tỉnh Bắc Kạn': 'Tỉnh Thái Nguyên',
  'Tỉnh Vĩnh Phúc': 'Tỉnh Phú Thọ',
  'Tỉnh Hòa Bình': 'Tỉnh Phú Thọ',
  'Tỉnh Bắc Giang': 'Tỉnh Bắc Ninh',
  'Tỉnh Thái Bình': 'Tỉnh Hưng Yên',
  'Tỉnh Hải Dương': 'Thành phố Hải Phòng',
  'Tỉnh Hà Nam': 'Tỉnh Ninh Bình',
  'Tỉnh Nam Định': 'Tỉnh Ninh Bình',
  'Tỉnh Quảng Bình': 'Tỉnh Quảng Trị',
  'Tỉnh Quảng Nam': 'Thành phố Đà Nẵng',
  'Tỉnh Kon Tum': 'Tỉnh Quảng Ngãi',
  'Tỉnh Bình Định': 'Tỉnh Gia Lai',
  'Tỉnh Phú Yên': 'Tỉnh Đắk Lắk',
  'Tỉnh Ninh Thuận': 'Tỉnh Khánh Hòa',
  'Tỉnh Đắk Nông': 'Tỉnh Lâm Đồng',
  'Tỉnh Bình Thuận': 'Tỉnh Lâm Đồng',
  'Tỉnh Bình Dương': 'Thành phố Hồ Chí Minh',
  'Tỉnh Bà Rịa - Vũng Tàu': 'Thành phố Hồ Chí Minh',
  'Tỉnh Bình Phước': 'Tỉnh Đồng Nai',
  'Tỉnh Long An': 'Tỉnh Tây Ninh',
  'Tỉnh Sóc Trăng': 'Thành phố Cần Thơ',
  'Tỉnh Hậu Giang': 'Thành phố Cần Thơ',
  'Tỉnh Bến Tre': 'Tỉnh Vĩnh Long',
  'Tỉnh Trà Vinh': 'Tỉnh Vĩnh Long',
  'Tỉnh Tiền Giang': 'Tỉnh Đồng Tháp',
  'Tỉnh Bạc Liêu': 'Tỉnh Cà Mau',
  'Tỉnh Kiên Giang': 'Tỉnh An Giang',
};

const KINDS: readonly PlaceKind[] = ['province', 'district', 'ward', 'street', 'landmark'];

function strings(place: Place): string[] {
  return [place.name, place.display_name, ...(place.aliases ?? [])];
}

/** display_name components, so 'Xa lộ Hà Nội' in TP.HCM does not count as Hà Nội. */
function inCity(place: Place, ...cityNames: string[]): boolean {
  const parts = place.display_name.split(', ');
  return cityNames.some((city) => parts.includes(city));
}

function find(name: string): Place {
  const place = GAZETTEER.find((p) => p.name === name);
  if (place == null) throw new Error(`${name} is missing`);
  return place;
}

function expectNear(name: string, lat: number, lon: number, tolerance = 0.01): void {
  const place = find(name);
  expect(Math.abs(place.lat - lat), `${name} lat`).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(place.lon - lon), `${name} lon`).toBeLessThanOrEqual(tolerance);
}

describe('GAZETTEER', () => {
  it('holds at least 300 places', () => {
    expect(GAZETTEER.length).toBeGreaterThanOrEqual(300);
  });

  it('keeps every place inside Vietnam with real coordinates', () => {
    const outside = GAZETTEER.filter(
      (p) =>
        !Number.isFinite(p.lat) ||
        !Number.isFinite(p.lon) ||
        p.lat < 8.0 ||
        p.lat > 23.5 ||
        p.lon < 102.0 ||
        p.lon > 110.0,
    ).map((p) => p.display_name);
    expect(outside).toEqual([]);
  });

  it('has no two places with the same name and display_name', () => {
    const keys = GAZETTEER.map((p) => `${p.name}\u0000${p.display_name}`);
    const duplicates = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(duplicates).toEqual([]);
  });

  it('writes display_name most specific first, ending with Việt Nam', () => {
    for (const place of GAZETTEER) {
      expect(place.display_name.endsWith(', Việt Nam'), place.display_name).toBe(true);
      expect(place.display_name.startsWith(place.name), place.display_name).toBe(true);
    }
  });

  it('uses only known kinds and NFC strings without stray spaces', () => {
    for (const place of GAZETTEER) {
      expect(KINDS).toContain(place.kind);
      for (const s of strings(place)) {
        expect(s.normalize('NFC'), s).toBe(s);
        expect(s.trim(), s).toBe(s);
        expect(s.length, place.display_name).toBeGreaterThan(0);
      }
      if (place.aliases != null) {
        expect(new Set(place.aliases).size, place.display_name).toBe(place.aliases.length);
        expect(place.aliases, place.display_name).not.toContain(place.name);
      }
    }
  });

  it('lists the 34 current province-level units once each', () => {
    expect(new Set(CURRENT_PROVINCES).size).toBe(34);
    for (const name of CURRENT_PROVINCES) {
      const current = GAZETTEER.filter(
        (p) => p.kind === 'province' && p.name === name && p.display_name === `${name}, Việt Nam`,
      );
      expect(current, name).toHaveLength(1);
    }
    const currentUnits = GAZETTEER.filter(
      (p) => p.kind === 'province' && p.display_name === `${p.name}, Việt Nam`,
    );
    expect(currentUnits.map((p) => p.name).sort()).toEqual([...CURRENT_PROVINCES].sort());
  });

  it('keeps the former provinces under their old names, noting the unit they belong to now', () => {
    expect(Object.keys(MERGED_AWAY)).toHaveLength(29);
    for (const [name, now] of Object.entries(MERGED_AWAY)) {
      const place = find(name);
      expect(place.kind).toBe('province');
      expect(place.display_name).toBe(`${name} (cũ), ${now}, Việt Nam`);
    }
    // 34 current units + 29 merged away = the 63 units before the reform.
    const formerNames = new Set([...CURRENT_PROVINCES, ...Object.keys(MERGED_AWAY)]);
    expect(formerNames.size).toBe(63);
    // Huế was Tỉnh Thừa Thiên Huế until 2025.
    expect(find('Thành phố Huế').aliases).toContain('Thừa Thiên Huế');
    // Every '(cũ)' entry points at a current unit.
    for (const place of GAZETTEER.filter((p) => p.display_name.includes(' (cũ), '))) {
      const now = place.display_name.split(' (cũ), ')[1]?.replace(/, Việt Nam$/u, '');
      expect(CURRENT_PROVINCES, place.display_name).toContain(now);
    }
  });

  it('covers Hà Nội, TP.HCM and Đà Nẵng with at least 60 places each', () => {
    const hanoi = GAZETTEER.filter((p) => inCity(p, 'Hà Nội', 'Thành phố Hà Nội'));
    const hcm = GAZETTEER.filter((p) => inCity(p, 'Thành phố Hồ Chí Minh'));
    const danang = GAZETTEER.filter((p) => inCity(p, 'Đà Nẵng', 'Thành phố Đà Nẵng'));
    expect(hanoi.length).toBeGreaterThanOrEqual(60);
    expect(hcm.length).toBeGreaterThanOrEqual(60);
    expect(danang.length).toBeGreaterThanOrEqual(60);
    for (const city of [hanoi, hcm, danang]) {
      for (const kind of ['district', 'ward', 'street', 'landmark'] as const) {
        expect(city.filter((p) => p.kind === kind).length).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('has the urban districts people still use', () => {
    const districts = GAZETTEER.filter((p) => p.kind === 'district').map((p) => p.name);
    expect(districts).toEqual(
      expect.arrayContaining([
        'Quận Hoàn Kiếm',
        'Quận Ba Đình',
        'Quận Đống Đa',
        'Quận Hai Bà Trưng',
        'Quận Cầu Giấy',
        'Quận Tây Hồ',
        'Quận Thanh Xuân',
        'Quận Hoàng Mai',
        'Quận Long Biên',
        'Quận Nam Từ Liêm',
        'Quận Bắc Từ Liêm',
        'Quận Hà Đông',
        'Quận 1',
        'Quận 3',
        'Quận 4',
        'Quận 5',
        'Quận 6',
        'Quận 7',
        'Quận 8',
        'Quận 10',
        'Quận 11',
        'Quận 12',
        'Quận Bình Thạnh',
        'Quận Phú Nhuận',
        'Quận Tân Bình',
        'Quận Tân Phú',
        'Quận Gò Vấp',
        'Quận Bình Tân',
        'Thành phố Thủ Đức',
        'Quận Hải Châu',
        'Quận Thanh Khê',
        'Quận Sơn Trà',
        'Quận Ngũ Hành Sơn',
        'Quận Liên Chiểu',
        'Quận Cẩm Lệ',
      ]),
    );
    expect(find('Quận 1').aliases).toContain('Q1');
    expect(find('Thành phố Hồ Chí Minh').aliases).toEqual(
      expect.arrayContaining(['HCM', 'TP.HCM', 'Sài Gòn']),
    );
    expect(find('Thành phố Hà Nội').aliases).toContain('HN');
  });

  it('puts well-known places where they are', () => {
    expectNear('Hồ Hoàn Kiếm', 21.0287, 105.8523);
    expectNear('Chợ Bến Thành', 10.7725, 106.698);
    expectNear('Cầu Rồng', 16.0613, 108.2272);
    expectNear('Lăng Chủ tịch Hồ Chí Minh', 21.0368, 105.8347);
    expectNear('Nhà thờ Đức Bà Sài Gòn', 10.7798, 106.699);
    expectNear('Sân bay Tân Sơn Nhất', 10.8185, 106.6588, 0.02);
    expectNear('Sân bay Nội Bài', 21.2187, 105.8042, 0.02);
    expectNear('Sân bay Đà Nẵng', 16.0439, 108.1994, 0.02);
    expect(find('Phố Hàng Bạc').display_name).toBe(
      'Phố Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội, Việt Nam',
    );
    // North is north, south is south.
    expect(find('Thành phố Hà Nội').lat).toBeGreaterThan(find('Thành phố Đà Nẵng').lat);
    expect(find('Thành phố Đà Nẵng').lat).toBeGreaterThan(find('Thành phố Hồ Chí Minh').lat);
    expect(find('Tỉnh Cà Mau').lat).toBeLessThan(find('Thành phố Cần Thơ').lat);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(GAZETTEER)).toBe(true);
  });
});
