/**
 * Built-in Vietnamese gazetteer: what /api/geo/search and /api/geo/reverse answer from when no
 * GEOCODER_URL (an external Nominatim) is configured (design.md section 5, 'Outside services').
 *
 * Contents:
 * - every province-level unit: the 34 in force since 1 July 2025, plus the former provinces and
 *   cities that were merged into another unit (their names are still what people type), each
 *   with a display_name that names the unit it now belongs to. The 11 units the 2025 reform left
 *   unchanged appear once. A former unit that gave its name to the merged one appears again as
 *   '(cũ)' only where the administrative centre moved (e.g. Lào Cai: the new province is run
 *   from Yên Bái);
 * - Hà Nội, TP.HCM and Đà Nẵng in detail: the urban districts people still use in addresses
 *   (districts were abolished administratively in July 2025), well-known wards under their
 *   pre-2025 names, streets and landmarks;
 * - a few well-known towns and sights elsewhere.
 *
 * Coordinates are approximate (about 0.001-0.01 degree): a provincial capital or a district
 * centre for an area, a midpoint for a street. Every string is NFC. Search is accent-insensitive
 * on the caller's side, so aliases hold only genuinely different spellings: old names,
 * abbreviations, English names.
 */

export type PlaceKind = 'province' | 'district' | 'ward' | 'street' | 'landmark';

export interface Place {
  /** Vietnamese name with diacritics, e.g. 'Quận Hoàn Kiếm', 'Phố Hàng Bạc', 'Chợ Bến Thành'. */
  name: string;
  /** Nominatim-style, most specific first, ending with 'Việt Nam', e.g. 'Phố Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội, Việt Nam'. */
  display_name: string;
  lat: number;
  lon: number;
  kind: PlaceKind;
  /** Other names people type: old names, abbreviations ('Q1', 'Quận 1', 'HCM', 'Sài Gòn', 'TP.HCM', 'HN'), English names of landmarks. Optional. */
  aliases?: readonly string[];
}

const VIET_NAM = 'Việt Nam';

/** [name, lat, lon, parents between the place and its city (most specific first), aliases] */
type Row = readonly [
  name: string,
  lat: number,
  lon: number,
  within?: readonly string[],
  aliases?: readonly string[],
];

function makePlace(
  kind: PlaceKind,
  name: string,
  parents: readonly string[],
  lat: number,
  lon: number,
  aliases?: readonly string[],
): Place {
  const place: Place = {
    name,
    display_name: [name, ...parents, VIET_NAM].join(', '),
    lat,
    lon,
    kind,
  };
  return aliases != null && aliases.length > 0 ? { ...place, aliases } : place;
}

function rows(kind: PlaceKind, city: string, list: readonly Row[]): Place[] {
  return list.map(([name, lat, lon, within = [], aliases]) =>
    makePlace(kind, name, [...within, city], lat, lon, aliases),
  );
}

/** 'Tỉnh Lạng Sơn' -> 'Lạng Sơn', 'Thành phố Huế' -> 'Huế'. */
function bareProvinceName(name: string): string {
  return name.replace(/^(Tỉnh|Thành phố) /u, '');
}

// ---------------------------------------------------------------------------------------------
// Provinces
// ---------------------------------------------------------------------------------------------

/** [name, lat, lon, extra aliases]: the 34 province-level units since 1 July 2025, at their centres. */
type ProvinceRow = readonly [name: string, lat: number, lon: number, aliases?: readonly string[]];

const CURRENT_PROVINCES: readonly ProvinceRow[] = [
  // Six centrally governed cities.
  [
    'Thành phố Hà Nội',
    21.0285,
    105.8542,
    ['HN', 'TP Hà Nội', 'TP. Hà Nội', 'Thủ đô Hà Nội', 'Hanoi', 'Ha Noi'],
  ],
  [
    'Thành phố Hồ Chí Minh',
    10.7769,
    106.7009,
    [
      'TP.HCM',
      'TP. HCM',
      'TP HCM',
      'TPHCM',
      'HCM',
      'HCMC',
      'Sài Gòn',
      'Saigon',
      'SG',
      'TP. Hồ Chí Minh',
      'Ho Chi Minh City',
    ],
  ],
  [
    'Thành phố Đà Nẵng',
    16.0678,
    108.2208,
    ['ĐN', 'TP Đà Nẵng', 'TP. Đà Nẵng', 'Danang', 'Da Nang'],
  ],
  ['Thành phố Hải Phòng', 20.8449, 106.6881, ['HP', 'TP Hải Phòng', 'Haiphong']],
  ['Thành phố Cần Thơ', 10.0341, 105.788, ['TP Cần Thơ', 'Can Tho']],
  [
    'Thành phố Huế',
    16.4637,
    107.5909,
    ['Tỉnh Thừa Thiên Huế', 'Thừa Thiên Huế', 'Thừa Thiên - Huế', 'TT Huế', 'TT-Huế', 'Hue'],
  ],
  // Eleven provinces the 2025 reform left unchanged.
  ['Tỉnh Cao Bằng', 22.6657, 106.257],
  ['Tỉnh Lai Châu', 22.3964, 103.4582],
  ['Tỉnh Điện Biên', 21.386, 103.023, ['Điện Biên Phủ']],
  ['Tỉnh Sơn La', 21.3256, 103.9188],
  ['Tỉnh Lạng Sơn', 21.8537, 106.761],
  ['Tỉnh Quảng Ninh', 20.9517, 107.08],
  ['Tỉnh Thanh Hóa', 19.8067, 105.7852, ['Thanh Hoá']],
  ['Tỉnh Nghệ An', 18.6796, 105.6813],
  ['Tỉnh Hà Tĩnh', 18.3428, 105.9057],
  // Merged provinces that kept one of their names (centre in brackets where it moved).
  ['Tỉnh Tuyên Quang', 21.8233, 105.218],
  ['Tỉnh Lào Cai', 21.7229, 104.9113], // centre: Yên Bái
  ['Tỉnh Thái Nguyên', 21.5942, 105.8482],
  ['Tỉnh Phú Thọ', 21.3227, 105.402],
  ['Tỉnh Bắc Ninh', 21.2731, 106.1946], // centre: Bắc Giang
  ['Tỉnh Hưng Yên', 20.6464, 106.0511],
  ['Tỉnh Ninh Bình', 20.2506, 105.9745],
  ['Tỉnh Quảng Trị', 17.4689, 106.6223], // centre: Đồng Hới
  ['Tỉnh Quảng Ngãi', 15.1214, 108.8044],
  ['Tỉnh Gia Lai', 13.783, 109.2197], // centre: Quy Nhơn
  ['Tỉnh Khánh Hòa', 12.2388, 109.1967, ['Khánh Hoà']],
  ['Tỉnh Lâm Đồng', 11.9404, 108.4583],
  ['Tỉnh Đắk Lắk', 12.6667, 108.05, ['Đắc Lắc', 'Dak Lak', 'Daklak']],
  ['Tỉnh Đồng Nai', 10.9574, 106.8427],
  ['Tỉnh Tây Ninh', 10.5359, 106.4137], // centre: Tân An
  ['Tỉnh Vĩnh Long', 10.2537, 105.9722],
  ['Tỉnh Đồng Tháp', 10.36, 106.365], // centre: Mỹ Tho
  ['Tỉnh Cà Mau', 9.1769, 105.1524],
  ['Tỉnh An Giang', 10.0125, 105.0809], // centre: Rạch Giá
];

/** [former name, unit it belongs to now, lat, lon (its former capital), extra aliases] */
type FormerProvinceRow = readonly [
  name: string,
  now: string,
  lat: number,
  lon: number,
  aliases?: readonly string[],
];

