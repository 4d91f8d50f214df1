import { IMAGE_SIZES } from '@tantieme/contract';

/**
 * Keys of sized images (decision 56), without sharp, so the storage adapters can sign with them:
 * an original lives at `…/original/{name}` and each size at `…/{size}/{name}`.
 */
export type ImageSize = (typeof IMAGE_SIZES)[number];
export type DerivedSize = Exclude<ImageSize, 'original'>;

/** The upload allow-list's image types (SPEC §3 'image' class minus SVG, which is not allowed). */
const EXT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The image type of a key's extension, or null (a PDF, a ZIP… keep their single key). */
export const sizedImageTypeOfKey = (key: string): string | null =>
  EXT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? null;

const SIZE_SEGMENT = new RegExp(`/(${IMAGE_SIZES.join('|')})/([^/]+)$`);

/** `…/original/a.jpg` → `…/{size}/a.jpg`; null for a key that is not an original. */
export function sizeKey(originalKey: string, size: ImageSize): string | null {
  const m = SIZE_SEGMENT.exec(originalKey);
  if (m?.[1] !== 'original') return null;
  return `${originalKey.slice(0, m.index)}/${size}/${m[2]}`;
}

/** Is this the original of a sized image (`…/original/{name}.{image ext}`)? */
export const isImageOriginalKey = (key: string) =>
  sizeKey(key, 'original') !== null && sizedImageTypeOfKey(key) !== null;

/** Is this any size of a sized image (`…/{size}/{name}.{image ext}`)? */
export const isSizedImageKey = (key: string) => SIZE_SEGMENT.test(key) && sizedImageTypeOfKey(key) !== null;

/**
 * The key every size of one image shares (its size segment as a wildcard): a URL signed for one
 * size opens the others, since the client derives `/medium/` from the `/original/` URL it was given.
 */
export const sizeFamilyOf = (key: string) =>
  isSizedImageKey(key) ? key.replace(SIZE_SEGMENT, '/*/$2') : key;
