import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coproprietaires, documentTypes, notifications, outbox } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * What the syndic API creates among documents, invoices and communications tells the co-owners
 * who may see it, through notify.ts (decision 57): written in the PUT's transaction, emitted after
 * its commit; a replay, an update or a refused PUT tells nobody; the §6 scope decides who.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let b: Awaited<ReturnType<typeof makeSyndicWithKey>>;
type H = Record<string, string>;
const call = async (method: 'PUT' | 'GET', url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: json(res) };
};
const ok = async (p: ReturnType<typeof call>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const file = { name: 'f.pdf', content_type: 'application/pdf', content_base64: PDF.toString('base64') };

/** Record ids by external_id: P1 ordinary (attached), P2 council member, P3 ordinary; PX another building; PB another syndic. */
const rec: Record<string, string> = {};
let p1User: Awaited<ReturnType<typeof makeSignedInUser>>;
/** What happened, in order: each committed transaction and each realtime emit. */
let order: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await makeSyndicWithKey(t.database.db);
  b = await makeSyndicWithKey(t.database.db);
  const h = a.headers;
  await ok(
    call('PUT', '/coproprietes/IMM', h, {
      name: 'Résidence Les Tilleuls',
      address: { full_address: '14 rue des Tilleuls 69003 Lyon' },
      settings: {
        show_invoice: '1',
        show_invoice_scope: '1',
        show_copro_document: '1',
        show_copro_document_scope: '1',
        show_syndic_document: '1',
        show_syndic_document_scope: '1',
        show_releves_bancaires: '1',
        // Bank statements: the council only.
        show_releves_bancaires_scope: '2',
      },
    }),
  );
  // No scope set: nobody of this building sees the copropriété's or the syndic's documents.
  await ok(
    call('PUT', '/coproprietes/AUTRE', h, { name: 'Le Clos', address: { full_address: '1 rue B Lyon' } }),
  );
  await ok(
    call('PUT', '/coproprietes/IMM', b.headers, {
      name: 'Chez B',
      address: { full_address: '2 rue C Lyon' },
    }),
  );
  for (const [ext, copro, extra] of [
    ['P1', 'IMM', {}],
    ['P2', 'IMM', { is_member_syndicat: true }],
    ['P3', 'IMM', {}],
    ['PX', 'AUTRE', {}],
  ] as const)
    rec[ext] = (
      await ok(call('PUT', `/coproprietaires/${ext}`, h, { copropriete: copro, last_name: ext, ...extra }))
    ).id;
  rec.PB = (
    await ok(call('PUT', '/coproprietaires/PB', b.headers, { copropriete: 'IMM', last_name: 'B' }))
  ).id;
  p1User = await makeSignedInUser(t.database.db);
  await t.database.db
    .update(coproprietaires)
    .set({ user_id: p1User.user.id, init_settings_done: true })
    .where(eq(coproprietaires.id, rec.P1));

  // Commits of the app's transactions and live emits, in order (decision 54: emit after COMMIT).
  const db = t.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    const r = await transaction(...args);
    order.push('commit');
    return r;
  }) as typeof db.transaction;
  const toRooms = t.realtime.toRooms;
  t.realtime.toRooms = (rooms, event, payload) => {
    order.push(`emit:${event}`);
    toRooms(rooms, event, payload);
  };
});
afterAll(() => t.close());
beforeEach(() => {
  order = [];
  t.realtime.sent.length = 0;
});

/** The notifications of the named records, created by this test's sends (newest first). */
async function notified(...exts: string[]) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(
      inArray(
        notifications.coproprietaire_id,
        exts.map((e) => rec[e]),
      ),
    );
  return rows;
}
const whoGot = async (title: string) => {
  const rows = (await notified('P1', 'P2', 'P3', 'PX', 'PB')).filter((r) => r.title === title);
  const byId = Object.fromEntries(Object.entries(rec).map(([k, v]) => [v, k]));
  return rows.map((r) => byId[r.coproprietaire_id ?? '']).sort();
};
const notificationRooms = () => t.realtime.sent.filter((s) => s.event === 'notification').map((s) => s.room);

