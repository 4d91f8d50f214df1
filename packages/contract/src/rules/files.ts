/** File type classes of SPEC §3, from a MIME type and/or a file name. */
export type FileTypeClass =
  | 'pdf'
  | 'image'
  | 'audio'
  | 'video'
  | 'text'
  | 'doc'
  | 'excel'
  | 'pptx'
  | 'zip'
  | 'unknown';

const BY_EXT: Record<string, FileTypeClass> = {
  pdf: 'pdf',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  txt: 'text',
  csv: 'text',
  doc: 'doc',
  docx: 'doc',
  odt: 'doc',
  xls: 'excel',
  xlsx: 'excel',
  ods: 'excel',
  ppt: 'pptx',
  pptx: 'pptx',
  odp: 'pptx',
  zip: 'zip',
};

export function fileTypeClass(contentType?: string | null, name?: string | null): FileTypeClass {
  const ct = (contentType ?? '').toLowerCase();
  if (ct === 'application/pdf') return 'pdf';
  if (ct.startsWith('image/')) return 'image';
  if (ct.startsWith('audio/')) return 'audio';
  if (ct.startsWith('video/')) return 'video';
  if (ct.startsWith('text/')) return 'text';
  if (ct.includes('wordprocessingml') || ct === 'application/msword') return 'doc';
  if (ct.includes('spreadsheetml') || ct === 'application/vnd.ms-excel') return 'excel';
  if (ct.includes('presentationml') || ct === 'application/vnd.ms-powerpoint') return 'pptx';
  if (ct.includes('zip')) return 'zip';
  const ext = (name ?? '').split('.').pop()?.toLowerCase() ?? '';
  return BY_EXT[ext] ?? 'unknown';
}

/** How the preview overlay shows a file (SPEC §2.7, §2.22). */
export function previewMode(
  contentType?: string | null,
  name?: string | null,
): 'image' | 'frame' | 'office' | 'text' | 'none' {
  const c = fileTypeClass(contentType, name);
  if (c === 'image') return 'image';
  if (c === 'pdf' || c === 'audio' || c === 'video') return 'frame';
  // SPEC §2.7: office and text files are previewed through external viewers.
  if (c === 'doc' || c === 'excel' || c === 'pptx') return 'office';
  if (c === 'text') return 'text';
  return 'none';
}

/** External viewer URL templates ({url} = the absolute, signed file URL), overridable by configuration. */
export const DEFAULT_VIEWER_URLS = {
  office: 'https://view.officeapps.live.com/op/embed.aspx?src={url}',
  text: 'https://docs.google.com/gview?embedded=true&url={url}',
} as const;

export const externalViewerUrl = (template: string, absoluteFileUrl: string) =>
  template.replace('{url}', encodeURIComponent(absoluteFileUrl));

/** SPEC §2.17: image URLs swap '/original/' for '/medium/'. */
export const mediumImageUrl = (url: string) => url.replace('/original/', '/medium/');

/**
 * A list's thumbnail: the 400 px size (SPEC §3 image sizes), beside the original as medium is.
 * A card of the invoices' grid is at most ~300 px wide; the medium size (1,200 px, ~50 KB each)
 * made a phone download ~250 KB of pictures before the grid's largest paint.
 */
export const smallImageUrl = (url: string) => url.replace('/original/', '/small/');

/** Largest file a co-owner or a syndic uploads through /media/presigned-url (413 above). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

const bytesAre = (b: Uint8Array, at: number, sig: number[]) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The allow-list of uploads: MIME type → stored extension and magic-byte check. */
export const UPLOAD_TYPES: Record<string, { ext: string; magic: (b: Uint8Array) => boolean }> = {
  'application/pdf': { ext: 'pdf', magic: (b) => bytesAre(b, 0, ascii('%PDF-')) },
  'image/jpeg': { ext: 'jpg', magic: (b) => bytesAre(b, 0, [0xff, 0xd8, 0xff]) },
  'image/png': { ext: 'png', magic: (b) => bytesAre(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  'image/gif': { ext: 'gif', magic: (b) => bytesAre(b, 0, ascii('GIF8')) },
  'image/webp': { ext: 'webp', magic: (b) => bytesAre(b, 0, ascii('RIFF')) && bytesAre(b, 8, ascii('WEBP')) },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    ext: 'docx',
    magic: (b) => bytesAre(b, 0, ZIP),
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    ext: 'xlsx',
    magic: (b) => bytesAre(b, 0, ZIP),
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    ext: 'pptx',
    magic: (b) => bytesAre(b, 0, ZIP),
  },
  'application/msword': { ext: 'doc', magic: (b) => bytesAre(b, 0, OLE) },
  'application/vnd.ms-excel': { ext: 'xls', magic: (b) => bytesAre(b, 0, OLE) },
  'application/zip': { ext: 'zip', magic: (b) => bytesAre(b, 0, ZIP) },
  // Text has no signature: it must decode as UTF-8 without NUL bytes.
  'text/plain': { ext: 'txt', magic: (b) => isPlainText(b) },
  'text/csv': { ext: 'csv', magic: (b) => isPlainText(b) },
};

function isPlainText(b: Uint8Array): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/** The upload type of a stored extension (server-chosen names end with it). */
export const uploadTypeOfExt = (ext: string) =>
  Object.entries(UPLOAD_TYPES).find(([, t]) => t.ext === ext.toLowerCase())?.[0] ?? null;
