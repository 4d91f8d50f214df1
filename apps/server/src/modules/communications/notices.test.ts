import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communications,
  coproprietaires,
  notifications,
  syndicAuditLog,
  syndicWebhookDeliveries,
  syndicWebhookEndpoints,
} from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { consoleCall, makeStaff } from '../console/console.fixture.js';

/**
 * A notice sent through the syndic API and the same sent from the console: equal rows, audit
 * lines, webhooks and notifications. Its recipient's first opening is kept once; another
 * co-owner opening it is a 404; the API and the console read who has read it.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let coproId = '';
const rec: Record<string, string> = {};
const api = (method: 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/syndic/v1${url}`, headers: s.headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  s = await makeSyndicWithKey(db);
  await db.insert(syndicWebhookEndpoints).values({
    syndic_id: s.syndic.id,
    url: 'https://erp.cabinet-exemple.fr/webhooks',
    events: ['*'],
    secret_encrypted: 'x',
  });
  await api('PUT', '/coproprietes/IMM', {
    name: 'Les Acacias',
    address: { full_address: '2 rue des Acacias 69008 Lyon' },
  });
  coproId = json(await api('GET', '/coproprietes/IMM')).data.id;
  for (const n of ['1', '2'])
    await api('PUT', `/lots/L${n}`, { copropriete: 'IMM', number: n, name: `Lot ${n}` });
  await api('PUT', '/repartitions/BATB', {
    copropriete: 'IMM',
    code: 'B',
    name: 'Bâtiment B',
    total_tantieme: 100,
    tantiemes: [{ lot: 'L2', tantieme: 100 }],
  });
  for (const [ext, last, lot] of [
    ['P1', 'Martin', 'L1'],
    ['P2', 'Durand', 'L2'],
  ] as const)
    rec[ext] = json(
      await api('PUT', `/coproprietaires/${ext}`, {
        copropriete: 'IMM',
        last_name: last,
        lots: [lot],
        contacts: [{ last_name: last, emails: [{ value: `${last.toLowerCase()}@example.fr` }] }],
      }),
    ).data.id;
});
afterAll(() => t.close());

const text = "L'eau sera coupée jeudi de 9 h à 12 h.\n\nMerci de votre compréhension.";
const html = "<p>L'eau sera coupée jeudi de 9 h à 12 h.</p><p>Merci de votre compréhension.</p>";

describe('notices', () => {
  it('the API and the console write equal rows, audit lines, webhooks and notifications', async () => {
    const db = t.database.db;
    const staff = await makeStaff(db, s.syndic.id, 'gestionnaire', [coproId]);
    const viaApi = await api('PUT', '/notices/AV1', {
      copropriete: 'IMM',
      subject: "Coupure d'eau",
      html_body: html,
      audience: 'immeuble',
    });
    expect(viaApi.statusCode).toBe(200);
    const apiId = json(viaApi).data.id as string;
    const res = await consoleCall(t)(
      'POST',
      `/gestion/coproprietes/${coproId}/communications`,
      staff.headers,
      {
        subject: "Coupure d'eau",
        text,
        audience: 'immeuble',
      },
    );
    expect(res.statusCode).toBe(200);
    const detail = json(res).data;
    expect(detail).toMatchObject({ recipients_count: 2, read_count: 0, audience_label: "Tout l'immeuble" });
    const consoleId = detail.id as string;

    const rowsOf = async (id: string) =>
      (
        await db
          .select()
          .from(communications)
          .where(eq(communications.notice_id, id))
          .orderBy(asc(communications.coproprietaire_id))
      ).map(({ id: _i, notice_id: _n, created_date: _c, ...r }) => r);
    expect(await rowsOf(consoleId)).toEqual(await rowsOf(apiId));
    expect(await rowsOf(apiId)).toHaveLength(2);

    const audit = await db
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.syndic_id, s.syndic.id), eq(syndicAuditLog.resource, 'notice')));
    const line = (id: string) => {
      const l = audit.find((a) => a.resource_id === id)!;
      return { action: l.action, resource: l.resource, changes: l.changes };
    };
    expect(line(consoleId)).toEqual(line(apiId));
    expect(audit.find((a) => a.resource_id === consoleId)!.actor_user_id).toBe(staff.user.id);

    const hooks = await db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.event_type, 'notice.sent'));
    const hook = (id: string) => {
      const b = JSON.parse(hooks.find((h) => JSON.parse(h.body).data.notice.id === id)!.body).data;
      return { ...b, notice: { ...b.notice, id: 'x', external_id: 'x' } };
    };
    expect(hook(consoleId)).toEqual(hook(apiId));
    expect(hook(apiId).recipients_count).toBe(2);

    const told = await db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Nouvel avis du syndic'));
    expect(told).toHaveLength(4);
  });

  it('a key reaches its lots only; a replay is unchanged; the recipients never change', async () => {
    const body = {
      copropriete: 'IMM',
      subject: 'Travaux bâtiment B',
      html_body: '<p>Ravalement</p><script>alert(1)</script>',
      audience: 'cle',
      repartition: 'BATB',
    };
    const first = json(await api('PUT', '/notices/AV2', body)).data;
    expect(first.result).toBe('created');
    expect(first.resource.html_body).toBe('<p>Ravalement</p>');
    expect(json(await api('PUT', '/notices/AV2', body)).data.result).toBe('unchanged');
    const receipts = json(await api('GET', '/notices/AV2/receipts')).data;
    expect(receipts.recipients.map((r: { coproprietaire: string }) => r.coproprietaire)).toEqual(['P2']);
    const moved = await api('PUT', '/notices/AV2', { ...body, audience: 'immeuble' });
    expect(moved.statusCode).toBe(400);
    expect(json(moved).errors).toEqual({ audience: 'Un avis envoyé garde ses destinataires.' });
    const fixed = json(
      await api('PUT', '/notices/AV2', { ...body, subject: 'Ravalement du bâtiment B' }),
    ).data;
    expect(fixed.result).toBe('updated');
  });

  it("the recipient's first opening is kept once; another co-owner gets a 404", async () => {
    const db = t.database.db;
    const [p1, p2] = [await makeSignedInUser(db), await makeSignedInUser(db)];
    await db.update(coproprietaires).set({ user_id: p1.user.id }).where(eq(coproprietaires.id, rec.P1!));
    await db.update(coproprietaires).set({ user_id: p2.user.id }).where(eq(coproprietaires.id, rec.P2!));
    await api('PUT', '/notices/AV3', {
      copropriete: 'IMM',
      subject: 'Assemblée générale',
      html_body: '<p>Convocation à venir.</p>',
      audience: 'coproprietaires',
      coproprietaires: ['P1'],
    });
    const mails = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/communication/email?syndic_id=${s.syndic.id}&coproprietaire_id=${rec.P1}`,
        headers: p1.headers,
      }),
    ).data.data as { id: string; subject: string; read_at?: string | null }[];
    const row = mails.find((m) => m.subject === 'Assemblée générale')!;
    expect(row.read_at).toBeNull();
    const read = (who: typeof p1, recordId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/communication/read/${row.id}`,
        headers: who.headers,
        payload: { coproprietaire_id: recordId },
      });
    // Another co-owner, through their own record or naming P1's: 404 both, nothing recorded.
    expect((await read(p2, rec.P2!)).statusCode).toBe(404);
    expect((await read(p2, rec.P1!)).statusCode).toBe(404);
    expect(json(await api('GET', '/notices/AV3/receipts')).data.read_count).toBe(0);
    const first = json(await read(p1, rec.P1!)).data.read_at;
    const again = json(await read(p1, rec.P1!)).data.read_at;
    expect(again).toBe(first);
    const receipts = json(await api('GET', '/notices/AV3/receipts')).data;
    expect(receipts).toMatchObject({ recipients_count: 1, read_count: 1 });
    expect(receipts.recipients[0]).toMatchObject({ coproprietaire: 'P1', name: 'Martin', read_at: first });
    const reads = await db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.event_type, 'notice.read'));
    expect(reads).toHaveLength(1);
    // The console lists it « Lu par 1 sur 1 » and names the reader.
    const staff = await makeStaff(db, s.syndic.id, 'comptable', [coproId]);
    const list = json(
      await consoleCall(t)('GET', `/gestion/coproprietes/${coproId}/communications`, staff.headers),
    ).data;
    const item = list.items.find((i: { subject: string }) => i.subject === 'Assemblée générale');
    expect(item).toMatchObject({
      recipients_count: 1,
      read_count: 1,
      audience_label: '1 copropriétaire choisi',
    });
    const one = json(
      await consoleCall(t)(
        'GET',
        `/gestion/coproprietes/${coproId}/communications/${item.id}`,
        staff.headers,
      ),
    ).data;
    expect(one.recipients).toEqual([
      { coproprietaire_id: rec.P1, name: 'Martin', lots: '1', read_at: first },
    ]);
    expect(
      (
        await db
          .select()
          .from(communications)
          .where(and(eq(communications.coproprietaire_id, rec.P2!), isNotNull(communications.notice_id)))
      ).every((c) => c.subject !== 'Assemblée générale'),
    ).toBe(true);
  });
});
