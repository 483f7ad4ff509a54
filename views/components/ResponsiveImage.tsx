import type { Asset } from '../content.ts';

/**
 * The widths offered, from those the image endpoint renders (graphql/content/image-router.ts):
 * steps of about 1.6, so a browser downloads at most that much more than it shows, at five URLs a
 * picture instead of eight (decision 0054: a line of `srcset` per picture was a fifth of a page).
 */
const WIDTHS = [320, 640, 1024, 1600, 1920];

interface ResponsiveImageProps {
  asset: Asset;
  /** How wide the picture shows, for the browser to pick a width: e.g. `(min-width: 60em) 33vw, 100vw`. */
  sizes: string;
  className?: string;
  /** Decorative pictures (next to a title saying the same) pass an empty alt. */
  alt?: string;
  /** The page's main picture loads first; every other one when it nears the screen. */
  priority?: boolean;
}

/**
 * A content picture in the width and format the device needs (SPEC 3.1): `srcset` over the image
 * endpoint, the blur-up placeholder painted behind it until it arrives, its size reserved so the
 * page does not jump.
 */
export function ResponsiveImage({ asset, sizes, className, alt, priority = false }: ResponsiveImageProps) {
  const variants = asset.responsiveUrl ? WIDTHS.filter((width) => !asset.width || width <= asset.width * 2) : [];
  return (
    <img
      className={className}
      src={variants.length ? `${asset.responsiveUrl}?w=800` : asset.url}
      srcSet={variants.length ? variants.map((width) => `${asset.responsiveUrl}?w=${width} ${width}w`).join(', ') : undefined}
      sizes={variants.length ? sizes : undefined}
      alt={alt ?? asset.alt ?? ''}
      width={asset.width ?? undefined}
      height={asset.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      style={asset.blurDataUrl ? { backgroundImage: `url("${asset.blurDataUrl}")`, backgroundSize: 'cover' } : undefined}
    />
  );
}
