interface LogoProps {
  size?: number;
}

/**
 * The app logo (public/logo.svg, precached by the service worker). Decorative: it always
 * stands next to the app name, which screen readers read instead.
 */
export function Logo({ size = 32 }: LogoProps) {
  return <img src="/logo.svg" alt="" width={size} height={size} style={{ display: 'block' }} />;
}
