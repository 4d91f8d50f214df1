import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar24Date, ar24LreAdapter, ar24Signature, parseAr24Date } from './ar24.js';
import { localLreAdapter } from './local.js';

/**
 * A local server speaking the provider's protocol (modelled on AR24's REST API): it checks the
 * token and the signature of the date, stores the uploaded attachment and the letter, and
 * reports the notification to the recipient once told to.
 */
const TOKEN = 'tok-test';
const KEY = 'private-key-test';
const letters = new Map<string, Record<string, string | string[]>>();
const files = new Map<string, { name: string; size: number; type: string }>();
const notified = new Map<string, string>();
let server: Server;
let url: string;

async function formOf(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const r = new Request('http://local/', {
    method: 'POST',
    headers: { 'content-type': String(req.headers['content-type']) },
    body: Buffer.concat(chunks),
  });
  return r.formData();
}

function authorised(fields: { get(k: string): unknown }, req: IncomingMessage) {
  const date = String(fields.get('date'));
  return fields.get('token') === TOKEN && req.headers.signature === ar24Signature(date, KEY);
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const u = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'GET' && u.pathname === '/api/mail/') {
      if (!authorised(u.searchParams, req)) return reply(401, { status: 'ERROR', slug: 'invalid_signature' });
      const id = u.searchParams.get('id') ?? '';
      const l = letters.get(id);
      if (!l) return reply(404, { status: 'ERROR', slug: 'mail_not_found', message: 'Envoi introuvable' });
      return reply(200, {
        status: 'SUCCESS',
        result: {
          id,
          status: 'waiting',
          ts_ev_date: l.ts_ev_date,
          ts_notif_date: notified.get(id) ?? null,
          view_date: null,
        },
      });
    }
    const form = await formOf(req);
    if (!authorised(form, req)) return reply(401, { status: 'ERROR', slug: 'invalid_signature' });
    if (u.pathname === '/api/attachment/') {
      const f = form.get('file') as File;
      const id = `file-${files.size + 1}`;
      files.set(id, { name: f.name, size: f.size, type: f.type });
      return reply(200, { status: 'SUCCESS', result: { file_id: id } });
    }
    if (u.pathname === '/api/mail/') {
      if (!form.get('to_email'))
        return reply(400, { status: 'ERROR', slug: 'missing_email', message: 'Adresse manquante' });
      const id = String(4200 + letters.size);
      const fields: Record<string, string | string[]> = {};
      for (const [k, v] of form.entries()) fields[k] = String(v);
      fields['attachment[]'] = form.getAll('attachment[]').map(String);
      fields.ts_ev_date = '2026-11-27 10:15:00';
      letters.set(id, fields);
      return reply(200, {
        status: 'SUCCESS',
        result: { id: Number(id), ts_ev_date: fields.ts_ev_date, eidas: 1 },
      });
    }
    reply(404, { status: 'ERROR', slug: 'not_found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const letter = {
  reference: 'AG-2026/CP-0042',
  to: { email: 'claire.martin@example.fr', first_name: 'Claire', last_name: 'Martin', company: null },
  subject: 'Convocation : Assemblée générale ordinaire',
  content: 'Vous êtes convoquée…',
  attachment: {
    name: 'Convocation AG.pdf',
    content_type: 'application/pdf',
    data: Buffer.from('%PDF-1.4\n%%EOF\n'),
  },
};

describe('the LRE provider adapter, against a local server speaking its protocol', () => {
  it('uploads the convocation, deposits the letter and keeps the proof of deposit', async () => {
    const lre = ar24LreAdapter({ url, token: TOKEN, privateKey: KEY, userId: '77' });
    const dep = await lre.send(letter);
    expect(dep).toMatchObject({ provider: 'ar24', sending_id: '4200', proof: { id: 4200, eidas: 1 } });
    expect(dep.sent_at.toISOString()).toBe('2026-11-27T09:15:00.000Z');
    const sent = letters.get('4200')!;
    expect(sent).toMatchObject({
      to_email: 'claire.martin@example.fr',
      to_lastname: 'Martin',
      dest_statut: 'particulier',
      ref_dossier: 'AG-2026/CP-0042',
      eidas: '1',
      id_user: '77',
      'attachment[]': ['file-1'],
    });
    expect(files.get('file-1')).toEqual({ name: 'Convocation AG.pdf', size: 15, type: 'application/pdf' });
  });

  it('reads the first presentation from the notification date, none before it', async () => {
    const lre = ar24LreAdapter({ url, token: TOKEN, privateKey: KEY, userId: '77' });
    expect(await lre.state('4200')).toMatchObject({ first_presented_at: null, status: 'waiting' });
    notified.set('4200', '2026-11-27 10:16:30');
    const s = await lre.state('4200');
    expect(s.first_presented_at?.toISOString()).toBe('2026-11-27T09:16:30.000Z');
    expect(s.status).toBe('presented');
  });

  it("a wrong key or an error answer is an error naming the provider's reason", async () => {
    const bad = ar24LreAdapter({ url, token: TOKEN, privateKey: 'wrong', userId: '77' });
    await expect(bad.send(letter)).rejects.toThrow(/401 invalid_signature/);
    const lre = ar24LreAdapter({ url, token: TOKEN, privateKey: KEY, userId: '77' });
    await expect(lre.state('9999')).rejects.toThrow(/404 mail_not_found Envoi introuvable/);
  });

  it('reads and writes dates in Paris wall-clock time, summer and winter', () => {
    expect(ar24Date(new Date('2026-07-01T08:05:09Z'))).toBe('2026-07-01 10:05:09');
    expect(ar24Date(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30:00');
    expect(parseAr24Date('2026-03-29 03:30:00')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseAr24Date('le 3 mars')).toBeNull();
  });
});

describe('the local LRE default', () => {
  it('records the deposit, then the first presentation after the delay or when told', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const lre = localLreAdapter({ delaySeconds: 600, now: () => now });
    const dep = await lre.send({ ...letter, attachment: null });
    expect(dep).toMatchObject({ provider: 'local', sent_at: now });
    expect((await lre.state(dep.sending_id)).first_presented_at).toBeNull();
    now = new Date('2026-11-27T10:10:00Z');
    expect((await lre.state(dep.sending_id)).first_presented_at?.toISOString()).toBe(
      '2026-11-27T10:10:00.000Z',
    );
    const other = await lre.send({ ...letter, attachment: null });
    lre.present(other.sending_id, new Date('2026-11-27T10:05:00Z'));
    expect(await lre.state(other.sending_id)).toMatchObject({
      status: 'presented',
      first_presented_at: new Date('2026-11-27T10:05:00Z'),
    });
    await expect(lre.state('nope')).rejects.toThrow(/inconnu/);
  });
});
