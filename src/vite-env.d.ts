// The environment variables the client reads at build time (Vite's `import.meta.env`).
interface ImportMetaEnv {
  /**
   * Base URL of the Nominatim-compatible geocoder (src/lib/maps.ts). Unset, the app uses the
   * server's own /api/geo; set it to e.g. https://nominatim.example.vn to use another one.
   */
  readonly VITE_MAPS_BASE_URL?: string;
}
