import { VitePWA } from 'vite-plugin-pwa';
import { SERVER_ENTRY_DIR } from './server-entry';

interface PwaOptions {
  /** The manifest's theme_color, the same value as index.html's <meta name="theme-color">. */
  themeColor: string;
  backgroundColor: string;
  /** Built files the precache leaves out: the staff screens' (build/staff-only-assets.ts). */
  notPrecached: ReadonlySet<string>;
}

/** The service worker (sw/sw.ts) with its precache manifest, and the web app manifest. */
export function pwa({ themeColor, backgroundColor, notPrecached }: PwaOptions) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    // src/app/pwa.tsx registers the worker itself, only in production builds.
    injectRegister: false,
    manifest: {
      id: '/',
      scope: '/',
      start_url: '/',
      lang: 'vi',
      dir: 'ltr',
      name: 'Món Ngon – Đặt món ăn',
      short_name: 'Món Ngon',
      description:
        'Đặt món ngon từ các quán quanh bạn, thanh toán bằng ví và theo dõi đơn hàng đến tận cửa.',
      display: 'standalone',
      theme_color: themeColor,
      background_color: backgroundColor,
      categories: ['food', 'shopping'],
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        // Separate files: a maskable icon needs its artwork inside the 80% safe zone.
        { src: '/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      // Long-press menu of the installed icon: the three places a returning customer heads for.
      shortcuts: [
        {
          name: 'Tìm món',
          url: '/search',
          icons: [{ src: '/shortcuts/search-96.png', sizes: '96x96', type: 'image/png' }],
        },
        {
          name: 'Giỏ hàng',
          url: '/cart',
          icons: [{ src: '/shortcuts/cart-96.png', sizes: '96x96', type: 'image/png' }],
        },
        {
          name: 'Đơn hàng',
          url: '/orders',
          icons: [{ src: '/shortcuts/orders-96.png', sizes: '96x96', type: 'image/png' }],
        },
      ],
      // Chromium's richer install dialog; made by scripts/make-screenshots.ts, whose sizes
      // these must match (an entry whose file has other dimensions is dropped).
      screenshots: [
        {
          src: '/screenshots/home-narrow.png',
          sizes: '750x1334',
          type: 'image/png',
          form_factor: 'narrow',
          label: 'Trang chủ: món ngon gần bạn, tìm kiếm và danh mục',
        },
        {
          src: '/screenshots/search-wide.png',
          sizes: '1280x800',
          type: 'image/png',
          form_factor: 'wide',
          label: 'Kết quả tìm kiếm: quán gần nhất và các món phù hợp',
        },
      ],
    },
    // The glob below already precaches the icons; listing them twice only bloats sw.js.
    includeManifestIcons: false,
    injectManifest: {
      // The new-order chime (24 KB) must ring on a tablet that lost its network after the
      // page loaded: the service worker has no runtime cache for sounds, so it is precached.
      globPatterns: ['**/*.{js,css,html,ico,png,svg,webp,woff2}', 'sounds/*.wav'],
      // Only the install dialog shows the screenshots, fetched once from the network; ssr/ is
      // the server's copy of the app (build/server-entry.ts).
      globIgnores: ['screenshots/**', `${SERVER_ENTRY_DIR}/**`],
      manifestTransforms: [
        (entries) => ({
          manifest: entries.filter((entry) => !notPrecached.has(entry.url)),
          warnings: [],
        }),
      ],
    },
  });
}
