import type { Metadata } from 'sharp';
import { withValues } from '../http/message-values.js';
import { AppError } from '../http/errors.js';
import { msg } from '../../shared/i18n/msg.js';

// sharp (libvips) and file-type cost ~40 MB of memory once loaded: only a process that receives a logo pays it.
let imageLibraries: Promise<{ sharp: typeof import('sharp').default; fileTypeFromBuffer: typeof import('file-type').fileTypeFromBuffer }> | null = null;
const loadImageLibraries = () =>
  (imageLibraries ??= Promise.all([import('sharp'), import('file-type')]).then(([sharpModule, fileType]) => ({
    sharp: sharpModule.default,
    fileTypeFromBuffer: fileType.fileTypeFromBuffer,
  })));

export const NOT_AN_IMAGE_MESSAGE = msg('Only PNG, JPEG, WebP, GIF or AVIF images are accepted');
/** Decoding more than this many pixels would let a small file ask for gigabytes of memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const LOGO_MAX_SIDE = 512;

/** What the magic bytes may say, and what sharp must agree the file is. */
const accepted: Record<string, string> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

export interface EncodedImage {
  data: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
  width: number;
  height: number;
}

const notAnImage = () => new AppError('unsupported_media', NOT_AN_IMAGE_MESSAGE);
const tooManyPixels = () =>
  new AppError('too_large', withValues(msg('Image dimensions are too large: at most {megapixels} megapixels (for example 6000 x 6000)'), { megapixels: String(MAX_INPUT_PIXELS / 1_000_000) }));

/**
 * Turns untrusted bytes into a clean logo: the magic bytes must name an accepted raster format (so
 * no SVG, no HTML), the header must not promise a decompression bomb, and the pixels are decoded
 * and re-encoded as WebP, upright and inside 512 x 512. Whatever else the file carried (metadata,
 * a script appended to a PNG) does not survive.
 */
export async function encodeLogo(input: Buffer): Promise<EncodedImage> {
  const { sharp, fileTypeFromBuffer } = await loadImageLibraries();
  const sniffed = await fileTypeFromBuffer(input);
  const expectedFormat = sniffed ? accepted[sniffed.mime] : undefined;
  if (!expectedFormat) throw notAnImage();

  const options = {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error' as const,
  };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, {
      ...options,
      limitInputPixels: false,
    }).metadata();
  } catch {
    throw new AppError('unsupported_media', msg('The image could not be read; the file may be damaged'));
  }
  if (metadata.format !== expectedFormat) throw notAnImage();
  if (!metadata.width || !metadata.height) throw new AppError('unsupported_media', msg('The image could not be read; the file may be damaged'));
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw tooManyPixels();

  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 90 })
      .timeout({ seconds: 15 })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: 'image/webp',
      extension: 'webp',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new AppError('unsupported_media', msg('The image could not be read; the file may be damaged'));
  }
}

/** How many leading bytes are enough to recognise any accepted format. */
export const SNIFF_BYTES = 4100;

/** True when the magic bytes name an accepted raster format: lets a download stop early on anything else. */
export async function looksLikeAcceptedImage(head: Buffer): Promise<boolean> {
  const { fileTypeFromBuffer } = await loadImageLibraries();
  const sniffed = await fileTypeFromBuffer(head);
  return !!sniffed && sniffed.mime in accepted;
}
