import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_REVOKED_MESSAGE } from '@tantieme/contract';
import { coproprietaires, invitations, outbox } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
async function owner(headers: H, ext: string) {
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/syndic/v1${url}`, headers, payload });
  await put(`/coproprietes/${ext}-IMM`, {
    name: 'Résidence du Parc',
    address: { full_address: '5 allée du Parc 69006 Lyon' },
  });
  await put(`/lots/${ext}-L1`, { copropriete: `${ext}-IMM`, number: '1', name: 'Appartement 1' });
  const res = await put(`/coproprietaires/${ext}`, {
    copropriete: `${ext}-IMM`,
    civility: 'mrs',
    first_name: 'Léa',
    last_name: 'Fontaine',
    contacts: [
      {
        first_name: 'Léa',
        last_name: 'Fontaine',
        emails: [{ value: 'lea.fontaine@example.fr' }],
        phones: [{ value: '+33698765432' }],
      },
    ],
    lots: [`${ext}-L1`],
  });
  expect(res.statusCode).toBe(200);
  return json(res).data.id as string;
}

describe('access', () => {
  it('regenerates the attach code: the new one attaches, the old one no longer does', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const id = await owner(headers, 'A1');
    const [before] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietaires/A1/attach-code',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const code = json(res).data.attach_code;
    expect(code).toMatch(/^[A-Z0-9]{9}$/);
    expect(code).not.toBe(before.unique_code);
    // The GET never shows a code.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietaires/A1', headers })).body,
    ).not.toContain(code);
    const user = await makeSignedInUser(t.database.db);
    const old = await t.app.inject({
      method: 'POST',
      url: `/api/coproprietaires/code/${before.unique_code}/add-coproprietaire-to-user`,
      headers: user.headers,
    });
    expect(old.statusCode).not.toBe(200);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/coproprietaires/code/${code}/add-coproprietaire-to-user`,
      headers: user.headers,
    });
    expect(ok.statusCode).toBe(200);
    const log = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/audit-log?resource=attach_code', headers }),
    ).data;
    expect(JSON.stringify(log)).not.toContain(code);
  });

  it('invites by e-mail through the outbox without returning the code; the invitation is then used', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    await owner(headers, 'B1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietaires/B1/invitations',
      headers,
      payload: { channel: 'email' },
    });
    expect(res.statusCode).toBe(200);
    const inv = json(res).data;
    expect(inv).toMatchObject({ status: 'pending', channel: 'email', recipient_masked: 'l***@example.fr' });
    const [msg] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'lea.fontaine@example.fr'))
      .orderBy(desc(outbox.created_at));
    expect(msg.subject).toBe("Votre accès à l'extranet de Résidence du Parc");
    const code = msg.code as string;
    expect(msg.body).toContain(`/invitations/${code}`);
    expect(res.body).not.toContain(code);

    const user = await makeSignedInUser(t.database.db);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${code}`,
      headers: user.headers,
    });
    expect(accept.statusCode).toBe(200);
    const list = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietaires/B1/invitations', headers }),
    ).data;
    expect(list.map((i: { status: string }) => i.status)).toEqual(['used']);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietaires/B1/invitations',
      headers,
      payload: { channel: 'sms' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('invites by SMS to the contact phone, and names the field without a recipient', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    await owner(headers, 'C1');
    const sms = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietaires/C1/invitations',
      headers,
      payload: { channel: 'sms', valid_days: 7 },
    });
    expect(json(sms).data).toMatchObject({
      channel: 'sms',
      recipient_masked: '+336******32',
      status: 'pending',
    });
    const [msg] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, '+33698765432'));
    expect(msg.channel).toBe('sms');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietaires/C1/invitations',
      headers,
      payload: { channel: 'email', recipient: 'pas-un-mail' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ recipient: "Mauvaise syntaxe d'e-mail." });
  });

  it('removing a co-owner revokes their pending invitations at once; registering through one fails in French', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    await owner(headers, 'R1');
    const codes = await invite(headers, 'R1', 2);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/syndic/v1/coproprietaires/R1',
      headers,
    });
    expect(removed.statusCode).toBe(200);
    const list = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietaires/R1/invitations', headers }),
    ).data;
    expect(list.map((i: { status: string }) => i.status)).toEqual(['revoked', 'revoked']);
    const user = await makeSignedInUser(t.database.db);
    const attach = await t.app.inject({
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${codes[0]}`,
      headers: user.headers,
    });
    expect(attach.statusCode).toBe(404);
    expect(json(attach).message).toBe(INVITATION_REVOKED_MESSAGE);
    const info = json(await t.app.inject({ url: `/api/extranets/get-info-token-invitation/${codes[1]}` }));
    expect(info.data.status).toBe(3);
    expect(JSON.stringify(info)).not.toContain('Fontaine');
  });

  it('is idempotent by external_id: the same key again answers the same invitation and sends nothing', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const id = await owner(headers, 'K1');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/syndic/v1/coproprietaires/K1/invitations',
        headers,
        payload: { channel: 'email', external_id: 'INV-2026-001' },
      });
    const [first, second] = [await send(), await send()];
    expect(first.statusCode).toBe(200);
    expect(json(second).data).toEqual(json(first).data);
    expect(json(first).data.external_id).toBe('INV-2026-001');
    const sent = await t.database.db.select().from(invitations).where(eq(invitations.coproprietaire_id, id));
    expect(sent).toHaveLength(1);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.code, sent[0].code));
    expect(mails).toHaveLength(1);
  });

  it('a registration through one invitation ends the others', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    await owner(headers, 'R2');
    const [first, second] = await invite(headers, 'R2', 2);
    const user = await makeSignedInUser(t.database.db);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${second}`,
      headers: user.headers,
    });
    expect(ok.statusCode).toBe(200);
    const list = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietaires/R2/invitations', headers }),
    ).data;
    expect(list.map((i: { status: string }) => i.status).sort()).toEqual(['revoked', 'used']);
    const other = await makeSignedInUser(t.database.db);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${first}`,
      headers: other.headers,
    });
    expect(late.statusCode).toBe(404);
    expect(json(late).message).toBe(INVITATION_REVOKED_MESSAGE);
  });
});

/** Sends `n` e-mail invitations to a co-owner; their codes, oldest first (read from the outbox). */
async function invite(headers: H, ext: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/coproprietaires/${ext}/invitations`,
      headers,
      payload: { channel: 'email' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const id = json(await t.app.inject({ url: `/api/syndic/v1/coproprietaires/${ext}`, headers })).data.id;
  const rows = await t.database.db
    .select({ code: invitations.code })
    .from(invitations)
    .where(eq(invitations.coproprietaire_id, id))
    .orderBy(invitations.created_at);
  return rows.map((r) => r.code);
}
