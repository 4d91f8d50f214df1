import sharp from 'sharp';
import { IMAGE_SIZES } from '@tantieme/contract';
import { type DerivedSize, type ImageSize, isImageOriginalKey, sizeKey } from './image-keys.js';
import type { StorageAdapter } from './storage.js';

/**
 * Image sizes of SPEC §3 (mini … original), generated when an image is stored. The original is
 * kept under `…/original/{name}` and every other size beside it under `…/{size}/{name}`, same
 * name, same format, so the client's '/original/' → '/medium/' swap (SPEC §2.17) names a real
 * file. Decision 56.
 */

/** Longest side in pixels of each size (the image fits inside the square, never enlarged). */
export const IMAGE_SIZE_PX: Record<DerivedSize, number> = {
  mini: 100,
  small: 400,
  medium: 1200,
  large: 2048,
  xlarge: 4096,
};

/** Above this many pixels an image is refused: decoding it would hold hundreds of MB. */
export const IMAGE_MAX_PIXELS = 100_000_000;

const FORMATS = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

/** The upload allow-list's image types: the ones that get sizes. */
export const isSizedImageType = (contentType: string): contentType is keyof typeof FORMATS =>
  contentType in FORMATS;

/** Bytes that are not a readable image although their first bytes say so; the message is French. */
export class ImageUnreadable extends Error {
  constructor(message = 'Cette image est illisible ou endommagée.') {
    super(message);
  }
}

/** Every size of an image to store, its cleaned original included (`size: 'original'`). */
export type RenderedSizes = { size: ImageSize; data: Buffer }[];

/**
 * Every size of an image, in its own format, the original included: EXIF orientation applied and
 * every metadata block (EXIF with its GPS position and camera serial, XMP, IPTC, comments) left
 * out of each, so no stored byte tells where or by whom a photo was taken. The original is
 * re-encoded for that (JPEG and WebP at quality 90, PNG and GIF losslessly). Decodes the whole
 * image, so a corrupt or truncated file throws `ImageUnreadable` here, before anything is written.
 * A size at least as large as the image is the cleaned original's bytes.
 */
export async function renderSizes(bytes: Buffer, contentType: string): Promise<RenderedSizes> {
  const format = FORMATS[contentType as keyof typeof FORMATS];
  if (!format) throw new Error(`not a sized image type: ${contentType}`);
  return inSlot(() => render(bytes, format));
}

type Format = (typeof FORMATS)[keyof typeof FORMATS];
const encoding = (format: Format, quality: number) =>
  format === 'jpeg' || format === 'webp' ? { quality } : {};

async function render(bytes: Buffer, format: Format) {
  // failOn 'error': benign libjpeg warnings (extraneous bytes…) of real phone photos still pass;
  // a truncated or garbled file is an error.
  const input = { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS } as const;
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, input).metadata();
    if (!meta.width || !meta.height || meta.format !== format) throw new ImageUnreadable();
    ({ width, height } = meta);
  } catch (e) {
    throw e instanceof ImageUnreadable ? e : new ImageUnreadable();
  }
  if (width * height > IMAGE_MAX_PIXELS)
    throw new ImageUnreadable('Cette image est trop grande (100 mégapixels au plus).');
  const out: RenderedSizes = [];
  try {
    // sharp writes no metadata unless asked (withMetadata…): re-encoding is the stripping. Every
    // frame of an animation is kept. Decoding in full also fails a corrupt file here.
    const original = await sharp(bytes, { ...input, animated: true })
      .rotate()
      .toFormat(format, encoding(format, 90))
      .toBuffer();
    // One size after the other: each already runs on libvips' threads, and in parallel they
    // would take every thread of libuv's pool (files, crypto) for the time of an upload.
    for (const [size, px] of Object.entries(IMAGE_SIZE_PX) as [DerivedSize, number][]) {
      if (Math.max(width, height) <= px) {
        out.push({ size, data: original });
        continue;
      }
      const data = await sharp(bytes, input)
        .rotate()
        .resize(px, px, { fit: 'inside', withoutEnlargement: true })
        .toFormat(format, encoding(format, 82))
        .toBuffer();
      out.push({ size, data });
    }
    out.push({ size: 'original', data: original });
  } catch {
    throw new ImageUnreadable();
  }
  return out;
}

/** At most two images are rendered at once (a 48 MP photo takes hundreds of MB to decode); others wait. */
const MAX_RENDERS = 2;
let rendering = 0;
const waiting: (() => void)[] = [];
async function inSlot<T>(f: () => Promise<T>): Promise<T> {
  if (rendering < MAX_RENDERS) rendering += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await f();
  } finally {
    // The slot passes straight to the next in line, so a newcomer cannot slip in between.
    const next = waiting.shift();
    if (next) next();
    else rendering -= 1;
  }
}

/** Removes a stored file: an image's original with every size rendered beside it. */
export async function removeStored(storage: StorageAdapter, key: string) {
  const sized = isImageOriginalKey(key)
    ? IMAGE_SIZES.flatMap((size) => {
        const k = sizeKey(key, size);
        return k && k !== key ? [k] : [];
      })
    : [];
  await Promise.all(sized.map((k) => storage.delete(k)));
  await storage.delete(key);
}

/**
 * Writes an image's sizes, then its cleaned original last: a stored original means its sizes
 * exist (the local upload URL is single-use by the original's presence, decision 50). The bytes
 * as uploaded are never stored.
 */
export async function putImage(
  storage: StorageAdapter,
  originalKey: string,
  contentType: string,
  sizes: RenderedSizes,
) {
  const original = sizes.find((s) => s.size === 'original');
  if (!original) throw new Error('image rendered without its original');
  await Promise.all(
    sizes
      .filter((s) => s !== original)
      .map(({ size, data }) => storage.put(sizeKey(originalKey, size)!, data, contentType)),
  );
  await storage.put(originalKey, original.data, contentType);
}
