import { ar24Date, ar24Decrypt, ar24Signature, parseAr24Date, totp } from './ar24-crypto.js';
import { type LreAdapter, type LreState, LreUnavailableError } from './types.js';

/**
 * AR24, a qualified eIDAS LRE provider, through its REST API (https://app.ar24.fr/api/, the
 * sandbox https://sandbox.ar24.fr/api/), as the public clients connected-company/php-ar24-client,
 * segnashare/app and GremaudMatthieu/Baillr speak it (decision 159):
 * - every call carries `token`, `date` (Paris wall clock, 'YYYY-MM-DD HH:mm:ss') and `id_user`
 *   (the sender's account), in the query for a GET and in a multipart body for a POST, and the
 *   header `signature`, the date encrypted with the private key (./ar24-crypto.ts);
 * - an error comes back as clear JSON `{status: 'ERROR', slug, message}` (or
 *   `{status: 'maintenance'}`), a success as the encrypted JSON `{status: 'SUCCESS', result}`;
 * - `POST attachment/` (`file`) gives `file_id`; `POST user/auth_otp/` (`otp`, the sender's
 *   TOTP code) gives the `hash` an eIDAS letter needs until its `expiration_date`; `POST mail/`
 *   (`to_*`, `dest_statut`, `ref_dossier`, `content`, `attachment[n]`, `eidas`, `auth_otp_hash`)
 *   deposits the letter and `GET mail/?id=` reads it back: `date` the deposit (proof_dp_url),
 *   `ts_ev_date` the notice sent to the recipient (proof_ev_url), the first presentation, then
 *   `view_date` (status 'AR', proof_ar_url), `refused_date`, `negligence_date` (15 days without
 *   an answer) or `bounced_date`.
 * Only eIDAS letters are sent: décret 1967 art. 64-1 asks for a letter CPCE art. L100 recognises.
 */
export interface Ar24Config {
  url: string;
  token: string;
  privateKey: string;
  userId: string;
  /** The sender's base32 TOTP secret, which eIDAS letters are authenticated with. */
  otpSecret: string;
  /** Each call's limit (LRE_TIMEOUT_MS, default 15 s): past it the provider counts as unavailable. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

type Fields = Record<string, string>;
type Answer = { status?: string; slug?: string; message?: string; result?: unknown };

function jsonObject(text: string): Answer | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Answer) : null;
  } catch {
    return null;
  }
}

export function ar24LreAdapter(cfg: Ar24Config): LreAdapter {
  const doFetch = cfg.fetch ?? fetch;
  const now = cfg.now ?? (() => new Date());
  const base = `${cfg.url.replace(/\/+$/, '')}/`;
  const timeoutMs = cfg.timeoutMs ?? 15_000;
  let otp: { hash: string; until: Date } | null = null;

  async function call(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    fields: Fields,
    file?: { name: string; type: string; data: Buffer },
  ): Promise<Record<string, unknown>> {
    const date = ar24Date(now());
    const all: Fields = { token: cfg.token, date, id_user: cfg.userId, ...fields };
    const headers = { signature: ar24Signature(date, cfg.privateKey) };
    let res: Response;
    let text: string;
    // One limit for the connection, the answer and its body: a provider that hangs fails the call.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      if (method === 'GET') {
        res = await doFetch(`${base}${path}?${new URLSearchParams(all)}`, { method, headers, signal });
      } else {
        const form = new FormData();
        for (const [k, v] of Object.entries(all)) form.append(k, v);
        if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
        res = await doFetch(`${base}${path}`, { method, headers, body: form, signal });
      }
      text = await res.text();
    } catch (e) {
      const why = signal.aborted ? `pas de réponse en ${Math.ceil(timeoutMs / 1000)} s` : 'injoignable';
      throw new LreUnavailableError(`Fournisseur LRE (${what})\u202f: ${why}`, { cause: e });
    }
    const fail = (detail: string) => new Error(`Fournisseur LRE (${what}) : ${res.status} ${detail}`.trim());
    // An error is clear JSON; anything else is a success encrypted with this request's date.
    const clear = jsonObject(text);
    let body: Answer | null = clear;
    if (!clear) {
      try {
        body = jsonObject(ar24Decrypt(text, date, cfg.privateKey));
      } catch {
        body = null;
      }
      if (!body) throw fail('réponse illisible');
    }
    if (body?.status === 'maintenance') throw fail('service en maintenance');
    if (body?.status !== 'SUCCESS' || !body.result || typeof body.result !== 'object')
      throw fail(`${body?.slug ?? ''} ${body?.message ?? ''}`);
    return body.result as Record<string, unknown>;
  }

  async function otpHash(): Promise<string> {
    if (otp && otp.until > now()) return otp.hash;
    if (!cfg.otpSecret)
      throw new Error("Fournisseur LRE : l'envoi eIDAS demande le secret OTP de l'expéditeur");
    const r = await call('authentification eIDAS', 'POST', 'user/auth_otp/', {
      otp: totp(cfg.otpSecret, now()),
    });
    if (typeof r.hash !== 'string')
      throw new Error('Fournisseur LRE : authentification eIDAS sans empreinte');
    // Without an expiry the hash serves this letter only.
    otp = { hash: r.hash, until: parseAr24Date(r.expiration_date) ?? now() };
    return r.hash;
  }

  return {
    kind: 'ar24',
    async send(letter) {
      const hash = await otpHash();
      const fields: Fields = {
        to_lastname: letter.to.last_name,
        to_firstname: letter.to.first_name ?? '',
        to_company: letter.to.company ?? '',
        to_email: letter.to.email,
        dest_statut: letter.to.company ? 'professionnel' : 'particulier',
        ref_dossier: letter.reference,
        content: `${letter.subject}\n\n${letter.content}`,
        eidas: '1',
        auth_otp_hash: hash,
      };
      if (letter.attachment) {
        const a = letter.attachment;
        const up = await call(
          'pièce jointe',
          'POST',
          'attachment/',
          {},
          {
            name: a.name,
            type: a.content_type,
            data: a.data,
          },
        );
        if (up.file_id === undefined) throw new Error('Fournisseur LRE : pièce jointe sans identifiant');
        fields['attachment[0]'] = String(up.file_id);
      }
      const mail = await call('envoi', 'POST', 'mail/', fields);
      const depositedAt = parseAr24Date(mail.date);
      if (mail.id === undefined || !depositedAt)
        throw new Error('Fournisseur LRE : preuve de dépôt incomplète');
      return { provider: 'ar24', sending_id: String(mail.id), sent_at: depositedAt, proof: mail };
    },
    async state(id): Promise<LreState> {
      const mail = await call('suivi', 'GET', 'mail/', { id });
      const s = String(mail.status ?? '');
      // A notice that bounced, or a technical failure, presented nothing to the recipient.
      if (s === 'bounced' || s === 'error')
        return {
          sending_id: id,
          first_presented_at: null,
          status: s === 'error' ? 'failed' : 'bounced',
          proof: mail,
        };
      const presented = parseAr24Date(mail.ts_ev_date);
      const status: LreState['status'] =
        s === 'AR'
          ? 'accepted'
          : s === 'refused' || s === 'negligence'
            ? s
            : presented
              ? 'presented'
              : 'waiting';
      return { sending_id: id, first_presented_at: presented, status, proof: mail };
    },
  };
}