const FORMER_PROVINCES: readonly FormerProvinceRow[] = [
  ['Tỉnh Hà Giang', 'Tỉnh Tuyên Quang', 22.8233, 104.9836],
  ['Tỉnh Yên Bái', 'Tỉnh Lào Cai', 21.7229, 104.9113],
  ['Tỉnh Lào Cai', 'Tỉnh Lào Cai', 22.4856, 103.9707],
  ['Tỉnh Bắc Kạn', 'Tỉnh Thái Nguyên', 22.147, 105.8348, ['Bắc Cạn']],
  ['Tỉnh Vĩnh Phúc', 'Tỉnh Phú Thọ', 21.3089, 105.6049],
  ['Tỉnh Hòa Bình', 'Tỉnh Phú Thọ', 20.8133, 105.3383, ['Hoà Bình']],
  ['Tỉnh Bắc Giang', 'Tỉnh Bắc Ninh', 21.2731, 106.1946],
  ['Tỉnh Bắc Ninh', 'Tỉnh Bắc Ninh', 21.1861, 106.0763],
  ['Tỉnh Thái Bình', 'Tỉnh Hưng Yên', 20.4463, 106.3366],
  ['Tỉnh Hải Dương', 'Thành phố Hải Phòng', 20.9373, 106.3146],
  ['Tỉnh Hà Nam', 'Tỉnh Ninh Bình', 20.5411, 105.9139],
  ['Tỉnh Nam Định', 'Tỉnh Ninh Bình', 20.42, 106.1683],
  ['Tỉnh Quảng Bình', 'Tỉnh Quảng Trị', 17.4689, 106.6223],
  ['Tỉnh Quảng Trị', 'Tỉnh Quảng Trị', 16.8163, 107.1003],
  ['Tỉnh Quảng Nam', 'Thành phố Đà Nẵng', 15.5736, 108.474],
  ['Tỉnh Kon Tum', 'Tỉnh Quảng Ngãi', 14.3497, 108.0005, ['Kontum']],
  ['Tỉnh Bình Định', 'Tỉnh Gia Lai', 13.783, 109.2197],
  ['Tỉnh Gia Lai', 'Tỉnh Gia Lai', 13.9833, 108.0],
  ['Tỉnh Phú Yên', 'Tỉnh Đắk Lắk', 13.0955, 109.3209],
  ['Tỉnh Ninh Thuận', 'Tỉnh Khánh Hòa', 11.5643, 108.9886],
  ['Tỉnh Đắk Nông', 'Tỉnh Lâm Đồng', 12.0045, 107.6907, ['Đắc Nông', 'Dak Nong']],
  ['Tỉnh Bình Thuận', 'Tỉnh Lâm Đồng', 10.9289, 108.1021],
  ['Tỉnh Bình Dương', 'Thành phố Hồ Chí Minh', 10.9804, 106.6519],
  [
    'Tỉnh Bà Rịa - Vũng Tàu',
    'Thành phố Hồ Chí Minh',
    10.4963,
    107.1684,
    ['Bà Rịa–Vũng Tàu', 'BR-VT', 'BRVT'],
  ],
  ['Tỉnh Bình Phước', 'Tỉnh Đồng Nai', 11.5349, 106.8832],
  ['Tỉnh Long An', 'Tỉnh Tây Ninh', 10.5359, 106.4137],
  ['Tỉnh Tây Ninh', 'Tỉnh Tây Ninh', 11.31, 106.0983],
  ['Tỉnh Sóc Trăng', 'Thành phố Cần Thơ', 9.6025, 105.9739],
  ['Tỉnh Hậu Giang', 'Thành phố Cần Thơ', 9.7845, 105.4701],
  ['Tỉnh Bến Tre', 'Tỉnh Vĩnh Long', 10.2434, 106.3756],
  ['Tỉnh Trà Vinh', 'Tỉnh Vĩnh Long', 9.9347, 106.3453],
  ['Tỉnh Tiền Giang', 'Tỉnh Đồng Tháp', 10.36, 106.365],
  ['Tỉnh Đồng Tháp', 'Tỉnh Đồng Tháp', 10.4602, 105.6329],
  ['Tỉnh Bạc Liêu', 'Tỉnh Cà Mau', 9.2941, 105.7278],
  ['Tỉnh Kiên Giang', 'Tỉnh An Giang', 10.0125, 105.0809],
  ['Tỉnh An Giang', 'Tỉnh An Giang', 10.3864, 105.4352],
];

const PROVINCES: readonly Place[] = [
  ...CURRENT_PROVINCES.map(([name, lat, lon, aliases = []]) =>
    makePlace('province', name, [], lat, lon, [bareProvinceName(name), ...aliases]),
  ),
  // 'Tỉnh Hà Giang (cũ), Tỉnh Tuyên Quang, Việt Nam'
  ...FORMER_PROVINCES.map(([name, now, lat, lon, aliases = []]) => ({
    ...makePlace('province', name, [now], lat, lon, [bareProvinceName(name), ...aliases]),
    display_name: `${name} (cũ), ${now}, ${VIET_NAM}`,
  })),
];

// ---------------------------------------------------------------------------------------------
// Hà Nội
// ---------------------------------------------------------------------------------------------

const HN = 'Hà Nội';
const HK = 'Quận Hoàn Kiếm';
const BD = 'Quận Ba Đình';
const DD = 'Quận Đống Đa';
const HBT = 'Quận Hai Bà Trưng';
const CG = 'Quận Cầu Giấy';
const TH = 'Quận Tây Hồ';
const TX = 'Quận Thanh Xuân';
const HM = 'Quận Hoàng Mai';
const LB = 'Quận Long Biên';
const NTL = 'Quận Nam Từ Liêm';
const BTL = 'Quận Bắc Từ Liêm';
const HD = 'Quận Hà Đông';

/** ['Phường X', district] */
const w = (ward: string, district: string): readonly string[] => [`Phường ${ward}`, district];

