import { IMAGE_WIDTHS } from '../../common/content-images';

/** The widths to make of a source `sourceWidth` wide: the standard ones below it, and at least one. */
export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((width) => width <= sourceWidth);
  // A source narrower than the smallest width is kept at its own width, never enlarged.
  return widths.length > 0 ? widths : [Math.max(1, Math.floor(sourceWidth))];
}

/** The height of a variant `width` wide of a source, keeping its aspect ratio. */
export const heightAt = (width: number, source: { width: number; height: number }) =>
  Math.max(1, Math.round((source.height * width) / source.width));

/** A variant's address: named by the hash of its own bytes, so it never changes (immutable). */
export const variantUrl = (hash: string) => `/images/${hash}.webp`;

/** A variant's file name as it appears in the address: 64 hex digits and `.webp`. */
export const VARIANT_FILE = /^([0-9a-f]{64})\.webp$/;
