import { Svg, type IconProps } from './icons';

// The screens' icons, drawn like those of icons.tsx and kept apart from them so they load with
// the screens that use them rather than with the first load.

export function IconInstall(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5" />
      <path d="M5 17v1.5A1.5 1.5 0 0 0 6.5 20h11a1.5 1.5 0 0 0 1.5-1.5V17" />
    </Svg>
  );
}

// Smaller by default: these sit inside inputs, chips and cards rather than the navigation.

export function IconSearch({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </Svg>
  );
}

export function IconMapPin({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </Svg>
  );
}

export function IconCrosshair({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <circle cx="12" cy="12" r="6.5" />
      <circle cx="12" cy="12" r="1.8" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3" />
    </Svg>
  );
}

export function IconCheck({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Svg>
  );
}

export function IconFilter({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
      <circle cx="16" cy="7" r="2" />
      <circle cx="10" cy="17" r="2" />
    </Svg>
  );
}

export function IconTrash({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <path d="M4.5 7h15M9.5 7V4.5h5V7" />
      <path d="M6.5 7l1 13h9l1-13" />
      <path d="M10 11v5.5M14 11v5.5" />
    </Svg>
  );
}

export function IconDots({ size = 22 }: IconProps) {
  return (
    <Svg size={size}>
      <circle cx="12" cy="5.5" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="18.5" r="1.2" fill="currentColor" />
    </Svg>
  );
}

export function IconPlus({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <path d="M12 5v14M5 12h14" />
    </Svg>
  );
}
