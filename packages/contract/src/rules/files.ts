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