const HANOI: readonly Place[] = [
  ...rows('district', HN, [
    [HK, 21.029, 105.851, [], ['Hoàn Kiếm', 'Q. Hoàn Kiếm', 'Hoan Kiem District']],
    [BD, 21.0358, 105.8194, [], ['Ba Đình', 'Q. Ba Đình', 'Ba Dinh District']],
    [DD, 21.0181, 105.8298, [], ['Đống Đa', 'Q. Đống Đa', 'Dong Da District']],
    [HBT, 21.0059, 105.8575, [], ['Hai Bà Trưng', 'Q. Hai Bà Trưng', 'Q. HBT']],
    [CG, 21.0305, 105.7937, [], ['Cầu Giấy', 'Q. Cầu Giấy', 'Cau Giay District']],
    [TH, 21.0702, 105.819, [], ['Tây Hồ', 'Q. Tây Hồ', 'Tay Ho District']],
    [TX, 20.9936, 105.8113, [], ['Thanh Xuân', 'Q. Thanh Xuân']],
    [HM, 20.9744, 105.8633, [], ['Hoàng Mai', 'Q. Hoàng Mai']],
    [LB, 21.045, 105.888, [], ['Long Biên', 'Q. Long Biên']],
    [NTL, 21.0128, 105.7659, [], ['Nam Từ Liêm', 'Q. Nam Từ Liêm', 'Từ Liêm']],
    [BTL, 21.0707, 105.763, [], ['Bắc Từ Liêm', 'Q. Bắc Từ Liêm']],
    [HD, 20.9714, 105.7788, [], ['Hà Đông', 'Q. Hà Đông', 'Tỉnh Hà Tây', 'Hà Tây']],
    ['Huyện Gia Lâm', 21.023, 105.938, [], ['Gia Lâm']],
    ['Huyện Đông Anh', 21.137, 105.849, [], ['Đông Anh']],
    ['Huyện Sóc Sơn', 21.257, 105.848, [], ['Sóc Sơn']],
    ['Huyện Thanh Trì', 20.941, 105.847, [], ['Thanh Trì']],
    ['Thị xã Sơn Tây', 21.138, 105.505, [], ['Sơn Tây']],
  ]),
  ...rows('ward', HN, [
    // Hoàn Kiếm: the old quarter and the lake.
    ['Phường Hàng Bạc', 21.034, 105.8528, [HK]],
    ['Phường Hàng Đào', 21.0352, 105.8505, [HK]],
    ['Phường Hàng Gai', 21.0315, 105.8495, [HK]],
    ['Phường Hàng Trống', 21.028, 105.85, [HK]],
    ['Phường Hàng Bồ', 21.0348, 105.8482, [HK]],
    ['Phường Hàng Buồm', 21.0365, 105.852, [HK]],
    ['Phường Hàng Bông', 21.03, 105.8465, [HK]],
    ['Phường Hàng Bài', 21.0215, 105.852, [HK]],
    ['Phường Hàng Mã', 21.0378, 105.847, [HK]],
    ['Phường Tràng Tiền', 21.0245, 105.8555, [HK]],
    ['Phường Lý Thái Tổ', 21.0295, 105.8545, [HK]],
    ['Phường Cửa Đông', 21.0328, 105.845, [HK]],
    ['Phường Cửa Nam', 21.0265, 105.8425, [HK]],
    ['Phường Phan Chu Trinh', 21.0225, 105.8575, [HK]],
    ['Phường Đồng Xuân', 21.0385, 105.849, [HK]],
    ['Phường Chương Dương', 21.026, 105.8625, [HK]],
    ['Phường Phúc Tân', 21.0345, 105.8575, [HK]],
    ['Phường Trần Hưng Đạo', 21.023, 105.8465, [HK]],
    // Ba Đình.
    ['Phường Điện Biên', 21.0318, 105.8385, [BD]],
    ['Phường Quán Thánh', 21.0412, 105.8385, [BD]],
    ['Phường Trúc Bạch', 21.0445, 105.8425, [BD]],
    ['Phường Kim Mã', 21.0315, 105.82, [BD]],
    ['Phường Ngọc Hà', 21.038, 105.826, [BD]],
    ['Phường Liễu Giai', 21.038, 105.8155, [BD]],
    ['Phường Cống Vị', 21.0375, 105.809, [BD]],
    ['Phường Giảng Võ', 21.027, 105.8245, [BD]],
    ['Phường Đội Cấn', 21.0355, 105.8255, [BD]],
    ['Phường Phúc Xá', 21.0465, 105.848, [BD]],
    // Đống Đa.
    ['Phường Văn Miếu', 21.0288, 105.8375, [DD]],
    ['Phường Quốc Tử Giám', 21.0268, 105.833, [DD]],
    ['Phường Láng Hạ', 21.0145, 105.814, [DD]],
    ['Phường Láng Thượng', 21.023, 105.805, [DD]],
    ['Phường Ô Chợ Dừa', 21.02, 105.826, [DD]],
    ['Phường Trung Liệt', 21.011, 105.823, [DD]],
    ['Phường Khâm Thiên', 21.019, 105.8385, [DD]],
    ['Phường Kim Liên', 21.008, 105.836, [DD]],
    ['Phường Cát Linh', 21.029, 105.8285, [DD]],
    ['Phường Hàng Bột', 21.024, 105.831, [DD]],
    // Hai Bà Trưng.
    ['Phường Bạch Đằng', 21.011, 105.864, [HBT]],
    ['Phường Lê Đại Hành', 21.0115, 105.849, [HBT]],
    ['Phường Bách Khoa', 21.004, 105.847, [HBT]],
    ['Phường Phạm Đình Hổ', 21.0165, 105.8555, [HBT]],
    ['Phường Ngô Thì Nhậm', 21.0175, 105.852, [HBT]],
    ['Phường Bùi Thị Xuân', 21.017, 105.8485, [HBT]],
    ['Phường Nguyễn Du', 21.0185, 105.846, [HBT]],
    ['Phường Minh Khai', 20.996, 105.86, [HBT]],
    ['Phường Bạch Mai', 21.002, 105.851, [HBT]],
    // Cầu Giấy.
    ['Phường Dịch Vọng', 21.035, 105.793, [CG]],
    ['Phường Dịch Vọng Hậu', 21.0315, 105.7835, [CG]],
    ['Phường Nghĩa Đô', 21.0445, 105.799, [CG]],
    ['Phường Nghĩa Tân', 21.045, 105.793, [CG]],
    ['Phường Quan Hoa', 21.0365, 105.801, [CG]],
    ['Phường Trung Hòa', 21.012, 105.8, [CG]],
    ['Phường Yên Hòa', 21.021, 105.793, [CG]],
    ['Phường Mai Dịch', 21.0385, 105.777, [CG]],
    // Tây Hồ.
    ['Phường Quảng An', 21.0645, 105.8255, [TH]],
    ['Phường Nhật Tân', 21.08, 105.82, [TH]],
    ['Phường Yên Phụ', 21.052, 105.837, [TH]],
    ['Phường Thụy Khuê', 21.045, 105.82, [TH]],
    ['Phường Xuân La', 21.065, 105.807, [TH]],
    ['Phường Bưởi', 21.048, 105.81, [TH]],
    ['Phường Tứ Liên', 21.07, 105.84, [TH]],
    // Elsewhere.
    ['Phường Khương Trung', 20.998, 105.82, [TX]],
    ['Phường Nhân Chính', 21.004, 105.805, [TX]],
    ['Phường Thanh Xuân Trung', 20.994, 105.806, [TX]],
    ['Phường Thượng Đình', 20.999, 105.815, [TX]],
    ['Phường Hoàng Liệt', 20.97, 105.842, [HM], ['Linh Đàm']],
    ['Phường Định Công', 20.985, 105.83, [HM]],
    ['Phường Bồ Đề', 21.044, 105.87, [LB]],
    ['Phường Ngọc Lâm', 21.048, 105.872, [LB]],
    ['Phường Gia Thụy', 21.048, 105.884, [LB]],
    ['Phường Việt Hưng', 21.06, 105.9, [LB]],
    ['Phường Mỹ Đình 1', 21.022, 105.769, [NTL]],
    ['Phường Mỹ Đình 2', 21.032, 105.768, [NTL]],
    ['Phường Mễ Trì', 21.011, 105.778, [NTL]],
    ['Phường Văn Quán', 20.978, 105.788, [HD]],
    ['Phường Mộ Lao', 20.983, 105.783, [HD]],
  ]),
  ...rows('street', HN, [
    // The old quarter (36 phố phường) and around the lake.
    ['Phố Hàng Bạc', 21.0342, 105.8525, w('Hàng Bạc', HK)],
    ['Phố Hàng Bè', 21.0333, 105.8542, w('Hàng Bạc', HK)],
    ['Phố Đinh Liệt', 21.0322, 105.8525, w('Hàng Bạc', HK)],
    ['Phố Cầu Gỗ', 21.0322, 105.8535, w('Hàng Bạc', HK)],
    ['Phố Hàng Đào', 21.0347, 105.8508, w('Hàng Đào', HK)],
    ['Phố Hàng Ngang', 21.0362, 105.8505, w('Hàng Đào', HK)],
    ['Phố Lương Văn Can', 21.033, 105.8507, w('Hàng Đào', HK)],
    ['Phố Hàng Gai', 21.0316, 105.8497, w('Hàng Gai', HK)],
    ['Phố Hàng Buồm', 21.0368, 105.8518, w('Hàng Buồm', HK)],
    ['Phố Mã Mây', 21.0352, 105.8532, w('Hàng Buồm', HK)],
    ['Phố Tạ Hiện', 21.0355, 105.8522, w('Hàng Buồm', HK), ['Phố bia Tạ Hiện', 'Beer Street']],
    ['Phố Hàng Mã', 21.0375, 105.8485, w('Hàng Mã', HK)],
    ['Phố Hàng Bồ', 21.0342, 105.8487, w('Hàng Bồ', HK)],
    ['Phố Lãn Ông', 21.0355, 105.8493, w('Hàng Bồ', HK)],
    ['Phố Bát Đàn', 21.0335, 105.847, w('Cửa Đông', HK)],
    ['Phố Hàng Điếu', 21.0335, 105.8478, w('Cửa Đông', HK)],
    ['Phố Đường Thành', 21.0318, 105.8462, w('Cửa Đông', HK)],
    ['Phố Hàng Bông', 21.0298, 105.847, w('Hàng Bông', HK)],
    ['Phố Hàng Trống', 21.0283, 105.8497, w('Hàng Trống', HK)],
    ['Phố Nhà Thờ', 21.029, 105.8493, w('Hàng Trống', HK)],
    ['Phố Lý Quốc Sư', 21.0302, 105.8485, w('Hàng Trống', HK)],
    ['Phố Lê Thái Tổ', 21.03, 105.8505, w('Hàng Trống', HK)],
    ['Phố Tràng Thi', 21.0275, 105.846, w('Hàng Trống', HK)],
    ['Phố Đinh Tiên Hoàng', 21.03, 105.8538, w('Lý Thái Tổ', HK)],
    ['Phố Lý Thái Tổ', 21.0285, 105.8555, w('Lý Thái Tổ', HK)],
    ['Phố Tràng Tiền', 21.025, 105.8545, w('Tràng Tiền', HK)],
    ['Phố Hàng Khay', 21.0257, 105.852, w('Tràng Tiền', HK)],
    ['Phố Ngô Quyền', 21.024, 105.854, w('Tràng Tiền', HK)],
    ['Phố Hàng Bài', 21.022, 105.8525, w('Hàng Bài', HK)],
    ['Phố Lý Thường Kiệt', 21.024, 105.8485, w('Hàng Bài', HK)],
    ['Phố Hai Bà Trưng', 21.025, 105.848, w('Trần Hưng Đạo', HK)],
    ['Phố Quang Trung', 21.022, 105.848, w('Trần Hưng Đạo', HK)],
    ['Phố Trần Hưng Đạo', 21.0205, 105.85, [HK]],
    // Ba Đình.
    ['Phố Kim Mã', 21.0315, 105.82, w('Kim Mã', BD)],
    ['Phố Nguyễn Thái Học', 21.0285, 105.838, [BD]],
    ['Phố Điện Biên Phủ', 21.031, 105.84, w('Điện Biên', BD)],
    ['Phố Hoàng Diệu', 21.035, 105.8385, w('Điện Biên', BD)],
    ['Phố Hùng Vương', 21.036, 105.8365, w('Điện Biên', BD)],
    ['Đường Thanh Niên', 21.0465, 105.8385, [BD]],
    ['Phố Phan Đình Phùng', 21.0395, 105.8425, w('Quán Thánh', BD)],
    ['Phố Quán Thánh', 21.041, 105.843, w('Quán Thánh', BD)],
    ['Phố Đội Cấn', 21.0355, 105.8255, w('Đội Cấn', BD)],
    ['Phố Liễu Giai', 21.037, 105.816, w('Liễu Giai', BD)],
    ['Phố Văn Cao', 21.04, 105.817, w('Liễu Giai', BD)],
    ['Phố Đào Tấn', 21.032, 105.811, w('Cống Vị', BD)],
    ['Phố Giảng Võ', 21.0265, 105.8235, w('Giảng Võ', BD)],
    // Đống Đa.
    ['Đường Láng', 21.014, 105.807, [DD]],
    ['Phố Láng Hạ', 21.0145, 105.814, w('Láng Hạ', DD)],
    ['Phố Huỳnh Thúc Kháng', 21.018, 105.811, w('Láng Hạ', DD)],
    ['Phố Nguyễn Chí Thanh', 21.0215, 105.81, [DD]],
    ['Phố Tôn Đức Thắng', 21.0225, 105.8335, [DD]],
    ['Phố Lê Duẩn', 21.02, 105.841, [DD]],
    ['Phố Khâm Thiên', 21.019, 105.838, w('Khâm Thiên', DD)],
    ['Phố Xã Đàn', 21.014, 105.833, [DD]],
    ['Phố Tây Sơn', 21.0085, 105.8235, [DD]],
    ['Phố Chùa Bộc', 21.0075, 105.8285, [DD]],
    ['Phố Thái Hà', 21.0135, 105.82, w('Trung Liệt', DD)],
    ['Phố Phạm Ngọc Thạch', 21.0085, 105.833, w('Kim Liên', DD)],
    ['Đường Giải Phóng', 21.0, 105.841, [DD]],
    ['Đường Trường Chinh', 21.001, 105.832, [DD]],
    // Hai Bà Trưng.
    ['Phố Huế', 21.0145, 105.8515, [HBT]],
    ['Phố Bà Triệu', 21.016, 105.8495, [HBT]],
    ['Phố Nguyễn Du', 21.0185, 105.846, w('Nguyễn Du', HBT)],
    ['Phố Trần Nhân Tông', 21.015, 105.848, w('Nguyễn Du', HBT)],
    ['Phố Lê Văn Hưu', 21.0175, 105.852, w('Ngô Thì Nhậm', HBT)],
    ['Phố Lò Đúc', 21.015, 105.8585, w('Phạm Đình Hổ', HBT)],
    ['Phố Đại Cồ Việt', 21.009, 105.847, w('Lê Đại Hành', HBT)],
    ['Phố Tạ Quang Bửu', 21.0015, 105.847, w('Bách Khoa', HBT)],
    ['Phố Bạch Mai', 21.004, 105.851, w('Bạch Mai', HBT)],
    ['Phố Minh Khai', 20.996, 105.86, w('Minh Khai', HBT)],
    // Cầu Giấy, Tây Hồ and the west.
    ['Đường Xuân Thủy', 21.0365, 105.783, w('Dịch Vọng Hậu', CG)],
    ['Phố Duy Tân', 21.0305, 105.7835, w('Dịch Vọng Hậu', CG)],
    ['Đường Cầu Giấy', 21.032, 105.8, w('Quan Hoa', CG)],
    ['Phố Trần Thái Tông', 21.0295, 105.789, w('Dịch Vọng', CG)],
    ['Đường Trần Duy Hưng', 21.0105, 105.799, w('Trung Hòa', CG)],
    ['Đường Hoàng Quốc Việt', 21.0465, 105.799, w('Nghĩa Đô', CG)],
    ['Đường Lạc Long Quân', 21.062, 105.81, [TH]],
    ['Phố Xuân Diệu', 21.0655, 105.8275, w('Quảng An', TH)],
    ['Phố Tô Ngọc Vân', 21.065, 105.825, w('Quảng An', TH)],
    ['Phố Thụy Khuê', 21.0445, 105.823, w('Thụy Khuê', TH)],
    ['Đường Âu Cơ', 21.07, 105.833, [TH]],
    ['Đường Nguyễn Trãi', 20.9955, 105.808, [TX]],
    ['Đường Lê Văn Lương', 21.0055, 105.803, w('Nhân Chính', TX)],
    ['Đường Phạm Hùng', 21.0235, 105.783, [NTL]],
    ['Đường Lê Đức Thọ', 21.033, 105.77, w('Mỹ Đình 2', NTL)],
    ['Đại lộ Thăng Long', 21.004, 105.77, [NTL]],
    ['Đường Nguyễn Văn Cừ', 21.045, 105.872, w('Ngọc Lâm', LB)],
    ['Đường Quang Trung', 20.97, 105.775, [HD]],
  ]),
  ...rows('landmark', HN, [
    [
      'Hồ Hoàn Kiếm',
      21.0287,
      105.8523,
      w('Hàng Trống', HK),
      ['Hồ Gươm', 'Hồ Lục Thủy', 'Hoan Kiem Lake', 'Sword Lake'],
    ],
    ['Tháp Rùa', 21.0277, 105.8521, w('Hàng Trống', HK), ['Turtle Tower']],
    ['Đền Ngọc Sơn', 21.0307, 105.8524, w('Hàng Trống', HK), ['Cầu Thê Húc', 'Ngoc Son Temple']],
    [
      'Phố đi bộ Hồ Gươm',
      21.029,
      105.853,
      [HK],
      ['Phố đi bộ Hoàn Kiếm', 'Hoan Kiem Walking Street'],
    ],
    ['Phố cổ Hà Nội', 21.034, 105.85, [HK], ['Khu phố cổ', '36 phố phường', 'Hanoi Old Quarter']],
    [
      'Nhà hát Lớn Hà Nội',
      21.0243,
      105.8575,
      w('Tràng Tiền', HK),
      ['Nhà hát Lớn', 'Hanoi Opera House'],
    ],
    [
      'Bảo tàng Lịch sử Quốc gia',
      21.0245,
      105.8595,
      w('Tràng Tiền', HK),
      ['National Museum of Vietnamese History'],
    ],
    [
      'Nhà thờ Lớn Hà Nội',
      21.0288,
      105.849,
      w('Hàng Trống', HK),
      ['Nhà thờ Chính tòa Thánh Giuse', "St. Joseph's Cathedral"],
    ],
    ['Chợ Đồng Xuân', 21.0382, 105.8497, w('Đồng Xuân', HK), ['Dong Xuan Market']],
    ['Ô Quan Chưởng', 21.037, 105.853, w('Đồng Xuân', HK), ['Cửa Ô Đông Hà']],
    ['Nhà tù Hỏa Lò', 21.0254, 105.8466, w('Trần Hưng Đạo', HK), ['Hỏa Lò', 'Hoa Lo Prison']],
    ['Ga Hà Nội', 21.0245, 105.8412, w('Cửa Nam', HK), ['Ga Hàng Cỏ', 'Hanoi Railway Station']],
    ['Bệnh viện Việt Đức', 21.0281, 105.8468, [HK], ['Bệnh viện Hữu nghị Việt Đức']],
    ['Quảng trường Đông Kinh Nghĩa Thục', 21.032, 105.8515, [HK], ['Đông Kinh Nghĩa Thục']],
    [
      'Lăng Chủ tịch Hồ Chí Minh',
      21.0368,
      105.8347,
      w('Điện Biên', BD),
      ['Lăng Bác', 'Lăng Hồ Chủ tịch', 'Ho Chi Minh Mausoleum'],
    ],
    ['Quảng trường Ba Đình', 21.037, 105.836, w('Điện Biên', BD), ['Ba Dinh Square']],
    ['Chùa Một Cột', 21.0358, 105.8336, w('Đội Cấn', BD), ['Chùa Diên Hựu', 'One Pillar Pagoda']],
    ['Phủ Chủ tịch', 21.0392, 105.8343, [BD], ['Presidential Palace']],
    [
      'Hoàng thành Thăng Long',
      21.0345,
      105.84,
      w('Điện Biên', BD),
      ['Thành cổ Hà Nội', 'Imperial Citadel of Thang Long'],
    ],
    [
      'Cột cờ Hà Nội',
      21.0325,
      105.8397,
      w('Điện Biên', BD),
      ['Kỳ đài Hà Nội', 'Flag Tower of Hanoi'],
    ],
    ['Hồ Trúc Bạch', 21.0465, 105.8395, w('Trúc Bạch', BD), ['Truc Bach Lake']],
    ['Đền Quán Thánh', 21.043, 105.837, w('Quán Thánh', BD), ['Trấn Vũ Quán']],
    ['Lotte Center Hà Nội', 21.032, 105.8125, w('Cống Vị', BD), ['Lotte Tower', 'Lotte Hà Nội']],
    ['Vườn thú Hà Nội', 21.0305, 105.807, [BD], ['Công viên Thủ Lệ', 'Hanoi Zoo']],
    [
      'Văn Miếu - Quốc Tử Giám',
      21.0293,
      105.8355,
      w('Văn Miếu', DD),
      ['Văn Miếu', 'Quốc Tử Giám', 'Temple of Literature'],
    ],
    ['Bệnh viện Bạch Mai', 21.0015, 105.841, [DD], ['Bach Mai Hospital']],
    ['Công viên Thống Nhất', 21.016, 105.844, w('Lê Đại Hành', HBT), ['Công viên Lênin']],
    ['Vincom Center Bà Triệu', 21.0115, 105.8495, w('Lê Đại Hành', HBT), ['Vincom Bà Triệu']],
    [
      'Đại học Bách khoa Hà Nội',
      21.0055,
      105.843,
      w('Bách Khoa', HBT),
      ['ĐH Bách khoa Hà Nội', 'HUST'],
    ],
    ['Times City', 20.9955, 105.8685, [HBT], ['Vinhomes Times City']],
    ['Hồ Tây', 21.056, 105.819, [TH], ['Hồ Dâm Đàm', 'Đầm Xác Cáo', 'West Lake', 'Tay Ho Lake']],
    ['Chùa Trấn Quốc', 21.048, 105.8366, w('Yên Phụ', TH), ['Tran Quoc Pagoda']],
    ['Phủ Tây Hồ', 21.0565, 105.8185, w('Quảng An', TH)],
    ['Cầu Nhật Tân', 21.088, 105.83, [TH], ['Nhat Tan Bridge']],
    [
      'Đại học Quốc gia Hà Nội',
      21.038,
      105.7825,
      w('Dịch Vọng Hậu', CG),
      ['ĐHQG Hà Nội', 'VNU Hanoi'],
    ],
    [
      'Bảo tàng Dân tộc học Việt Nam',
      21.0405,
      105.7986,
      w('Nghĩa Đô', CG),
      ['Vietnam Museum of Ethnology'],
    ],
    ['Royal City', 21.003, 105.8155, w('Thượng Đình', TX), ['Vincom Mega Mall Royal City']],
    ['Keangnam Landmark 72', 21.0168, 105.7838, w('Mễ Trì', NTL), ['Keangnam', 'Landmark 72']],
    [
      'Trung tâm Hội nghị Quốc gia',
      21.0065,
      105.786,
      w('Mễ Trì', NTL),
      ['National Convention Center'],
    ],
    [
      'Sân vận động Quốc gia Mỹ Đình',
      21.0205,
      105.764,
      w('Mỹ Đình 1', NTL),
      ['Sân vận động Mỹ Đình', 'My Dinh Stadium'],
    ],
    ['Bến xe Mỹ Đình', 21.0285, 105.7785, w('Mỹ Đình 2', NTL)],
    ['Bến xe Giáp Bát', 20.9805, 105.8412, [HM]],
    ['Cầu Long Biên', 21.0436, 105.86, [LB], ['Cầu Paul Doumer', 'Long Bien Bridge']],
    ['Aeon Mall Long Biên', 21.027, 105.899, [LB]],
    [
      'Sân bay Nội Bài',
      21.2187,
      105.8042,
      ['Huyện Sóc Sơn'],
      ['Sân bay Quốc tế Nội Bài', 'Cảng hàng không quốc tế Nội Bài', 'Noi Bai Airport', 'HAN'],
    ],
  ]),
];

