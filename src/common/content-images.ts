/**
 * Images of team members and services: what staff may upload, and how an image is described
 * to the site and the console (shared by the server, the site and the console). No zod here: the site's pages import it.
 */

/** The largest upload, in bytes (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The most pixels a source image may declare (width x height): beyond it, decoding is refused. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The widths the server makes of every image, in WebP; never wider than the source. */
export const IMAGE_WIDTHS = [160, 320, 640, 960] as const;
/** What the file picker offers; the server checks the bytes, never this list or the name. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** The two kinds of content that carry an image. */
export const IMAGE_KINDS = ['services', 'team-members'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const isImageKind = (kind: string): kind is ImageKind => (IMAGE_KINDS as readonly string[]).includes(kind);

/** One WebP width of a picture. */
export interface ImageVariant {
  url: string;
  width: number;
  height: number;
}

/** An uploaded picture: its size (that of its largest variant, for the aspect ratio) and its variants. */
export interface ContentImage {
  id: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

export const IMAGE_MESSAGES = {
  notImage: 'This file is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.',
  tooBig: 'This image is larger than 5 MB. Choose a smaller file, or export it at a lower quality.',
  tooManyPixels: `This image is too large in dimensions (more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels). Resize it, then upload it again.`,
  empty: 'The upload was empty. Choose an image file.',
} as const;

/** `srcset` of an image: each variant with its width. */
export const srcsetOf = (image: ContentImage): string => image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

/** The smallest variant at least `width` wide (or the largest there is): the `src` fallback. */
export function variantFor(image: ContentImage, width: number) {
  const sorted = [...image.variants].sort((a, b) => a.width - b.width);
  return sorted.find((variant) => variant.width >= width) ?? sorted.at(-1);
}
