import { Avatar, type MantineSize } from '@mantine/core';
import { IconUser } from './icons';
import { hasOwnName, initialOf } from './user-identity';

interface UserAvatarProps {
  /** The user's name as stored: a phone or nothing (no name given yet) shows a neutral icon. */
  name: string | null | undefined;
  /** URL path of the uploaded picture; without one (or if it fails to load) the fallback shows. */
  src: string | null;
  size?: MantineSize | number;
  /** Empty when the name is written next to the avatar, so it is not read twice. */
  alt?: string;
}

export function UserAvatar({ name, src, size = 'md', alt = '' }: UserAvatarProps) {
  // About half the circle, as a letter would fill it; 'md' is Mantine's 38 px.
  const iconSize = Math.round((typeof size === 'number' ? size : 38) * 0.55);
  return (
    <Avatar
      src={src}
      alt={alt}
      size={size}
      radius={9999}
      color="tomato"
      variant="filled"
      aria-hidden={alt === '' ? true : undefined}
    >
      {hasOwnName(name) ? initialOf(name) : <IconUser size={iconSize} />}
    </Avatar>
  );
}
