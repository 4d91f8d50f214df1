import { createHmac } from 'node:crypto';
import { parisDate, parisInstant } from '@tantieme/contract';
import type { LreAdapter, LreState } from './types.js';

/**
 * A qualified LRE provider behind its REST API, modelled on AR24's: form-encoded calls carrying
 * the account token, the user id and the request date (Paris wall clock), authenticated by a
 * signature of that date with the account's private key; JSON answers
 * `{status: 'SUCCESS', result}` or `{status: 'ERROR', slug, message}`. The attachment is uploaded
 * first, then the letter refers to it. Dates come back as 'YYYY-MM-DD HH:mm:ss' in Paris time:
 * ts_ev_date the deposit, ts_notif_date the notification to the recipient (the first
 * presentation), view_date, refused_date, negligence_date what the recipient did after it.
 */
export interface Ar24Config {
  url: string;
  token: string;
  privateKey: string;
  userId: string;
  fetch?: typeof fetch;
}

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** 'YYYY-MM-DD HH:mm:ss' of an instant in Paris. */
export function ar24Date(at: Date): string {
  return `${parisDate(at)} ${wallClock.format(at)}`;
}

export function parseAr24Date(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}):(\d{2})$/.exec(v);
  if (!m) return null;
  return new Date(parisInstant(m[1], m[2]).getTime() + Number(m[3]) * 1000);
}

export const ar24Signature = (date: string, privateKey: string) =>
  createHmac('sha256', privateKey).update(date).digest('hex');

type Answer = { status?: string; slug?: string; message?: string; result?: Record<string, unknown> };

export function ar24LreAdapter(cfg: Ar24Config): LreAdapter {
  const doFetch = cfg.fetch ?? fetch;
  const base = cfg.url.replace(/\/+$/, '');
  const auth = () => {
    const date = ar24Date(new Date());
    return {
      fields: { token: cfg.token, date, id_user: cfg.userId },
      headers: { signature: ar24Signature(date, cfg.privateKey) },
    };
  };
  async function answer(res: Response, what: string): Promise<Record<string, unknown>> {
    const body = (await res.json().catch(() => null)) as Answer | null;
    if (!res.ok || body?.status !== 'SUCCESS' || !body.result)
      throw new Error(
        `Fournisseur LRE (${what}) : ${res.status} ${body?.slug ?? ''} ${body?.message ?? ''}`.trim(),
      );
    return body.result;
  }
  return {
    kind: 'ar24',
    async send(letter) {
      const attachments: string[] = [];
      if (letter.attachment) {
        const a = auth();
        const form = new FormData();
        for (const [k, v] of Object.entries(a.fields)) form.append(k, v);
        form.append(
          'file',
          new Blob([new Uint8Array(letter.attachment.data)], { type: letter.attachment.content_type }),
          letter.attachment.name,
        );
        const up = await answer(
          await doFetch(`${base}/api/attachment/`, { method: 'POST', headers: a.headers, body: form }),
          'pièce jointe',
        );
        attachments.push(String(up.file_id));
      }
      const a = auth();
      const body = new URLSearchParams({
        ...a.fields,
        eidas: '1',
        to_email: letter.to.email,
        to_firstname: letter.to.first_name ?? '',
        to_lastname: letter.to.last_name,
        to_company: letter.to.company ?? '',
        dest_statut: letter.to.company ? 'professionnel' : 'particulier',
        ref_dossier: letter.reference,
        content: `${letter.subject}\n\n${letter.content}`,
      });
      for (const id of attachments) body.append('attachment[]', id);
      const result = await answer(
        await doFetch(`${base}/api/mail/`, {
          method: 'POST',
          headers: { ...a.headers, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
        'envoi',
      );
      const sentAt = parseAr24Date(result.ts_ev_date);
      if (result.id === undefined || !sentAt) throw new Error('Fournisseur LRE : preuve de dépôt incomplète');
      return { provider: 'ar24', sending_id: String(result.id), sent_at: sentAt, proof: result };
    },
    async state(id): Promise<LreState> {
      const a = auth();
      const q = new URLSearchParams({ ...a.fields, id });
      const result = await answer(
        await doFetch(`${base}/api/mail/?${q}`, { method: 'GET', headers: a.headers }),
        'suivi',
      );
      const presented = parseAr24Date(result.ts_notif_date);
      const s = String(result.status ?? 'waiting');
      const status: LreState['status'] =
        s === 'AR'
          ? 'accepted'
          : s === 'refused' || s === 'negligence' || s === 'bounced'
            ? s
            : presented
              ? 'presented'
              : 'waiting';
      return { sending_id: id, first_presented_at: presented, status, proof: result };
    },
  };
}
