/**
 * The benchmark catalogue (design.md section 7): 5,000 approved restaurants with 20 dishes each
 * in Hà Nội, TP. Hồ Chí Minh and Đà Nẵng, built from the demo catalogue's dishes. Plain data
 * from a seeded PRNG, so every run and every machine measures the same rows.
 */
import { mulberry32 } from '../lib/random';
import {
  DEMO_RESTAURANTS,
  WEEKDAYS,
  type CategoryName,
  type DemoDish,
  type DemoTopping,
  type Interval,
  type OpeningHours,
} from './catalogue-data';

export const BENCH_RESTAURANTS = 5_000;
export const DISHES_PER_RESTAURANT = 20;

export interface BenchDish {
  name: string;
  description: string;
  price: number;
  categories: CategoryName[];
  available: boolean;
  toppings: DemoTopping[];
}

export interface BenchRestaurant {
  /** 1-based; names the owner account (bench_owner_00001). */
  index: number;
  name: string;
  description: string;
  address: string;
  lat: number;
  lon: number;
  phone: string;
  email: string;
  opening_hours: OpeningHours;
  dishes: BenchDish[];
}

/** Seeded, so the same seed spreads the same catalogue. */
function prng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    /** Box-Muller: restaurants cluster around district centres like real ones do. */
    gauss: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
}

interface District {
  name: string;
  lat: number;
  lon: number;
  streets: string[];
}

interface City {
  name: 'Hà Nội' | 'TP. Hồ Chí Minh' | 'Đà Nẵng';
  share: number;
  districts: District[];
}