// ---------------------------------------------------------------------------------------------
// Thành phố Hồ Chí Minh
// ---------------------------------------------------------------------------------------------

const HCM = 'Thành phố Hồ Chí Minh';
const Q1 = 'Quận 1';
const Q3 = 'Quận 3';
const Q4 = 'Quận 4';
const Q5 = 'Quận 5';
const Q6 = 'Quận 6';
const Q7 = 'Quận 7';
const Q10 = 'Quận 10';
const Q11 = 'Quận 11';
const BTH = 'Quận Bình Thạnh';
const PN = 'Quận Phú Nhuận';
const TB = 'Quận Tân Bình';
const TP = 'Quận Tân Phú';
const GV = 'Quận Gò Vấp';
const BTA = 'Quận Bình Tân';
const TD = 'Thành phố Thủ Đức';

/** 'Q1', 'Q.1', 'Q. 1', 'District 1' */
const q = (n: number, ...more: string[]): readonly string[] => [
  `Q${n}`,
  `Q.${n}`,
  `Q. ${n}`,
  `District ${n}`,
  ...more,
];

const HO_CHI_MINH: readonly Place[] = [
  ...rows('district', HCM, [
    [Q1, 10.7756, 106.7019, [], q(1, 'Quận Nhất')],
    [Q3, 10.7843, 106.6844, [], q(3)],
    [Q4, 10.7579, 106.7013, [], q(4)],
    [Q5, 10.754, 106.6634, [], q(5, 'Chợ Lớn')],
    [Q6, 10.748, 106.6352, [], q(6)],
    [Q7, 10.734, 106.7216, [], q(7)],
    [`Quận 8`, 10.724, 106.6286, [], q(8)],
    [Q10, 10.7746, 106.667, [], q(10)],
    [Q11, 10.7629, 106.6501, [], q(11)],
    ['Quận 12', 10.8672, 106.6413, [], q(12)],
    [BTH, 10.8106, 106.7091, [], ['Bình Thạnh', 'Q. Bình Thạnh', 'Binh Thanh District']],
    [PN, 10.7992, 106.6803, [], ['Phú Nhuận', 'Q. Phú Nhuận', 'Phu Nhuan District']],
    [TB, 10.8015, 106.6527, [], ['Tân Bình', 'Q. Tân Bình', 'Tan Binh District']],
    [TP, 10.79, 106.628, [], ['Tân Phú', 'Q. Tân Phú', 'Tan Phu District']],
    [GV, 10.8387, 106.6653, [], ['Gò Vấp', 'Q. Gò Vấp', 'Go Vap District']],
    [BTA, 10.7652, 106.6038, [], ['Bình Tân', 'Q. Bình Tân', 'Binh Tan District']],
    [TD, 10.8494, 106.7717, [], ['Thủ Đức', 'TP Thủ Đức', 'TP. Thủ Đức', 'Quận Thủ Đức']],
    ['Quận 2', 10.787, 106.75, [TD], q(2)],
    ['Quận 9', 10.8428, 106.8287, [TD], q(9)],
    ['Huyện Bình Chánh', 10.687, 106.593, [], ['Bình Chánh']],
    ['Huyện Nhà Bè', 10.695, 106.704, [], ['Nhà Bè']],
    ['Huyện Hóc Môn', 10.889, 106.595, [], ['Hóc Môn']],
    ['Huyện Củ Chi', 10.973, 106.493, [], ['Củ Chi']],
    ['Huyện Cần Giờ', 10.411, 106.954, [], ['Cần Giờ']],
    ['Thành phố Vũng Tàu', 10.346, 107.0843, [], ['Vũng Tàu', 'Vung Tau']],
    ['Thành phố Thủ Dầu Một', 10.9804, 106.6519, [], ['Thủ Dầu Một']],
  ]),
  ...rows('ward', HCM, [
    ['Phường Bến Nghé', 10.7789, 106.704, [Q1]],
    ['Phường Bến Thành', 10.773, 106.695, [Q1]],
    ['Phường Nguyễn Thái Bình', 10.769, 106.701, [Q1]],
    ['Phường Phạm Ngũ Lão', 10.768, 106.692, [Q1]],
    ['Phường Cầu Ông Lãnh', 10.765, 106.697, [Q1]],
    ['Phường Cô Giang', 10.762, 106.694, [Q1]],
    ['Phường Nguyễn Cư Trinh', 10.764, 106.687, [Q1]],
    ['Phường Cầu Kho', 10.7585, 106.6885, [Q1]],
    ['Phường Đa Kao', 10.788, 106.698, [Q1]],
    ['Phường Tân Định', 10.792, 106.69, [Q1]],
    ['Phường Võ Thị Sáu', 10.783, 106.69, [Q3]],
    ['Phường 22', 10.793, 106.72, [BTH]],
    ['Phường 2', 10.8125, 106.665, [TB]],
    ['Phường Tân Phong', 10.729, 106.706, [Q7], ['Phú Mỹ Hưng']],
    ['Phường Tân Phú', 10.728, 106.72, [Q7]],
    ['Phường Tân Hưng', 10.745, 106.699, [Q7]],
    ['Phường Tân Thuận Đông', 10.756, 106.732, [Q7]],
    ['Phường Thảo Điền', 10.804, 106.737, ['Quận 2', TD]],
    ['Phường An Phú', 10.8, 106.753, ['Quận 2', TD]],
    ['Phường Thủ Thiêm', 10.773, 106.715, ['Quận 2', TD]],
    ['Phường An Khánh', 10.784, 106.718, ['Quận 2', TD]],
    ['Phường An Lợi Đông', 10.77, 106.728, ['Quận 2', TD]],
    ['Phường Hiệp Phú', 10.847, 106.78, ['Quận 9', TD]],
    ['Phường Linh Trung', 10.87, 106.777, [TD]],
    ['Phường Bình Thọ', 10.848, 106.764, [TD]],
  ]),
  ...rows('street', HCM, [
    // Quận 1.
    ['Đường Nguyễn Huệ', 10.774, 106.7035, w('Bến Nghé', Q1), ['Đại lộ Nguyễn Huệ']],
    ['Đường Đồng Khởi', 10.7765, 106.7028, w('Bến Nghé', Q1), ['Rue Catinat', 'Đường Tự Do']],
    ['Đường Lê Lợi', 10.773, 106.7005, w('Bến Nghé', Q1), ['Đại lộ Lê Lợi']],
    ['Đường Lê Duẩn', 10.7815, 106.701, w('Bến Nghé', Q1), ['Đại lộ Lê Duẩn']],
    ['Đường Lê Thánh Tôn', 10.778, 106.702, w('Bến Nghé', Q1)],
    ['Đường Tôn Đức Thắng', 10.779, 106.707, w('Bến Nghé', Q1)],
    ['Đường Hàm Nghi', 10.7713, 106.702, w('Nguyễn Thái Bình', Q1)],
    ['Đường Lý Tự Trọng', 10.776, 106.6985, w('Bến Thành', Q1)],
    ['Đường Pasteur', 10.7775, 106.6985, w('Bến Nghé', Q1)],
    ['Đường Nam Kỳ Khởi Nghĩa', 10.777, 106.6945, w('Bến Thành', Q1)],
    ['Đường Nguyễn Thị Minh Khai', 10.781, 106.696, [Q1]],
    ['Đường Hai Bà Trưng', 10.786, 106.695, w('Đa Kao', Q1)],
    ['Đường Mạc Đĩnh Chi', 10.784, 106.7, w('Bến Nghé', Q1)],
    ['Đường Đinh Tiên Hoàng', 10.795, 106.699, w('Đa Kao', Q1)],
    ['Đường Bùi Viện', 10.767, 106.6935, w('Phạm Ngũ Lão', Q1), ['Phố Tây Bùi Viện']],
    ['Đường Phạm Ngũ Lão', 10.7685, 106.6945, w('Phạm Ngũ Lão', Q1)],
    ['Đường Đề Thám', 10.7665, 106.696, w('Cô Giang', Q1)],
    ['Đường Trần Hưng Đạo', 10.763, 106.692, [Q1]],
    ['Đường Nguyễn Trãi', 10.764, 106.6865, w('Nguyễn Cư Trinh', Q1)],
    ['Đường Võ Văn Kiệt', 10.766, 106.7, w('Cầu Ông Lãnh', Q1), ['Đại lộ Đông Tây']],
    // Quận 3, 4, 5, 10, 11, 6.
    ['Đường Cách Mạng Tháng Tám', 10.78, 106.687, [Q3], ['CMT8', 'Cách Mạng Tháng 8']],
    ['Đường Võ Văn Tần', 10.779, 106.69, w('Võ Thị Sáu', Q3)],
    ['Đường Nguyễn Đình Chiểu', 10.7795, 106.6895, [Q3]],
    ['Đường Điện Biên Phủ', 10.7825, 106.686, [Q3]],
    ['Đường Võ Thị Sáu', 10.786, 106.687, w('Võ Thị Sáu', Q3)],
    ['Đường Lê Văn Sỹ', 10.7915, 106.674, [Q3]],
    ['Đường Vĩnh Khánh', 10.759, 106.706, [Q4], ['Phố ẩm thực Vĩnh Khánh']],
    ['Đường Hoàng Diệu', 10.76, 106.703, [Q4]],
    ['Đường Châu Văn Liêm', 10.752, 106.658, [Q5]],
    ['Đường Hải Thượng Lãn Ông', 10.75, 106.66, [Q5]],
    ['Đường Nguyễn Tri Phương', 10.759, 106.668, [Q5]],
    ['Đường 3 Tháng 2', 10.768, 106.669, [Q10], ['Đường Ba Tháng Hai', '3/2']],
    ['Đường Sư Vạn Hạnh', 10.772, 106.669, [Q10]],
    ['Đường Lý Thường Kiệt', 10.77, 106.658, [Q10]],
    ['Đường Hồ Thị Kỷ', 10.765, 106.68, [Q10], ['Chợ hoa Hồ Thị Kỷ']],
    ['Đường Hà Tôn Quyền', 10.758, 106.656, [Q11]],
    ['Đường Lạc Long Quân', 10.765, 106.643, [Q11]],
    ['Đường Hậu Giang', 10.75, 106.64, [Q6]],
    // Phú Nhuận, Tân Bình, Bình Thạnh, Gò Vấp, Tân Phú, Bình Tân.
    ['Đường Phan Xích Long', 10.7995, 106.688, [PN]],
    ['Đường Phan Đăng Lưu', 10.803, 106.69, [PN]],
    ['Đường Nguyễn Văn Trỗi', 10.7935, 106.68, [PN]],
    ['Đường Phan Đình Phùng', 10.7965, 106.682, [PN]],
    ['Đường Cộng Hòa', 10.8015, 106.648, [TB]],
    ['Đường Trường Chinh', 10.805, 106.636, [TB]],
    ['Đường Hoàng Văn Thụ', 10.799, 106.665, [TB]],
    ['Đường Trường Sơn', 10.808, 106.665, w('2', TB)],
    ['Đường Xô Viết Nghệ Tĩnh', 10.806, 106.711, [BTH]],
    ['Đường Nguyễn Hữu Cảnh', 10.79, 106.717, w('22', BTH)],
    ['Đường Bạch Đằng', 10.803, 106.705, [BTH]],
    ['Đường Quang Trung', 10.837, 106.66, [GV]],
    ['Đường Phan Văn Trị', 10.827, 106.685, [GV]],
    ['Đường Nguyễn Oanh', 10.84, 106.676, [GV]],
    ['Đường Lũy Bán Bích', 10.785, 106.633, [TP]],
    ['Đường Kinh Dương Vương', 10.751, 106.629, [BTA]],
    // Quận 7 and Thủ Đức.
    ['Đường Nguyễn Văn Linh', 10.73, 106.705, [Q7]],
    ['Đường Nguyễn Hữu Thọ', 10.735, 106.7, [Q7]],
    ['Đường Huỳnh Tấn Phát', 10.74, 106.73, [Q7]],
    ['Đường Nguyễn Thị Thập', 10.739, 106.713, [Q7]],
    ['Xa lộ Hà Nội', 10.825, 106.76, [TD]],
    ['Đường Mai Chí Thọ', 10.778, 106.735, [TD]],
    ['Đường Quốc Hương', 10.805, 106.733, ['Phường Thảo Điền', TD]],
    ['Đường Võ Văn Ngân', 10.85, 106.763, [TD]],
    ['Đường Lê Văn Việt', 10.846, 106.79, ['Quận 9', TD]],
  ]),
  ...rows('landmark', HCM, [
    ['Chợ Bến Thành', 10.7725, 106.698, w('Bến Thành', Q1), ['Ben Thanh Market']],
    [
      'Nhà thờ Đức Bà Sài Gòn',
      10.7798,
      106.699,
      w('Bến Nghé', Q1),
      [
        'Nhà thờ Đức Bà',
        'Vương cung thánh đường Chính tòa Đức Bà Sài Gòn',
        'Notre-Dame Cathedral Saigon',
      ],
    ],
    [
      'Dinh Độc Lập',
      10.777,
      106.6953,
      w('Bến Thành', Q1),
      ['Hội trường Thống Nhất', 'Dinh Thống Nhất', 'Independence Palace', 'Reunification Palace'],
    ],
    ['Phố đi bộ Nguyễn Huệ', 10.7742, 106.7035, w('Bến Nghé', Q1), ['Nguyen Hue Walking Street']],
    [
      'Bưu điện Thành phố Hồ Chí Minh',
      10.7799,
      106.7,
      w('Bến Nghé', Q1),
      ['Bưu điện Thành phố', 'Bưu điện Trung tâm Sài Gòn', 'Saigon Central Post Office'],
    ],
    [
      'Trụ sở UBND Thành phố Hồ Chí Minh',
      10.7765,
      106.7009,
      w('Bến Nghé', Q1),
      ['Tòa thị chính Sài Gòn', 'Dinh Xã Tây', 'UBND Thành phố', 'Saigon City Hall'],
    ],
    [
      'Nhà hát Thành phố Hồ Chí Minh',
      10.7766,
      106.7031,
      w('Bến Nghé', Q1),
      ['Nhà hát Thành phố', 'Nhà hát Lớn Sài Gòn', 'Saigon Opera House'],
    ],
    [
      'Bitexco Financial Tower',
      10.7716,
      106.7044,
      w('Bến Nghé', Q1),
      ['Tòa nhà Bitexco', 'Saigon Skydeck'],
    ],
    ['Vincom Center Đồng Khởi', 10.778, 106.702, w('Bến Nghé', Q1), ['Vincom Đồng Khởi']],
    ['Saigon Centre', 10.773, 106.701, w('Bến Nghé', Q1), ['Takashimaya']],
    ['Bến Bạch Đằng', 10.774, 106.7065, w('Bến Nghé', Q1), ['Công viên Bến Bạch Đằng']],
    [
      'Đường sách Nguyễn Văn Bình',
      10.7805,
      106.6995,
      w('Bến Nghé', Q1),
      ['Đường sách Sài Gòn', 'Book Street'],
    ],
    [
      'Thảo Cầm Viên Sài Gòn',
      10.7874,
      106.705,
      w('Bến Nghé', Q1),
      ['Thảo Cầm Viên', 'Sở thú Sài Gòn', 'Saigon Zoo'],
    ],
    ['Cầu Ba Son', 10.7815, 106.712, w('Bến Nghé', Q1), ['Cầu Thủ Thiêm 2']],
    ['Công viên Tao Đàn', 10.7745, 106.692, w('Bến Thành', Q1), ['Tao Dan Park']],
    ['Công viên 23 tháng 9', 10.769, 106.694, w('Phạm Ngũ Lão', Q1), ['Công viên 23/9']],
    ['Nhà thờ Huyện Sỹ', 10.77, 106.688, w('Phạm Ngũ Lão', Q1)],
    [
      'Chùa Ngọc Hoàng',
      10.7922,
      106.6978,
      w('Đa Kao', Q1),
      ['Chùa Phước Hải', 'Jade Emperor Pagoda'],
    ],
    ['Chợ Tân Định', 10.7897, 106.6898, w('Tân Định', Q1), ['Tan Dinh Market']],
    [
      'Nhà thờ Tân Định',
      10.7886,
      106.6908,
      w('Võ Thị Sáu', Q3),
      ['Nhà thờ màu hồng', 'Tan Dinh Church', 'Pink Church'],
    ],
    [
      'Bảo tàng Chứng tích Chiến tranh',
      10.7795,
      106.6921,
      w('Võ Thị Sáu', Q3),
      ['War Remnants Museum'],
    ],
    ['Hồ Con Rùa', 10.7826, 106.6958, w('Võ Thị Sáu', Q3), ['Công trường Quốc tế', 'Turtle Lake']],
    ['Chùa Vĩnh Nghiêm', 10.7907, 106.683, w('Võ Thị Sáu', Q3), ['Vinh Nghiem Pagoda']],
    ['Ga Sài Gòn', 10.782, 106.677, [Q3], ['Ga Hòa Hưng', 'Saigon Railway Station']],
    ['Bến Nhà Rồng', 10.768, 106.7067, [Q4], ['Bảo tàng Hồ Chí Minh', 'Nha Rong Wharf']],
    ['Chợ An Đông', 10.757, 106.6715, [Q5], ['An Dong Market']],
    ['Chùa Bà Thiên Hậu', 10.753, 106.661, [Q5], ['Hội quán Tuệ Thành', 'Thien Hau Temple']],
    ['Bệnh viện Chợ Rẫy', 10.7578, 106.6597, [Q5], ['Cho Ray Hospital']],
    ['Chợ Bình Tây', 10.7497, 106.651, [Q6], ['Chợ Lớn mới', 'Binh Tay Market']],
    ['Sân vận động Thống Nhất', 10.7605, 106.6635, [Q10]],
    ['Vạn Hạnh Mall', 10.77, 106.67, [Q10]],
    ['Công viên Văn hóa Đầm Sen', 10.767, 106.639, [Q11], ['Đầm Sen', 'Dam Sen Park']],
    ['Khu đô thị Phú Mỹ Hưng', 10.729, 106.707, w('Tân Phong', Q7), ['Phú Mỹ Hưng', 'Phu My Hung']],
    ['Crescent Mall', 10.729, 106.719, w('Tân Phú', Q7), ['Hồ Bán Nguyệt']],
    ['Cầu Ánh Sao', 10.724, 106.718, w('Tân Phú', Q7), ['Starlight Bridge']],
    ['Cầu Phú Mỹ', 10.744, 106.744, [Q7], ['Phu My Bridge']],
    ['Landmark 81', 10.795, 106.7218, w('22', BTH), ['Vincom Landmark 81', 'The Landmark 81']],
    ['Vinhomes Central Park', 10.7945, 106.721, w('22', BTH), ['Công viên Vinhomes']],
    ['Cầu Sài Gòn', 10.798, 106.728, [BTH], ['Saigon Bridge']],
    ['Chợ Bà Chiểu', 10.801, 106.6985, [BTH]],
    ['Lăng Ông Bà Chiểu', 10.802, 106.699, [BTH], ['Lăng Tả quân Lê Văn Duyệt']],
    ['Bến xe Miền Đông', 10.8146, 106.7111, [BTH], ['Bến xe Miền Đông cũ']],
    [
      'Sân bay Tân Sơn Nhất',
      10.8185,
      106.6588,
      w('2', TB),
      [
        'Sân bay Quốc tế Tân Sơn Nhất',
        'Cảng hàng không quốc tế Tân Sơn Nhất',
        'Tan Son Nhat Airport',
        'SGN',
      ],
    ],
    ['Công viên Gia Định', 10.812, 106.677, [GV]],
    ['Aeon Mall Tân Phú', 10.801, 106.617, [TP], ['Aeon Mall Celadon']],
    ['Bến xe Miền Tây', 10.7405, 106.619, [BTA]],
    ['Aeon Mall Bình Tân', 10.743, 106.612, [BTA]],
    ['Bến xe Miền Đông mới', 10.879, 106.814, [TD]],
    ['Khu du lịch Suối Tiên', 10.867, 106.802, [TD], ['Suối Tiên', 'Suoi Tien Park']],
    [
      'Đại học Quốc gia Thành phố Hồ Chí Minh',
      10.87,
      106.803,
      [TD],
      ['ĐHQG TP.HCM', 'Làng Đại học Thủ Đức', 'VNU-HCM'],
    ],
  ]),
];

