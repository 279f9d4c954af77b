// Types of `virtual:pwa-register`, which app/pwa.tsx uses (tsconfig.app.json lists only the
// React and info flavours of vite-plugin-pwa's virtual modules).
/// <reference types="vite-plugin-pwa/vanillajs" />
