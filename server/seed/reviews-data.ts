/** Demo customers who left the demo reviews (development only). */
export const DEMO_REVIEWERS = [
  { phone: '0901000001', full_name: 'Nguyễn Minh Anh' },
  { phone: '0901000002', full_name: 'Trần Quốc Bảo' },
  { phone: '0901000003', full_name: 'Lê Thu Trang' },
  { phone: '0901000004', full_name: 'Phạm Đức Huy' },
  { phone: '0901000005', full_name: 'Hoàng Gia Linh' },
  { phone: '0901000006', full_name: 'Võ Thanh Tâm' },
  { phone: '0901000007', full_name: 'Đặng Hải Yến' },
  { phone: '0901000008', full_name: 'Bùi Khánh Vy' },
] as const;

/**
 * The kinds of dish a comment can be about. A broth is praised only on a noodle soup, crisp
 * bread only on a bánh mì, cold sweetness only on a dessert; comments about delivery or price
 * fit every kind and are repeated in each list where they read naturally.
 */
export type DishKind =
  | 'noodle-soup'
  | 'dry-noodles'
  | 'soup'
  | 'rice'
  | 'porridge'
  | 'bread'
  | 'dessert'
  | 'seafood'
  | 'fried'
  | 'snack';

/**
 * The kind of a demo dish, from its name (the six catalogue categories are too broad: 'Món
 * chính' holds both phở and cơm tấm). The first rule that matches decides, so the dry forms
 * of noodles (xào, trộn, khô, cuốn) come before the soups they share a first word with, and
 * fried rice or noodles before anything fried.
 */
const KIND_RULES: readonly [DishKind, RegExp][] = [
  ['dessert', /^(chè|kem|bánh flan|bánh tart|tàu hũ|tào phớ|sữa chua|rau câu|sương sa|bingsu)/],
  ['porridge', /^cháo/],
  ['bread', /^(bánh mì|hamburger|burger|hot dog|pizza)/],
  ['rice', /^(cơm|xôi)/],
  ['soup', /^(canh|lẩu)/],
  [
    'dry-noodles',
    /^(phở|bún|mì|miến|hủ tiếu).*(xào|trộn|khô|cuốn|nguội|ý|nam bộ)|^(mì gói|cao lầu|tokbokki)/,
  ],
  [
    'noodle-soup',
    /^(phở|bún (bò|riêu|ốc|cá|thang|mắm|chả cá)|bánh canh|hủ tiếu|miến|mì|sủi cảo nước)/,
  ],
  ['dry-noodles', /^bún/],
  ['seafood', /^(ốc|sò|hàu|nghêu|ghẹ|càng ghẹ|mực|tôm nướng|hến|cá lăng)/],
  [
    'fried',
    // Whole words: 'rán' is also inside 'bánh tráng'.
    /(^|\s)(chiên|rán|ram)(\s|$)|khoai tây|phô mai que|chả giò|bánh xèo|bánh khọt|bánh tôm|quẩy|bánh gối/,
  ],
];

export function dishKind(name: string): DishKind {
  const lower = name.toLocaleLowerCase('vi');
  return KIND_RULES.find(([, rule]) => rule.test(lower))?.[0] ?? 'snack';
}

type Comment = readonly [rating: number, comment: string];

