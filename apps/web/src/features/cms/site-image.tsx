import { hrefTarget, type SiteImage as Image } from '@taxportal/contract';
import type { CSSProperties } from 'react';
import { useText } from './site-api.ts';

/**
 * An image of the public site. A media library image (decision 0020-c) comes with its AVIF and WebP `srcset`s and
 * its size, so the browser picks the width the layout needs and reserves the box before it loads (no layout
 * shift); `src` is its JPEG/PNG for anything older. An image typed as an address has only `src` and the size the
 * layout gives it. Lazy, except the one image a visitor sees first (`priority`: the hero's).
 */
export function SiteImage({
  image,
  sizes,
  box,
  priority = false,
  className,
  style,
}: {
  image: Image;
  /** Which width the image is shown at, for the browser's choice: `(min-width: 62em) 40vw, 100vw`. */
  sizes: string;
  /** The size to reserve when the image does not know its own. */
  box: { width: number; height: number };
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const text = useText();
  // An address stored before the contract refused it (another site behind a path-like `/\\host`): no image.
  if (!hrefTarget(image.src, { images: true })) return null;
  const img = (
    <img
      src={image.src}
      alt={text(image.alt)}
      width={image.width ?? box.width}
      height={image.height ?? box.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      className={className}
      style={style}
    />
  );
  if (!image.srcset) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
