/**
 * Every user-facing string of the client, grouped by feature. Components and tests read the
 * same entries, so a wording change is one edit and tests follow it. Strings quoted by the spec
 * are copied to the letter; features add their own group when they arrive.
 */
export const vi = {
  app: {
    name: 'Món Ngon',
    tagline: 'Đặt món ngon, giao tận nơi',
    // Error boundary of the router: shown when a screen fails to load or render.
    crashed: 'Đã có lỗi xảy ra. Vui lòng tải lại trang.',
    reload: 'Tải lại',
  },
  // spec section 8, "General".
  toast: {
    success: 'Thành công',
    warning: 'Cảnh báo',
  },
  http: {
    noResponse: 'Không thể kết nối đến server',
    status: (status: number) => `HTTP ${status}`,
  },
  offline: {
    banner: 'Bạn đang ngoại tuyến. Một số chức năng cần có mạng.',
  },
  pwa: {
    updateAvailable: 'Đã có phiên bản mới',
    updateHint: 'Tải lại để dùng phiên bản mới nhất.',
    reload: 'Tải lại',
    offlineReady: 'Ứng dụng đã sẵn sàng dùng khi không có mạng',
  },
  format: {
    currency: '₫',
    metres: 'm',
    kilometres: 'km',
  },
} as const;