describe('documents created through the syndic API notify who may see them', () => {
  it("a document in a co-owner's space: that record only, after the commit; a replay or an update tells nobody", async () => {
    const doc = {
      place: 'coproprietaire',
      coproprietaire: 'P1',
      type: 'AUTRE',
      name: 'Attestation de propriété',
      date: '2026-01-15',
      file,
    };
    await t.database.db
      .insert(documentTypes)
      .values({ code: 'AUTRE', name: 'Autres', sort: 1 })
      .onConflictDoNothing();
    await ok(call('PUT', '/documents/D1', a.headers, doc));
    expect(await whoGot('Nouveau document\u202f: Attestation de propriété')).toEqual(['P1']);
    const [n] = (await notified('P1')).filter(
      (r) => r.title === 'Nouveau document\u202f: Attestation de propriété',
    );
    expect(n).toMatchObject({
      type: 'DOCUMENT',
      body: 'Il est disponible dans « Mes documents ».',
      is_read: false,
      sender: { id: a.syndic.id, type: 'syndic' },
      data: { url: '/{id}/document/fonctionnement' },
    });
    // Pushed and e-mailed through the outbox like any notification (P1's holder has an e-mail).
    const mail = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ref_id, n.id), eq(outbox.channel, 'email')));
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain(`/${rec.P1}/document/fonctionnement`);
    // Live to the holder's and the record's rooms, once the PUT committed.
    expect(notificationRooms().sort()).toEqual([`coproprietaire:${rec.P1}`, `user:${p1User.user.id}`]);
    expect(order.indexOf('commit')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('emit:notification')).toBeGreaterThan(order.indexOf('commit'));
    // The co-owner's own call shows it with the page to open.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/coproprietaires/notifications?coproprietaire_id=${rec.P1}&page_size=13&page_index=0`,
      headers: p1User.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(json(list).data.data[0]).toMatchObject({
      title: 'Nouveau document\u202f: Attestation de propriété',
      url: `/${rec.P1}/document/fonctionnement`,
    });

    t.realtime.sent.length = 0;
    const before = (await notified('P1')).length;
    expect((await ok(call('PUT', '/documents/D1', a.headers, doc))).result).toBe('unchanged');
    expect(
      (await ok(call('PUT', '/documents/D1', a.headers, { ...doc, name: 'Attestation 2026' }))).result,
    ).toBe('updated');
    expect((await notified('P1')).length).toBe(before);
    expect(notificationRooms()).toEqual([]);
  });

  it('a group of the copropriété: every record of that building allowed, not another building nor syndic', async () => {
    await ok(
      call('PUT', '/document-groups/REGL', a.headers, {
        scope: 'copropriete',
        copropriete: 'IMM',
        name: 'Règlement',
      }),
    );
    await ok(
      call('PUT', '/documents/G1', a.headers, {
        place: 'group',
        group: 'REGL',
        name: 'Règlement de copropriété',
        date: '2019-05-01',
        file,
      }),
    );
    expect(await whoGot('Nouveau document\u202f: Règlement de copropriété')).toEqual(['P1', 'P2', 'P3']);
    const [n] = (await notified('P2')).filter(
      (r) => r.title === 'Nouveau document\u202f: Règlement de copropriété',
    );
    expect(n.body).toBe('Classé dans « Règlement », parmi les documents de la copropriété.');
    expect(n.data).toMatchObject({ url: '/{id}/document/copropriete' });
  });

  it('a bank statement with a council-only scope: the council member, not the ordinary co-owners', async () => {
    await ok(
      call('PUT', '/documents/B1', a.headers, {
        place: 'bank_statement',
        copropriete: 'IMM',
        year: 2026,
        month: 2,
        name: 'Relevé février 2026',
        date: '2026-02-28',
        file,
      }),
    );
    expect(await whoGot('Nouveau document\u202f: Relevé février 2026')).toEqual(['P2']);
    const [n] = await notified('P2').then((r) =>
      r.filter((x) => x.title === 'Nouveau document\u202f: Relevé février 2026'),
    );
    expect(n.body).toBe('Relevé bancaire de février 2026, dans les documents de la copropriété.');
  });

  it("an assembly year: the building's records; a syndic group: the syndic's records allowed by their building", async () => {
    await ok(
      call('PUT', '/documents/A1', a.headers, {
        place: 'ag',
        copropriete: 'IMM',
        year: 2026,
        ag_kind: 'record',
        name: "Procès-verbal de l'AG 2026",
        date: '2026-06-20',
        file,
      }),
    );
    expect(await whoGot("Nouveau document\u202f: Procès-verbal de l'AG 2026")).toEqual(['P1', 'P2', 'P3']);
    await ok(
      call('PUT', '/document-groups/CARTE', a.headers, { scope: 'syndic', name: 'Carte professionnelle' }),
    );
    await ok(
      call('PUT', '/documents/S1', a.headers, {
        place: 'group',
        group: 'CARTE',
        name: 'Carte T 2026',
        date: '2026-01-02',
        file,
      }),
    );
    // PX's building shows no syndic documents (scope absent); PB is another syndic's.
    expect(await whoGot('Nouveau document\u202f: Carte T 2026')).toEqual(['P1', 'P2', 'P3']);
    const [n] = (await notified('P1')).filter((r) => r.title === 'Nouveau document\u202f: Carte T 2026');
    expect(n.data).toMatchObject({ url: '/{id}/document/syndic' });
  });

  it('a refused PUT (400) writes and tells nothing', async () => {
    const count = (await notified('P1', 'P2', 'P3')).length;
    const bad = await call('PUT', '/documents/BAD', a.headers, {
      place: 'group',
      group: 'NOPE',
      name: 'Fantôme',
      date: '2026-01-01',
      file,
    });
    expect(bad.status).toBe(400);
    expect((await notified('P1', 'P2', 'P3')).length).toBe(count);
    expect(notificationRooms()).toEqual([]);
  });
});