const CITIES: City[] = [
  {
    name: 'TP. Hồ Chí Minh',
    share: 0.45,
    districts: [
      {
        name: 'Quận 1',
        lat: 10.7769,
        lon: 106.7009,
        streets: ['Lê Lợi', 'Nguyễn Huệ', 'Pasteur', 'Lý Tự Trọng', 'Nguyễn Trãi'],
      },
      {
        name: 'Quận 3',
        lat: 10.784,
        lon: 106.684,
        streets: ['Võ Văn Tần', 'Nam Kỳ Khởi Nghĩa', 'Cao Thắng', 'Trần Quốc Thảo'],
      },
      {
        name: 'Quận 5',
        lat: 10.754,
        lon: 106.663,
        streets: ['Trần Hưng Đạo', 'Hùng Vương', 'Châu Văn Liêm', 'Nguyễn Tri Phương'],
      },
      {
        name: 'Quận 7',
        lat: 10.734,
        lon: 106.722,
        streets: ['Nguyễn Thị Thập', 'Huỳnh Tấn Phát', 'Nguyễn Hữu Thọ'],
      },
      {
        name: 'Quận 10',
        lat: 10.773,
        lon: 106.668,
        streets: ['Ba Tháng Hai', 'Sư Vạn Hạnh', 'Thành Thái', 'Lý Thường Kiệt'],
      },
      {
        name: 'Quận Bình Thạnh',
        lat: 10.811,
        lon: 106.709,
        streets: ['Xô Viết Nghệ Tĩnh', 'Điện Biên Phủ', 'Phan Đăng Lưu', 'Bạch Đằng'],
      },
      {
        name: 'Quận Phú Nhuận',
        lat: 10.799,
        lon: 106.68,
        streets: ['Phan Xích Long', 'Phan Đình Phùng', 'Hoàng Văn Thụ'],
      },
      {
        name: 'Quận Tân Bình',
        lat: 10.802,
        lon: 106.652,
        streets: ['Cộng Hòa', 'Trường Chinh', 'Hoàng Hoa Thám', 'Bàu Cát'],
      },
      {
        name: 'Quận Gò Vấp',
        lat: 10.838,
        lon: 106.665,
        streets: ['Quang Trung', 'Phan Văn Trị', 'Nguyễn Oanh'],
      },
      {
        name: 'TP. Thủ Đức',
        lat: 10.85,
        lon: 106.772,
        streets: ['Võ Văn Ngân', 'Kha Vạn Cân', 'Đặng Văn Bi'],
      },
    ],
  },
  {
    name: 'Hà Nội',
    share: 0.4,
    districts: [
      {
        name: 'Quận Hoàn Kiếm',
        lat: 21.0285,
        lon: 105.8542,
        streets: ['Hàng Bạc', 'Hàng Buồm', 'Lò Sũ', 'Đinh Tiên Hoàng', 'Hàng Gà'],
      },
      {
        name: 'Quận Ba Đình',
        lat: 21.034,
        lon: 105.814,
        streets: ['Kim Mã', 'Đội Cấn', 'Giảng Võ', 'Liễu Giai'],
      },
      {
        name: 'Quận Đống Đa',
        lat: 21.018,
        lon: 105.829,
        streets: ['Tôn Đức Thắng', 'Xã Đàn', 'Thái Hà', 'Chùa Bộc'],
      },
      {
        name: 'Quận Hai Bà Trưng',
        lat: 21.006,
        lon: 105.857,
        streets: ['Lò Đúc', 'Bạch Mai', 'Phố Huế', 'Minh Khai'],
      },
      {
        name: 'Quận Cầu Giấy',
        lat: 21.033,
        lon: 105.794,
        streets: ['Xuân Thủy', 'Trần Duy Hưng', 'Cầu Giấy', 'Nguyễn Khánh Toàn'],
      },
      {
        name: 'Quận Tây Hồ',
        lat: 21.068,
        lon: 105.819,
        streets: ['Xuân Diệu', 'Lạc Long Quân', 'Âu Cơ', 'Tô Ngọc Vân'],
      },
      {
        name: 'Quận Thanh Xuân',
        lat: 20.995,
        lon: 105.809,
        streets: ['Nguyễn Trãi', 'Khương Đình', 'Vũ Trọng Phụng'],
      },
      {
        name: 'Quận Hoàng Mai',
        lat: 20.974,
        lon: 105.863,
        streets: ['Giải Phóng', 'Tam Trinh', 'Kim Giang'],
      },
      {
        name: 'Quận Long Biên',
        lat: 21.047,
        lon: 105.888,
        streets: ['Nguyễn Văn Cừ', 'Ngọc Lâm', 'Ngô Gia Tự'],
      },
    ],
  },
  {
    name: 'Đà Nẵng',
    share: 0.15,
    districts: [
      {
        name: 'Quận Hải Châu',
        lat: 16.061,
        lon: 108.22,
        streets: ['Bạch Đằng', 'Lê Duẩn', 'Hoàng Diệu', 'Trần Phú', 'Nguyễn Văn Linh'],
      },
      {
        name: 'Quận Thanh Khê',
        lat: 16.064,
        lon: 108.188,
        streets: ['Điện Biên Phủ', 'Hàm Nghi', 'Lê Đình Dương'],
      },
      {
        name: 'Quận Sơn Trà',
        lat: 16.076,
        lon: 108.237,
        streets: ['Ngô Quyền', 'Phạm Văn Đồng', 'Hồ Nghinh', 'Võ Văn Kiệt'],
      },
      {
        name: 'Quận Ngũ Hành Sơn',
        lat: 16.0,
        lon: 108.252,
        streets: ['Lê Văn Hiến', 'Ngũ Hành Sơn', 'Trường Sa'],
      },
      {
        name: 'Quận Liên Chiểu',
        lat: 16.072,
        lon: 108.15,
        streets: ['Tôn Đức Thắng', 'Nguyễn Lương Bằng', 'Âu Cơ'],
      },
      {
        name: 'Quận Cẩm Lệ',
        lat: 16.016,
        lon: 108.2,
        streets: ['Cách Mạng Tháng Tám', 'Ông Ích Đường', 'Trường Chinh'],
      },
    ],
  },
];

const KIN = ['Cô', 'Bà', 'Chú', 'Anh', 'Chị', 'Dì', 'Ông', 'Mệ'];
const GIVEN = [
  'Lan',
  'Hoa',
  'Mai',
  'Cúc',
  'Hạnh',
  'Tư',
  'Năm',
  'Sáu',
  'Bảy',
  'Tám',
  'Hùng',
  'Dũng',
  'Minh',
  'Thảo',
  'Hương',
  'Nga',
  'Tuyết',
  'Phúc',
  'Lộc',
  'Vân',
  'Thu',
  'Hà',
  'Quang',
  'Sơn',
];
const PREFIX = ['', '', '', 'Quán ', 'Tiệm ', 'Bếp ', 'Nhà hàng '];
const VARIANT = [
  'đặc biệt',
  'cỡ lớn',
  'nhà làm',
  'gia truyền',
  'kiểu Sài Gòn',
  'kiểu Hà Nội',
  'phần đôi',
  'ít cay',
  'thêm rau',
  'sốt đặc biệt',
];
const STYLES = [
  'nấu nóng từng phần',
  'công thức gia truyền',
  'nguyên liệu chợ sáng',
  'giao nhanh trong khu vực',
  'giá bình dân',
];