/** Every comment a seeded review of a dish of each kind may have, with its stars. */
export const COMMENTS_BY_KIND: Record<DishKind, readonly Comment[]> = {
  'noodle-soup': [
    [5, 'Ngon tuyệt, nước dùng đậm đà, sẽ quay lại!'],
    [4, 'Nước lèo ngọt thanh, sợi mềm vừa, chỉ hơi ít rau.'],
    [5, 'Giao nhanh, nước dùng để riêng nên tới nơi vẫn nóng hổi.'],
    [3, 'Tạm được, hôm nay nước dùng hơi mặn một chút.'],
    [4, 'Bát đầy đặn, rau thơm tươi, giá hợp lý.'],
    [2, 'Giao hơi lâu, sợi bị nở, nước dùng nguội.'],
    [5, 'Đúng vị truyền thống, cả nhà đều thích.'],
  ],
  'dry-noodles': [
    [5, 'Sợi dai, nước sốt thấm đều, ăn rất cuốn.'],
    [4, 'Thơm, không bị ngấy, phần ăn vừa đủ.'],
    [4, 'Nước chấm chua ngọt vừa miệng, rau sống tươi.'],
    [3, 'Bình thường, hôm nay hơi nhiều dầu.'],
    [5, 'Món tủ của mình, tuần nào cũng đặt.'],
    [2, 'Giao lâu nên món bị nguội, sợi dính vào nhau.'],
  ],
  soup: [
    [5, 'Nước canh thanh ngọt, chua cay vừa miệng, ăn với cơm rất đưa.'],
    [4, 'Nóng hổi, nhiều cái, cả nhà ăn vừa đủ.'],
    [3, 'Tạm được, hôm nay nêm hơi nhạt.'],
    [5, 'Đúng vị nhà nấu, sẽ đặt lại.'],
  ],
  rice: [
    [5, 'Dẻo thơm, đồ ăn kèm đậm đà, ăn rất đưa.'],
    [4, 'Phần ăn đầy đặn, dân văn phòng ăn rất hợp.'],
    [5, 'Nêm nếm vừa miệng, ăn kèm đồ chua rất hợp.'],
    [3, 'Tạm được, hôm nay hơi khô một chút.'],
    [4, 'Đóng hộp cẩn thận, tới nơi vẫn còn ấm.'],
    [1, 'Thiếu món so với đơn, mong quán kiểm tra kỹ hơn.'],
  ],
  porridge: [
    [5, 'Cháo sánh mịn, nóng hổi, ăn lúc mệt rất dễ chịu.'],
    [4, 'Nêm nhạt vừa phải, thêm tiêu hành là ngon.'],
    [3, 'Ổn, nhưng phần cái hơi ít.'],
    [5, 'Khuya đói bụng đặt mà vẫn có, quá tuyệt.'],
  ],
  bread: [
    [5, 'Bánh giòn, nhân nhiều, ăn no lâu.'],
    [4, 'Vỏ bánh giòn rụm, nhân đậm vị, chỉ hơi ít rau.'],
    [5, 'Bữa sáng nhanh gọn, giao tới bánh vẫn còn giòn.'],
    [3, 'Bánh hơi mềm vì đường xa, nhân thì ngon.'],
    [4, 'Giá hợp lý, sốt vừa miệng.'],
  ],
  dessert: [
    [5, 'Ngọt thanh, thơm, ăn rất vừa miệng.'],
    [4, 'Ngọt vừa phải, béo thơm, đóng hộp kín đáo.'],
    [5, 'Tráng miệng sau bữa trưa tuyệt vời.'],
    [3, 'Hơi ngọt so với mình, lần sau dặn ít đường.'],
    [4, 'Trẻ con nhà mình rất thích, sẽ đặt thêm.'],
    [2, 'Hơi ít so với giá, mong quán cho đầy hơn.'],
  ],
  seafood: [
    [5, 'Hải sản tươi, chế biến thơm, nước chấm đậm đà.'],
    [4, 'Tươi ngon, sốt đậm vị, giá hơi cao một chút.'],
    [3, 'Ổn, nhưng phần ăn hơi ít so với giá.'],
    [5, 'Nhậu cuối tuần với bạn bè, ai cũng khen.'],
  ],
  fried: [
    [5, 'Giòn rụm, nóng hổi, chấm nước sốt rất vừa.'],
    [4, 'Chiên vàng đều, không bị ngấm dầu.'],
    [3, 'Tạm được, hơi mặn so với mình.'],
    [5, 'Ăn vặt buổi chiều rất hợp, cả phòng tranh nhau.'],
    [2, 'Giao hơi lâu nên món bị nguội, mất độ giòn.'],
  ],
  snack: [
    [5, 'Ngon, nêm nếm vừa miệng, nước chấm rất hợp.'],
    [4, 'Phần ăn vừa đủ, đóng gói cẩn thận.'],
    [4, 'Nguyên liệu tươi, làm sạch sẽ, sẽ đặt lại.'],
    [3, 'Bình thường, không có gì đặc biệt.'],
    [5, 'Ăn một lần là nhớ, giới thiệu cho bạn bè rồi.'],
    [2, 'Giao hơi lâu, món không còn ngon như ăn tại quán.'],
  ],
};

/**
 * The `index`-th comment for a dish named `name`, cycling through its kind's list so the
 * stars spread like the list does.
 */
export function commentFor(name: string, index: number): { rating: number; comment: string } {
  const list = COMMENTS_BY_KIND[dishKind(name)];
  const [rating, comment] = list[index % list.length]!;
  return { rating, comment };
}

/** How many reviews the catalogue step spreads over the whole catalogue's dishes. */
export const DEMO_REVIEW_COUNT = 120;
