import { useState, type CSSProperties } from 'react';
import { IconUser } from './icons';
import { hasOwnName, initialOf } from './user-identity';
import classes from './user-avatar.module.css';

interface UserAvatarProps {
  /** The user's name as stored: a phone or nothing (no name given yet) shows a neutral icon. */
  name: string | null | undefined;
  /** URL path of the uploaded picture; without one (or if it fails to load) the fallback shows. */
  src: string | null;
  /** In px; 38 is Mantine's 'md' avatar. */
  size?: number;
  /** Empty when the name is written next to the avatar, so it is not read twice. */
  alt?: string;
}

/**
 * A round picture, or the initial (a neutral icon without a name) on the brand colour. Plain
 * elements rather than Mantine's Avatar: the signed-in frame shows one on every first screen,
 * and this is a fraction of the component's code (decision 033).
 */
export function UserAvatar({ name, src, size = 38, alt = '' }: UserAvatarProps) {
  // The picture that failed to load, so a new one (an upload's preview) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const style = { '--avatar-size': `${size}px` } as CSSProperties;
  // About half the circle, as a letter would fill it.
  const iconSize = Math.round(size * 0.55);
  return (
    <span
      className={classes.avatar}
      style={style}
      data-user-avatar
      aria-hidden={alt === '' ? true : undefined}
    >
      {src !== null && src !== failed ? (
        <img className={classes.image} src={src} alt={alt} onError={() => setFailed(src)} />
      ) : (
        <span className={classes.placeholder} title={alt || undefined}>
          {hasOwnName(name) ? initialOf(name) : <IconUser size={iconSize} />}
        </span>
      )}
    </span>
  );
}
