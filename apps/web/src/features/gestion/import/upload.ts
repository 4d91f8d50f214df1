import { buildPath, consoleImportEndpoints, type ImportColumn, type SheetPreview } from '@tantieme/contract';
import { getToken } from '../../../api';

export type ImportPhase =
  | { kind: 'reading'; pct: number }
  | { kind: 'sending'; pct: number }
  | { kind: 'checking' }
  | { kind: 'writing' };

/** What the server said: a preview, or a refusal (a 422 still carries the preview). */
export type ImportAnswer =
  | { ok: true; preview: SheetPreview }
  | { ok: false; message: string; preview?: SheetPreview };

/** A file's bytes as base64, with the reading's progress (a large workbook takes a moment). */
export function readBase64(file: File, onProgress: (pct: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    r.onerror = () => reject(r.error);
    r.onload = () => {
      const url = String(r.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    r.readAsDataURL(file);
  });
}

/**
 * Sends the file to be checked (or written, `confirm`) through XMLHttpRequest, whose upload
 * reports its progress (fetch does not).
 */
export function sendSheet(
  coproId: string,
  body: { filename: string; content_base64: string; columns?: ImportColumn[]; confirm: boolean },
  onPhase: (p: ImportPhase) => void,
): Promise<ImportAnswer> {
  const e = consoleImportEndpoints.sheet;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(e.method, `/api${buildPath(e.path, { coproId })}`);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) onPhase({ kind: 'sending', pct: Math.round((ev.loaded / ev.total) * 100) });
    };
    xhr.upload.onload = () => onPhase(body.confirm ? { kind: 'writing' } : { kind: 'checking' });
    xhr.onerror = () =>
      resolve({ ok: false, message: 'Impossible de joindre le serveur. Vérifiez votre connexion.' });
    xhr.onload = () => {
      let env: { success?: boolean; data?: SheetPreview; message?: string } | null = null;
      try {
        env = JSON.parse(xhr.responseText);
      } catch {
        env = null;
      }
      if (env?.success && env.data) resolve({ ok: true, preview: env.data });
      else
        resolve({
          ok: false,
          message: env?.message ?? 'Une erreur est survenue. Veuillez réessayer.',
          preview: env?.data,
        });
    };
    onPhase({ kind: 'sending', pct: 0 });
    xhr.send(JSON.stringify(body));
  });
}
