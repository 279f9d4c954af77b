import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Width x height refused before any pixel is decoded (a decompression bomb is tiny on disk). */
export const MAX_INPUT_PIXELS = 40_000_000;

type Format = 'jpeg' | 'png' | 'webp';

/** The real format from the first bytes; the client's file name and Content-Type mean nothing. */
export function sniffImageFormat(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export interface ImageVariant {
  width: number;
  height: number;
  fit: 'cover' | 'inside';
}

/**
 * Checks an uploaded image by content and re-encodes it as WebP: metadata (EXIF, GPS) is
 * dropped, orientation applied, size capped. Re-encoding also destroys anything appended to
 * or hidden in the file (polyglots), since only decoded pixels survive.
 */
export async function reencodeImage(bytes: Buffer, variant: ImageVariant): Promise<Buffer> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE');
  const format = sniffImageFormat(bytes);
  if (!format) throw new AppError('UNSUPPORTED_IMAGE');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new AppError('UNSUPPORTED_IMAGE', { cause });
  }
  if (meta.format !== format) throw new AppError('UNSUPPORTED_IMAGE');
  if (!meta.width || !meta.height) throw new AppError('UNSUPPORTED_IMAGE');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('IMAGE_TOO_LARGE');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: variant.width,
        height: variant.height,
        fit: variant.fit,
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (cause) {
    throw new AppError('UNSUPPORTED_IMAGE', { cause });
  }
}
