import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../common/content-images';
import { HttpError } from '../platform/lib/http-error';
import { concurrencyLimit } from './concurrency';
import { heightAt, variantWidths } from './image-rules';

export interface PreparedVariant {
  hash: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface PreparedImage {
  /**
   * Named by the hash of its variants, not of the uploaded bytes: the same picture in other bytes
   * (trailing data, other metadata, another compression level) makes the same variants, so it
   * is the same image and is stored once.
   */
  id: string;
  width: number;
  height: number;
  variants: PreparedVariant[];
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const WEBP_QUALITY = 80;

const refuse = (status: number, code: 'bad_request' | 'payload_too_large' | 'unsupported_media_type', message: string) =>
  new HttpError(status, code, message);

/** Two resizings at once (the machine's cores); more uploads wait their turn. */
const resizing = concurrencyLimit(2);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Checks an upload by its bytes (what sharp reads in them, never its name or declared type)
 * and makes its WebP widths. Throws a clear HttpError for anything that is not a JPEG, PNG or
 * WebP of at most 5 MB and MAX_IMAGE_PIXELS pixels; nothing is stored by this function.
 */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length === 0) throw refuse(400, 'bad_request', IMAGE_MESSAGES.empty);
  if (bytes.length > MAX_IMAGE_BYTES) throw refuse(413, 'payload_too_large', IMAGE_MESSAGES.tooBig);
  let metadata: Metadata;
  try {
    // Only the header is read here; the declared size is checked below, before any decoding.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(415, 'unsupported_media_type', IMAGE_MESSAGES.notImage);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw refuse(415, 'unsupported_media_type', IMAGE_MESSAGES.notImage);
  }
  // The header alone declares the size: refuse before decoding a single pixel.
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw refuse(400, 'bad_request', IMAGE_MESSAGES.tooManyPixels);
  // EXIF orientation 5-8 means the picture is shown turned a quarter: width and height swap.
  const turned = (metadata.orientation ?? 1) >= 5;
  const source = turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };

  const variants: PreparedVariant[] = [];
  await resizing(async () => {
    try {
      for (const width of variantWidths(source.width)) {
        const height = heightAt(width, source);
        const data = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({ width, height, fit: 'fill' })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        variants.push({ hash: sha256(data), width, height, data });
      }
    } catch {
      // Headers that look right over damaged pixel data.
      throw refuse(415, 'unsupported_media_type', IMAGE_MESSAGES.notImage);
    }
  });
  const largest = variants.at(-1)!;
  const identity = variants.map((variant) => `${variant.width}x${variant.height}:${variant.hash}`).join('\n');
  return { id: sha256(Buffer.from(identity)).slice(0, 32), width: largest.width, height: largest.height, variants };
}