const iv = (open: string, close: string): Interval => ({ open, close });
const HOURS: Interval[][] = [
  [iv('00:00', '24:00')],
  [iv('06:00', '22:00')],
  [iv('06:30', '13:30'), iv('16:30', '21:30')],
  [iv('10:00', '22:00')],
  [iv('16:00', '02:00')],
];

function week(intervals: Interval[], closedDay: number | null): OpeningHours {
  const hours = {} as OpeningHours;
  for (const [i, day] of WEEKDAYS.entries()) {
    hours[day] = i === closedDay ? [] : intervals.map((x) => ({ ...x }));
  }
  return hours;
}

/** 'phở bò tái' -> 'Phở Bò', the way shop signs name their speciality. */
function signName(dishName: string): string {
  return dishName
    .split(' ')
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

const roundPrice = (value: number) =>
  Math.min(250_000, Math.max(15_000, Math.round(value / 1000) * 1000));

/** Five thousand restaurants, 100,000 dishes; the same output for the same seed. */
export function generateBenchCatalogue(seed = 20261122): BenchRestaurant[] {
  const rnd = prng(seed);
  const themes = DEMO_RESTAURANTS.map((r) => r.dishes);
  const pool: DemoDish[] = [
    ...new Map(DEMO_RESTAURANTS.flatMap((r) => r.dishes).map((d) => [d.name, d])).values(),
  ];

  const restaurants: BenchRestaurant[] = [];
  for (let index = 1; index <= BENCH_RESTAURANTS; index++) {
    const roll = rnd.next();
    let cumulative = 0;
    const city = CITIES.find((c) => (cumulative += c.share) > roll) ?? CITIES[0]!;
    const district = rnd.pick(city.districts);
    const theme = rnd.pick(themes);
    const keeper = `${rnd.pick(KIN)} ${rnd.pick(GIVEN)}`;
    const name = `${rnd.pick(PREFIX)}${signName(theme[0]!.name)} ${keeper}`;
    const lat = district.lat + rnd.gauss() * 0.009;
    const lon = district.lon + rnd.gauss() * 0.009;

    // Most of the menu from one demo restaurant, the rest from anywhere: names repeat across
    // restaurants (as in real life) and never within one.
    const dishes: BenchDish[] = [];
    const names = new Set<string>();
    while (dishes.length < DISHES_PER_RESTAURANT) {
      const base = dishes.length < 12 && rnd.chance(0.8) ? rnd.pick(theme) : rnd.pick(pool);
      let dishName = base.name;
      if (names.has(dishName) || rnd.chance(0.25)) dishName = `${base.name} ${rnd.pick(VARIANT)}`;
      if (names.has(dishName)) continue;
      names.add(dishName);
      dishes.push({
        name: dishName,
        description: base.description,
        price: roundPrice(base.price * (0.8 + rnd.next() * 0.5)),
        categories: [...base.categories],
        available: !rnd.chance(0.03),
        toppings: rnd.chance(0.6) ? base.toppings.map((t) => ({ ...t })) : [],
      });
    }

    const number = String(index).padStart(5, '0');
    restaurants.push({
      index,
      name,
      description: `${name}: ${theme[0]!.name.toLowerCase()} và nhiều món khác, ${rnd.pick(STYLES)}.`,
      address: `${rnd.int(1, 350)} ${rnd.pick(district.streets)}, ${district.name}, ${city.name}`,
      lat: Math.round(lat * 1e6) / 1e6,
      lon: Math.round(lon * 1e6) / 1e6,
      phone: `0399${String(index).padStart(6, '0')}`,
      email: `bench.${number}@bench.monngon.vn`,
      opening_hours: week(rnd.pick(HOURS), rnd.chance(0.2) ? rnd.int(0, 6) : null),
      dishes,
    });
  }
  return restaurants;
}
