import { Avatar, type MantineSize } from '@mantine/core';
import { initialOf } from './user-identity';

interface UserAvatarProps {
  name: string;
  /** URL path of the uploaded picture; without one (or if it fails to load) the initial shows. */
  src: string | null;
  size?: MantineSize | number;
  /** Empty when the name is written next to the avatar, so it is not read twice. */
  alt?: string;
}

export function UserAvatar({ name, src, size = 'md', alt = '' }: UserAvatarProps) {
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
      {initialOf(name)}
    </Avatar>
  );
}