describe('supplier invoices and communications', () => {
  it("a new invoice: the building's records the invoice scope allows; a replay tells nobody", async () => {
    const invoice = {
      copropriete: 'IMM',
      invoice_date: '2026-02-10',
      amount_cents: 48_000,
      fournisseur_name: 'Otis',
      compte_name: '615 Entretien ascenseur',
      number: 'F-2026-0042',
      status: 1,
      file: null,
      depenses: [],
      ecritures: [],
    };
    await ok(call('PUT', '/invoices/INV1', a.headers, invoice));
    const title = 'Nouvelle facture fournisseur';
    expect(await whoGot(title)).toEqual(['P1', 'P2', 'P3']);
    const [n] = (await notified('P3')).filter((r) => r.title === title);
    expect(n).toMatchObject({
      type: 'INVOICE',
      body: 'Une facture de Otis du 10/02/2026 a été ajoutée.',
      data: { url: '/{id}/invoices' },
    });
    expect((await ok(call('PUT', '/invoices/INV1', a.headers, invoice))).result).toBe('unchanged');
    expect(await whoGot(title)).toEqual(['P1', 'P2', 'P3']);
    // AUTRE shows no invoices (show_invoice_scope absent): an invoice there tells nobody.
    await ok(
      call('PUT', '/invoices/INV2', a.headers, {
        ...invoice,
        copropriete: 'AUTRE',
        fournisseur_name: 'Dalkia',
      }),
    );
    expect((await notified('PX')).filter((r) => r.type === 'INVOICE')).toEqual([]);
  });

  it('a postal letter tells its record when it may read letters (council); an e-mail or SMS does not', async () => {
    const letter = (who: string) => ({
      coproprietaire: who,
      sending_method: 'postal',
      module: 'relance',
      recipient_info: { name: who, sending_address: { address_1: '14 rue des Tilleuls' } },
      subject: 'Relance charges du 1er trimestre',
      created_date: '2026-03-01T09:00:00Z',
    });
    await ok(call('PUT', '/communications/L2', a.headers, letter('P2')));
    await ok(call('PUT', '/communications/L1', a.headers, letter('P1')));
    expect(await whoGot('Nouveau courrier')).toEqual(['P2']);
    const [n] = (await notified('P2')).filter((r) => r.title === 'Nouveau courrier');
    expect(n).toMatchObject({
      body: 'Relance charges du 1er trimestre',
      data: { url: '/{id}/messages-communication' },
    });
    await ok(
      call('PUT', '/communications/E2', a.headers, {
        coproprietaire: 'P2',
        sending_method: 'email',
        module: 'courrier',
        recipient_info: { to_addresses: ['p2@example.fr'] },
        subject: 'Un e-mail',
        html_body: '<p>Bonjour</p>',
        created_date: '2026-03-02T09:00:00Z',
      }),
    );
    expect(await whoGot('Nouveau courrier')).toEqual(['P2']);
  });
});
