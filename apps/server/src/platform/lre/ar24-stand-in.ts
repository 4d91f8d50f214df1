import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ar24Date, parseAr24Date, totp } from './ar24-crypto.js';

/**
 * A local server speaking AR24's API as ar24.ts documents it (decision 159), for the adapter's
 * tests: it checks the token, the freshness of `date` and the `signature` header, the sender's id
 * and, for an eIDAS letter, the hash its OTP authentication gave; it answers errors in clear JSON
 * and successes encrypted with the request's date. Its cipher is written here from the protocol,
 * not taken from the adapter, so that a wrong derivation on either side fails the tests.
 */
export interface Ar24Account {
  token: string;
  privateKey: string;
  userId: string;
  otpSecret: string;
}

type Mail = Record<string, unknown>;

const hex = (s: string) => createHash('sha256').update(s).digest('hex');
const iv = (k: string) => Buffer.from(hex(hex(k)).slice(0, 16));
const key = (m: string) => Buffer.from(hex(m).slice(0, 32));

function encrypt(json: unknown, date: string, privateKey: string) {
  const c = createCipheriv('aes-256-cbc', key(date + privateKey), iv(privateKey));
  return Buffer.concat([c.update(JSON.stringify(json)), c.final()]).toString('base64');
}

function signedDate(signature: string, privateKey: string) {
  try {
    const d = createDecipheriv('aes-256-cbc', key(privateKey), iv(privateKey));
    return Buffer.concat([d.update(Buffer.from(signature, 'base64')), d.final()]).toString();
  } catch {
    return null;
  }
}

async function fieldsOf(req: IncomingMessage, url: URL) {
  if (req.method === 'GET') return { fields: url.searchParams, file: null };
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const form = await new Request('http://local/', {
    method: 'POST',
    headers: { 'content-type': String(req.headers['content-type']) },
    body: Buffer.concat(chunks),
  }).formData();
  const file = form.get('file');
  return { fields: form, file: file instanceof File ? file : null };
}

export async function startAr24StandIn(account: Ar24Account) {
  const mails = new Map<string, Mail>();
  const files = new Map<string, { name: string; size: number; type: string }>();
  const otpHashes = new Map<string, string>();
  const calls: string[] = [];
  let otpValidity = 3600_000;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const send = (body: string, type = 'text/plain') => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    const error = (slug: string, message: string) =>
      send(JSON.stringify({ status: 'ERROR', slug, message }), 'application/json');
    const { fields, file } = await fieldsOf(req, url);
    const f = (k: string) => {
      const v = fields.get(k);
      return typeof v === 'string' ? v : '';
    };
    calls.push(`${req.method} ${url.pathname}`);
    if (!f('token')) return error('token_missing', 'Token manquant');
    if (f('token') !== account.token) return error('token_invalid', 'Token invalide');
    const date = f('date');
    if (!date) return error('empty_date', 'Date manquante');
    const at = parseAr24Date(date);
    if (!at) return error('invalid_date', 'Date invalide');
    if (at.getTime() > Date.now() + 60_000) return error('date_in_future', 'Date dans le futur');
    if (at.getTime() < Date.now() - 10 * 60_000) return error('expired_date', 'Date expirée');
    const signature = req.headers.signature;
    if (typeof signature !== 'string' || !signature) return error('empty_signature', 'Signature manquante');
    if (signedDate(signature, account.privateKey) !== date)
      return error('invalid_signature', 'Signature invalide');
    if (f('id_user') !== account.userId) return error('user_not_exist', "L'utilisateur n'existe pas");
    const ok = (result: unknown) => send(encrypt({ status: 'SUCCESS', result }, date, account.privateKey));

    const route = `${req.method} ${url.pathname}`;
    if (route === 'POST /api/user/auth_otp/') {
      // The code of the current 30 s step or of the previous one, as TOTP servers allow for drift.
      const codes = [0, 30_000].map((d) => totp(account.otpSecret, new Date(Date.now() - d)));
      if (!codes.includes(f('otp'))) return error('invalid_otp', 'Code OTP invalide');
      const hash = hex(`${f('otp')}${date}`);
      const until = new Date(Date.now() + otpValidity);
      otpHashes.set(hash, until.toISOString());
      return ok({ hash, expiration_date: ar24Date(until) });
    }
    if (route === 'POST /api/attachment/') {
      if (!file) return error('missing_file', 'Fichier manquant');
      const id = String(51 + files.size);
      files.set(id, { name: file.name, size: file.size, type: file.type });
      return ok({ file_id: id });
    }
    if (route === 'POST /api/mail/') {
      if (!f('to_email')) return error('missing_email', 'Adresse manquante');
      if (!f('to_lastname')) return error('missing_lastname', 'Nom manquant');
      const eidas = f('eidas') === '1';
      const until = otpHashes.get(f('auth_otp_hash'));
      if (eidas && (!until || new Date(until) < new Date()))
        return error('invalid_otp_hash', 'Authentification eIDAS requise');
      const attachments = [...fields.keys()].filter((k) => /^attachment\[\d*\]$/.test(k)).map(f);
      if (attachments.some((a) => !files.has(a)))
        return error('attachment_not_found', 'Pièce jointe inconnue');
      const id = String(4200 + mails.size);
      const mail: Mail = {
        id: Number(id),
        type: 'lre',
        status: 'waiting',
        to_email: f('to_email'),
        to_firstname: f('to_firstname'),
        to_lastname: f('to_lastname'),
        to_company: f('to_company'),
        dest_statut: f('dest_statut'),
        ref_dossier: f('ref_dossier'),
        content: f('content'),
        id_sender: Number(account.userId),
        date: ar24Date(new Date()),
        is_eidas: eidas ? 1 : 0,
        attachments: attachments.map(Number),
        proof_dp_url: `${base}/get/proof/dp-${id}`,
        ts_ev_date: null,
        view_date: null,
        refused_date: null,
        negligence_date: null,
        bounced_date: null,
      };
      mails.set(id, mail);
      return ok(mail);
    }
    if (route === 'GET /api/mail/') {
      const mail = mails.get(f('id'));
      return mail ? ok(mail) : error('mail_not_found', 'Envoi introuvable');
    }
    error('not_found', 'Point inconnu');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mail = (id: string) => {
    const m = mails.get(id);
    if (!m) throw new Error(`no mail ${id}`);
    return m;
  };
  return {
    url: `${base}/api`,
    mails,
    files,
    calls,
    /** Makes the OTP hashes given from now on expire after `ms`. */
    otpValidFor(ms: number) {
      otpValidity = ms;
    },
    /** The notice is sent to the recipient: the letter is presented. */
    notify(id: string, at: Date) {
      Object.assign(mail(id), { status: 'sent', ts_ev_date: ar24Date(at), proof_ev_url: `${base}/ev-${id}` });
    },
    /** What the recipient (or nobody, for a bounce or a negligence) did after the notice. */
    conclude(id: string, status: 'AR' | 'refused' | 'negligence' | 'bounced', at: Date) {
      const field = {
        AR: 'view_date',
        refused: 'refused_date',
        negligence: 'negligence_date',
        bounced: 'bounced_date',
      };
      Object.assign(mail(id), { status, [field[status]]: ar24Date(at) });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
