import { useState, type CSSProperties } from 'react';
import classes from './cover-image.module.css';
import { IconBowl } from './icons';

export interface CoverImageProps {
  src: string | null;
  /** '' when the same words are written next to the picture, so they are not read twice. */
  alt: string;
  /** Width over height; the box is reserved before the picture arrives, so nothing moves. */
  ratio?: number;
  /** Intrinsic size hints for the browser (the server makes pictures of 480x360). */
  width?: number;
  height?: number;
  /**
   * The screen's largest picture: fetched at once and first. Every other picture is lazy, so a
   * long page does not spend a phone's data on what is never scrolled to.
   */
  priority?: boolean;
  /** Extra class for the frame, e.g. one that sets a different aspect-ratio per breakpoint. */
  className?: string;
}

/** A picture in a box of fixed proportions, or the bowl placeholder when there is none. */
export function CoverImage({
  src,
  alt,
  ratio,
  width = 480,
  height = 360,
  priority = false,
  className,
}: CoverImageProps) {
  // A picture that fails to load falls back to the placeholder; a new src tries again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style: CSSProperties | undefined = ratio ? { aspectRatio: ratio } : undefined;
  const frame = className ? `${classes.frame} ${className}` : classes.frame;
  if (!src || failedSrc === src) {
    return (
      <div
        className={`${frame} ${classes.placeholder}`}
        style={style}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      >
        <IconBowl size={40} />
      </div>
    );
  }
  return (
    <div className={frame} style={style}>
      <img
        className={classes.image}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        // A priority picture is drawn in the same frame as the text around it, not a frame or
        // more later: it is the page's largest paint, and a small one to decode.
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
        onError={() => setFailedSrc(src)}
      />
    </div>
  );
}
