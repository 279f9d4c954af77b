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

const COMMENTS: readonly [number, string][] = [
  [5, 'Ngon tuyệt, nước dùng đậm đà, sẽ quay lại!'],
  [5, 'Giao nhanh, đồ ăn còn nóng hổi, đóng gói cẩn thận.'],
  [4, 'Vị ngon, phần ăn hơi ít so với giá.'],
  [5, 'Đúng vị truyền thống, cả nhà đều thích.'],
  [4, 'Ổn áp, rau sống tươi, nước chấm vừa miệng.'],
  [3, 'Tạm được, hôm nay hơi mặn một chút.'],
  [5, 'Thịt mềm, thơm, ăn kèm rau rất hợp.'],
  [4, 'Quán làm nhanh, giá hợp lý cho dân văn phòng.'],
  [2, 'Giao hơi lâu nên món bị nguội.'],
  [5, 'Món tủ của mình, tuần nào cũng đặt.'],
  [4, 'Ngon, nhưng nên cho thêm ớt tươi.'],
  [5, 'Nêm nếm vừa vặn, topping đầy đặn.'],
  [3, 'Bình thường, không có gì đặc biệt.'],
  [4, 'Bánh giòn, nhân nhiều, ăn no lâu.'],
  [5, 'Chè mát lạnh, ngọt thanh, rất hợp trời nóng.'],
  [4, 'Mì dai, nước lèo ngọt xương.'],
  [5, 'Khuya đói bụng đặt mà vẫn có, quá tuyệt.'],
  [1, 'Thiếu món so với đơn, mong quán kiểm tra kỹ hơn.'],
  [4, 'Hương vị ổn định, nhân viên lịch sự.'],
  [5, 'Ăn một lần là nhớ, giới thiệu cho bạn bè rồi.'],
];

/** 120 reviews cycling through the comments above. */
export const DEMO_REVIEWS = Array.from({ length: 120 }, (_, i) => {
  const [rating, comment] = COMMENTS[i % COMMENTS.length]!;
  return { rating, comment };
});
