import { type ContentImage, srcsetOf, variantFor } from '../../common/content-images';

interface ContentPictureProps {
  image: ContentImage;
  alt: string;
  /** The `sizes` attribute: how wide the picture shows, so the browser picks the right variant. */
  sizes: string;
  className: string;
  /** A fixed square box (avatars); otherwise the picture's own aspect ratio. */
  square?: number;
}

/**
 * A content picture in all its widths. `width` and `height` are always set, so the browser
 * reserves the space before the bytes arrive and nothing moves (no layout shift).
 */
export function ContentPicture({ image, alt, sizes, className, square }: ContentPictureProps) {
  const fallback = variantFor(image, square ? square * 2 : 640);
  return (
    <img
      className={className}
      src={fallback?.url}
      srcSet={srcsetOf(image)}
      sizes={sizes}
      width={square ?? image.width}
      height={square ?? image.height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}
