import {
  ApiError,
  type ConsoleDocument,
  type ConsoleDocumentBody,
  consoleDocumentEndpoints as e,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  uploadTypeOfExt,
} from '@tantieme/contract';
import { api } from '../../../api';
import { documentsFr } from './frDocuments';

const t = documentsFr.errors;

/** Where one file is: waiting, read for its SHA-256, its bytes going up (with %), published, refused. */
export type FileStep =
  | { kind: 'ready' }
  | { kind: 'hashing' }
  | { kind: 'sending'; pct: number }
  | { kind: 'publishing' }
  | { kind: 'done'; doc: ConsoleDocument }
  | { kind: 'error'; message: string; field?: string };

/** The upload type of a file: the browser's, else its extension's; null when not accepted. */
export function contentTypeOf(file: File): string | null {
  if (file.type && file.type in UPLOAD_TYPES) return file.type;
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1) : '';
  return uploadTypeOfExt(ext);
}

/** What refuses a file before anything is sent, in French; null when it may go. */
export function problemOf(file: File): string | null {
  if (!contentTypeOf(file)) return t.type;
  if (file.size > UPLOAD_MAX_BYTES) return t.tooBig;
  return null;
}

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The bytes to the presigned URL through XMLHttpRequest, whose upload reports progress (fetch does not). */
function put(url: string, headers: Record<string, string>, file: File, onPct: (pct: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) onPct(Math.round((ev.loaded / ev.total) * 100));
    };
    xhr.onerror = () => reject(new Error(t.network));
    xhr.onload = () => (xhr.status < 300 ? resolve() : reject(new Error(t.upload)));
    xhr.send(file);
  });
}

// One publication at a time: files dropped together go up in parallel, then are filed in turn
// (the first of a kind creates the building's shelf the next ones are filed on).
let queue: Promise<unknown> = Promise.resolve();
const inTurn = <T>(f: () => Promise<T>): Promise<T> => {
  const run = queue.then(f, f);
  queue = run.catch(() => undefined);
  return run;
};

const messageOf = (err: unknown): { message: string; field?: string } => {
  if (err instanceof ApiError) {
    const [field, message] = Object.entries(err.errors ?? {})[0] ?? [];
    return { message: message ?? err.message ?? t.generic, field };
  }
  return { message: err instanceof Error && err.message ? err.message : t.generic };
};

/**
 * One file published: its SHA-256, a presigned PUT (the syndic API's step 1), its bytes with
 * progress, then the document (step 2). Each step's refusal is this file's, in French.
 */
export async function sendFile(
  coproId: string,
  file: File,
  body: Omit<ConsoleDocumentBody, 'file'>,
  onStep: (s: FileStep) => void,
): Promise<void> {
  try {
    const problem = problemOf(file);
    if (problem) throw new Error(problem);
    const content_type = contentTypeOf(file)!;
    onStep({ kind: 'hashing' });
    const sha256 = await sha256Hex(file);
    const { uploads } = await api.call(e.uploads, {
      params: { coproId },
      body: { files: [{ sha256, size: file.size, content_type }] },
    });
    const u = uploads[0]!;
    onStep({ kind: 'sending', pct: 0 });
    if (!u.uploaded) await put(u.url, u.headers, file, (pct) => onStep({ kind: 'sending', pct }));
    onStep({ kind: 'sending', pct: 100 });
    onStep({ kind: 'publishing' });
    const doc = await inTurn(() =>
      api.call(e.publish, {
        params: { coproId },
        body: { ...body, file: { name: file.name, content_type, sha256, size: file.size } },
      }),
    );
    onStep({ kind: 'done', doc });
  } catch (err) {
    onStep({ kind: 'error', ...messageOf(err) });
  }
}