// ---------------------------------------------------------------------------------------------
// Đà Nẵng
// ---------------------------------------------------------------------------------------------

const DN = 'Đà Nẵng';
const HC = 'Quận Hải Châu';
const TK = 'Quận Thanh Khê';
const ST = 'Quận Sơn Trà';
const NHS = 'Quận Ngũ Hành Sơn';
const LC = 'Quận Liên Chiểu';
const CL = 'Quận Cẩm Lệ';
const HV = 'Huyện Hòa Vang';
const HA = 'Thành phố Hội An';

const DA_NANG: readonly Place[] = [
  ...rows('district', DN, [
    [HC, 16.0544, 108.217, [], ['Hải Châu', 'Q. Hải Châu', 'Hai Chau District']],
    [TK, 16.064, 108.188, [], ['Thanh Khê', 'Q. Thanh Khê']],
    [ST, 16.072, 108.242, [], ['Sơn Trà', 'Q. Sơn Trà', 'Son Tra District']],
    [NHS, 16.01, 108.252, [], ['Q. Ngũ Hành Sơn']],
    [LC, 16.072, 108.15, [], ['Liên Chiểu', 'Q. Liên Chiểu']],
    [CL, 16.015, 108.195, [], ['Cẩm Lệ', 'Q. Cẩm Lệ']],
    [HV, 15.988, 108.136, [], ['Hòa Vang']],
    [HA, 15.8801, 108.338, [], ['Hội An', 'Hoi An']],
  ]),
  ...rows('ward', DN, [
    ['Phường Hải Châu 1', 16.072, 108.222, [HC]],
    ['Phường Hải Châu 2', 16.066, 108.22, [HC]],
    ['Phường Thạch Thang', 16.076, 108.22, [HC]],
    ['Phường Thanh Bình', 16.08, 108.213, [HC]],
    ['Phường Thuận Phước', 16.085, 108.215, [HC]],
    ['Phường Phước Ninh', 16.06, 108.218, [HC]],
    ['Phường Nam Dương', 16.063, 108.217, [HC]],
    ['Phường Bình Hiên', 16.055, 108.222, [HC]],
    ['Phường Bình Thuận', 16.05, 108.221, [HC]],
    ['Phường Hòa Thuận Đông', 16.048, 108.213, [HC]],
    ['Phường Hòa Thuận Tây', 16.047, 108.208, [HC]],
    ['Phường Hòa Cường Bắc', 16.04, 108.218, [HC]],
    ['Phường Hòa Cường Nam', 16.03, 108.215, [HC]],
    ['Phường Thạc Gián', 16.062, 108.206, [TK]],
    ['Phường Vĩnh Trung', 16.063, 108.209, [TK]],
    ['Phường Chính Gián', 16.065, 108.2, [TK]],
    ['Phường Tân Chính', 16.068, 108.207, [TK]],
    ['Phường Tam Thuận', 16.073, 108.198, [TK]],
    ['Phường Xuân Hà', 16.071, 108.192, [TK]],
    ['Phường Thanh Khê Đông', 16.072, 108.187, [TK]],
    ['Phường An Khê', 16.06, 108.185, [TK]],
    ['Phường An Hải Bắc', 16.07, 108.233, [ST]],
    ['Phường An Hải Tây', 16.064, 108.232, [ST]],
    ['Phường An Hải Đông', 16.06, 108.24, [ST]],
    ['Phường Phước Mỹ', 16.07, 108.245, [ST]],
    ['Phường Mân Thái', 16.084, 108.246, [ST]],
    ['Phường Nại Hiên Đông', 16.085, 108.233, [ST]],
    ['Phường Thọ Quang', 16.1, 108.25, [ST]],
    ['Phường Mỹ An', 16.048, 108.243, [NHS]],
    ['Phường Khuê Mỹ', 16.03, 108.248, [NHS]],
    ['Phường Hòa Hải', 16.0, 108.26, [NHS]],
    ['Phường Hòa Quý', 15.985, 108.235, [NHS]],
    ['Phường Hòa Khánh Bắc', 16.076, 108.148, [LC]],
    ['Phường Hòa Khánh Nam', 16.06, 108.155, [LC]],
    ['Phường Hòa Minh', 16.06, 108.165, [LC]],
    ['Phường Khuê Trung', 16.03, 108.205, [CL]],
    ['Phường Hòa Xuân', 16.005, 108.22, [CL]],
    ['Phường Hòa An', 16.048, 108.18, [CL]],
  ]),
  ...rows('street', DN, [
    ['Đường Bạch Đằng', 16.07, 108.2245, w('Hải Châu 1', HC)],
    ['Đường Trần Phú', 16.069, 108.223, w('Hải Châu 1', HC)],
    ['Đường Nguyễn Chí Thanh', 16.07, 108.219, w('Hải Châu 1', HC)],
    ['Đường Lê Duẩn', 16.071, 108.216, [HC]],
    ['Đường Lê Lợi', 16.072, 108.218, w('Thạch Thang', HC)],
    ['Đường Quang Trung', 16.075, 108.22, w('Thạch Thang', HC)],
    ['Đường Hải Phòng', 16.072, 108.214, w('Thạch Thang', HC)],
    ['Đường Hùng Vương', 16.068, 108.215, [HC]],
    ['Đường Phan Chu Trinh', 16.066, 108.221, w('Hải Châu 2', HC)],
    ['Đường Ông Ích Khiêm', 16.07, 108.211, [HC]],
    ['Đường Thái Phiên', 16.066, 108.218, w('Phước Ninh', HC)],
    ['Đường Hoàng Diệu', 16.06, 108.219, w('Phước Ninh', HC)],
    ['Đường Lê Đình Dương', 16.058, 108.22, w('Phước Ninh', HC)],
    ['Đường Nguyễn Văn Linh', 16.059, 108.212, [HC]],
    ['Đường Trưng Nữ Vương', 16.052, 108.217, w('Bình Thuận', HC)],
    ['Đường Trần Thị Lý', 16.048, 108.225, [HC]],
    ['Đường 2 Tháng 9', 16.042, 108.224, w('Hòa Cường Bắc', HC), ['Đường 2/9']],
    ['Đường Núi Thành', 16.045, 108.22, w('Hòa Cường Bắc', HC)],
    ['Đường Nguyễn Hữu Thọ', 16.04, 108.212, [HC]],
    ['Đường Điện Biên Phủ', 16.063, 108.188, [TK]],
    ['Đường Hàm Nghi', 16.062, 108.209, w('Thạc Gián', TK)],
    ['Đường Nguyễn Tất Thành', 16.08, 108.19, [TK]],
    ['Đường Võ Văn Kiệt', 16.062, 108.237, [ST]],
    ['Đường Phạm Văn Đồng', 16.072, 108.238, w('An Hải Bắc', ST)],
    ['Đường Ngô Quyền', 16.07, 108.234, w('An Hải Bắc', ST)],
    ['Đường Võ Nguyên Giáp', 16.055, 108.247, w('Phước Mỹ', ST)],
    ['Đường Hồ Nghinh', 16.068, 108.244, w('Phước Mỹ', ST)],
    ['Đường Hoàng Sa', 16.1, 108.26, w('Thọ Quang', ST)],
    ['Đường Nguyễn Văn Thoại', 16.053, 108.24, w('Mỹ An', NHS)],
    ['Đường Ngũ Hành Sơn', 16.032, 108.244, w('Mỹ An', NHS)],
    ['Đường Lê Văn Hiến', 16.015, 108.248, w('Khuê Mỹ', NHS)],
    ['Đường Trường Sa', 16.01, 108.263, w('Hòa Hải', NHS)],
    ['Đường Tôn Đức Thắng', 16.065, 108.155, w('Hòa Minh', LC)],
    ['Đường Nguyễn Lương Bằng', 16.076, 108.15, w('Hòa Khánh Bắc', LC)],
    ['Đường Cách Mạng Tháng Tám', 16.02, 108.205, w('Khuê Trung', CL), ['CMT8']],
  ]),
  ...rows('landmark', DN, [
    ['Cầu Rồng', 16.0613, 108.2272, [ST], ['Dragon Bridge']],
    ['Cầu Tình Yêu', 16.0616, 108.2298, [ST], ['Love Bridge']],
    ['Tượng Cá chép hóa Rồng', 16.0618, 108.2303, [ST], ['Cá chép hóa Rồng']],
    ['Cầu Sông Hàn', 16.072, 108.227, [HC], ['Han River Bridge']],
    ['Cầu Trần Thị Lý', 16.049, 108.228, [HC]],
    ['Cầu Nguyễn Văn Trỗi', 16.0545, 108.228, [HC]],
    ['Cầu Thuận Phước', 16.091, 108.221, w('Thuận Phước', HC)],
    ['Chợ Hàn', 16.068, 108.2243, w('Hải Châu 1', HC), ['Han Market']],
    ['Chợ Cồn', 16.068, 108.214, w('Hải Châu 2', HC), ['Con Market']],
    [
      'Nhà thờ Chính tòa Đà Nẵng',
      16.0668,
      108.223,
      w('Hải Châu 1', HC),
      ['Nhà thờ Con Gà', 'Da Nang Cathedral'],
    ],
    [
      'Bảo tàng Điêu khắc Chăm',
      16.0603,
      108.2236,
      w('Bình Hiên', HC),
      ['Bảo tàng Chăm', 'Museum of Cham Sculpture'],
    ],
    ['Công viên APEC', 16.057, 108.2245, w('Bình Hiên', HC), ['APEC Park']],
    ['Bảo tàng Đà Nẵng', 16.078, 108.222, w('Thạch Thang', HC), ['Thành Điện Hải']],
    [
      'Trung tâm Hành chính Đà Nẵng',
      16.077,
      108.223,
      w('Hải Châu 1', HC),
      ['Tòa nhà Trung tâm Hành chính'],
    ],
    ['Bệnh viện Đà Nẵng', 16.072, 108.215, w('Thạch Thang', HC)],
    [
      'Công viên Châu Á',
      16.039,
      108.227,
      w('Hòa Cường Bắc', HC),
      ['Asia Park', 'Sun World Danang Wonders', 'Sun Wheel'],
    ],
    ['Chợ đêm Helio', 16.037, 108.223, w('Hòa Cường Bắc', HC), ['Helio Center']],
    ['Lotte Mart Đà Nẵng', 16.035, 108.229, w('Hòa Cường Bắc', HC)],
    [
      'Sân bay Đà Nẵng',
      16.0439,
      108.1994,
      w('Hòa Thuận Tây', HC),
      ['Sân bay Quốc tế Đà Nẵng', 'Cảng hàng không quốc tế Đà Nẵng', 'Da Nang Airport', 'DAD'],
    ],
    ['Ga Đà Nẵng', 16.0715, 108.209, w('Tam Thuận', TK), ['Da Nang Railway Station']],
    ['Bãi biển Mỹ Khê', 16.0544, 108.2475, w('Phước Mỹ', ST), ['Biển Mỹ Khê', 'My Khe Beach']],
    ['Bãi biển Phạm Văn Đồng', 16.072, 108.247, w('Phước Mỹ', ST)],
    ['Công viên Biển Đông', 16.069, 108.246, w('Phước Mỹ', ST)],
    ['Bãi biển Mân Thái', 16.086, 108.25, w('Mân Thái', ST)],
    ['Chợ đêm Sơn Trà', 16.063, 108.231, w('An Hải Tây', ST)],
    ['Vincom Plaza Ngô Quyền', 16.072, 108.232, w('An Hải Bắc', ST), ['Vincom Đà Nẵng']],
    [
      'Bán đảo Sơn Trà',
      16.12,
      108.28,
      [ST],
      ['Núi Sơn Trà', 'Son Tra Peninsula', 'Monkey Mountain'],
    ],
    [
      'Chùa Linh Ứng Bãi Bụt',
      16.1003,
      108.2778,
      w('Thọ Quang', ST),
      ['Chùa Linh Ứng', 'Lady Buddha'],
    ],
    ['Cảng Tiên Sa', 16.123, 108.218, w('Thọ Quang', ST), ['Tien Sa Port']],
    ['Bãi biển Bắc Mỹ An', 16.042, 108.25, w('Mỹ An', NHS)],
    ['Chợ Bắc Mỹ An', 16.044, 108.243, w('Mỹ An', NHS)],
    [
      'Ngũ Hành Sơn',
      16.004,
      108.264,
      w('Hòa Hải', NHS),
      ['Danh thắng Ngũ Hành Sơn', 'Núi Non Nước', 'Marble Mountains'],
    ],
    ['Bãi biển Non Nước', 16.0, 108.268, w('Hòa Hải', NHS), ['Non Nuoc Beach']],
    ['Đại học Bách khoa Đà Nẵng', 16.074, 108.15, w('Hòa Khánh Bắc', LC)],
    ['Bến xe Trung tâm Đà Nẵng', 16.057, 108.171, w('Hòa Minh', LC), ['Bến xe Đà Nẵng']],
    ['Đèo Hải Vân', 16.192, 108.13, [LC], ['Hai Van Pass']],
    ['Bà Nà Hills', 15.9977, 107.988, [HV], ['Sun World Ba Na Hills', 'Bà Nà', 'Núi Chúa']],
    ['Cầu Vàng', 15.9951, 107.9965, [HV], ['Golden Bridge']],
    ['Phố cổ Hội An', 15.8775, 108.3285, [HA], ['Hoi An Ancient Town', 'Hoi An Old Town']],
    ['Chùa Cầu', 15.8771, 108.326, [HA], ['Cầu Nhật Bản', 'Japanese Covered Bridge']],
  ]),
];

// ---------------------------------------------------------------------------------------------
// Well-known towns and sights elsewhere
// ---------------------------------------------------------------------------------------------

const ELSEWHERE: readonly Place[] = [
  ...rows('district', 'Tỉnh Quảng Ninh', [['Thành phố Hạ Long', 20.955, 107.075, [], ['Hạ Long']]]),
  ...rows('landmark', 'Tỉnh Quảng Ninh', [
    ['Vịnh Hạ Long', 20.9101, 107.1839, [], ['Ha Long Bay', 'Halong Bay']],
  ]),
  ...rows('district', 'Tỉnh Lào Cai', [['Thị xã Sa Pa', 22.3364, 103.8438, [], ['Sa Pa', 'Sapa']]]),
  ...rows('landmark', 'Tỉnh Lào Cai', [
    ['Đỉnh Fansipan', 22.3033, 103.775, [], ['Fansipan', 'Phan Xi Păng']],
  ]),
  ...rows('landmark', 'Thành phố Hải Phòng', [
    ['Sân bay Cát Bi', 20.8194, 106.725, [], ['Sân bay Quốc tế Cát Bi', 'HPH']],
    ['Đảo Cát Bà', 20.727, 107.048, [], ['Cát Bà', 'Cat Ba Island']],
  ]),
  ...rows('landmark', 'Tỉnh Ninh Bình', [
    ['Khu du lịch Tràng An', 20.253, 105.895, [], ['Tràng An', 'Trang An']],
  ]),
  ...rows('landmark', 'Tỉnh Quảng Trị', [
    ['Vườn quốc gia Phong Nha - Kẻ Bàng', 17.59, 106.283, [], ['Phong Nha', 'Phong Nha Ke Bang']],
  ]),
  ...rows('landmark', 'Thành phố Huế', [
    ['Đại Nội Huế', 16.4698, 107.5786, [], ['Kinh thành Huế', 'Hoàng thành Huế', 'Imperial City']],
    ['Cầu Trường Tiền', 16.468, 107.589, [], ['Trang Tien Bridge']],
    ['Chợ Đông Ba', 16.473, 107.588, [], ['Dong Ba Market']],
    ['Sân bay Phú Bài', 16.4015, 107.7026, [], ['Sân bay Quốc tế Phú Bài', 'HUI']],
  ]),
  ...rows('district', 'Tỉnh Gia Lai', [
    ['Thành phố Quy Nhơn', 13.7765, 109.2237, [], ['Quy Nhơn']],
  ]),
  ...rows('district', 'Tỉnh Khánh Hòa', [
    ['Thành phố Nha Trang', 12.2451, 109.1943, [], ['Nha Trang']],
  ]),
  ...rows('landmark', 'Tỉnh Khánh Hòa', [
    ['Sân bay Cam Ranh', 11.9981, 109.2194, [], ['Sân bay Quốc tế Cam Ranh', 'CXR']],
  ]),
  ...rows('district', 'Tỉnh Lâm Đồng', [
    ['Thành phố Đà Lạt', 11.9404, 108.4583, [], ['Đà Lạt', 'Dalat']],
  ]),
  ...rows('landmark', 'Tỉnh Lâm Đồng', [
    ['Hồ Xuân Hương', 11.9419, 108.441, ['Thành phố Đà Lạt'], ['Xuan Huong Lake']],
    ['Mũi Né', 10.9333, 108.2833, [], ['Mui Ne']],
  ]),
  ...rows('landmark', 'Thành phố Cần Thơ', [
    ['Bến Ninh Kiều', 10.034, 105.788, [], ['Ninh Kieu Wharf']],
    ['Chợ nổi Cái Răng', 10.005, 105.748, [], ['Cai Rang Floating Market']],
  ]),
  ...rows('district', 'Tỉnh An Giang', [
    ['Thành phố Phú Quốc', 10.227, 103.967, [], ['Phú Quốc', 'Đảo Phú Quốc', 'Phu Quoc']],
    ['Thành phố Châu Đốc', 10.7, 105.1167, [], ['Châu Đốc']],
  ]),
];

export const GAZETTEER: readonly Place[] = Object.freeze([
  ...PROVINCES,
  ...HANOI,
  ...HO_CHI_MINH,
  ...DA_NANG,
  ...ELSEWHERE,
]);
