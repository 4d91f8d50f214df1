import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coproprietaires,
  documents,
  documentTypes,
  files,
  supplierInvoices,
  syndicAuditLog,
} from '../../../db/schema/index.js';
import { renderPdf } from '../../../lib/pdf.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * A syndic feeds documents, supplier invoices and communications through its API: each
 * write is idempotent by external_id, a bad input is a 400 naming the field with nothing written,
 * another syndic's key gets 404, and what was pushed is what the co-owner's own calls show.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let b: Awaited<ReturnType<typeof makeSyndicWithKey>>;
type H = Record<string, string>;
const call = async (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  headers: H,
  payload?: unknown,
) => {
  const res = await t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/syndic/v1${url}`,
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
/** A real scan-sized JPEG (A4 portrait at 150 dpi), so its sizes are generated (decision 56). */
const JPEG = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#f4f1ea' } })
  .jpeg()
  .toBuffer();
const upload = (name: string, data: Buffer, content_type = 'application/pdf') => ({
  name,
  content_type,
  content_base64: data.toString('base64'),
});

let owner: { id: string; headers: H; coproId: string; syndicId: string };

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
        show_invoice_status: '1',
        show_invoice_status_scope: '1',
        show_copro_document: '1',
        show_copro_document_scope: '1',
        show_syndic_document: '1',
        show_syndic_document_scope: '1',
        show_releves_bancaires: '1',
        show_releves_bancaires_scope: '1',
      },
    }),
  );
  await ok(
    call('PUT', '/coproprietes/AUTRE', h, {
      name: 'Le Clos',
      address: { full_address: '1 rue B 69002 Lyon' },
    }),
  );
  for (const n of ['1', '2'])
    await ok(call('PUT', `/lots/L${n}`, h, { copropriete: 'IMM', number: n, name: `Appartement ${n}` }));
  await ok(call('PUT', '/lots/LX', h, { copropriete: 'AUTRE', number: '1', name: 'Ailleurs' }));
  await ok(
    call('PUT', '/repartitions/CG', h, {
      copropriete: 'IMM',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 1000,
      tantiemes: [
        { lot: 'L1', tantieme: 600 },
        { lot: 'L2', tantieme: 400 },
      ],
    }),
  );
  const p1 = await ok(
    call('PUT', '/coproprietaires/P1', h, { copropriete: 'IMM', last_name: 'Durand', lots: ['L1'] }),
  );
  await ok(call('PUT', '/coproprietaires/P2', h, { copropriete: 'IMM', last_name: 'Moreau', lots: ['L2'] }));
  const u = await makeSignedInUser(t.database.db);
  await t.database.db
    .update(coproprietaires)
    .set({ user_id: u.user.id, init_settings_done: true })
    .where(eq(coproprietaires.id, p1.id));
  const [rec] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, p1.id));
  owner = { id: p1.id, headers: u.headers, coproId: rec.copropriete_id, syndicId: a.syndic.id };
});
afterAll(() => t.close());

const auditOf = (externalId: string) =>
  t.database.db.select().from(syndicAuditLog).where(eq(syndicAuditLog.external_id, externalId));

describe("documents into a co-owner's space, groups, bank statements and assembly years", () => {
  const doc = {
    place: 'coproprietaire',
    coproprietaire: 'P1',
    type: 'AUTRE',
    name: 'Attestation de propriété',
    date: '2026-03-02',
    file: upload('attestation.pdf', PDF),
  };

  it('creates, answers unchanged on a replay (file re-sent or in its stored form) and the co-owner lists it', async () => {
    await t.database.db
      .insert(documentTypes)
      .values({ code: 'AUTRE', name: 'Autres', sort: 1 })
      .onConflictDoNothing();
    const first = await ok(call('PUT', '/documents/D1', a.headers, doc));
    expect(first.result).toBe('created');
    expect(first.resource).toMatchObject({
      external_id: 'D1',
      place: 'coproprietaire',
      coproprietaire: 'P1',
      type: 'AUTRE',
      name: 'Attestation de propriété',
      file: { name: 'attestation.pdf', content_type: 'application/pdf', size: PDF.length },
    });
    expect(first.resource.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await ok(call('PUT', '/documents/D1', a.headers, doc))).result).toBe('unchanged');
    const stored = { ...doc, file: first.resource.file };
    expect((await ok(call('PUT', '/documents/D1', a.headers, stored))).result).toBe('unchanged');
    expect(await auditOf('D1')).toHaveLength(1);

    // The co-owner's own call (SPEC §7) shows it, with a signed URL that serves the PDF.
    const list = await ok(call('GET', `/api/documents/${owner.id}/types/AUTRE?page_size=200`, owner.headers));
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      id: first.id,
      name: 'Attestation de propriété',
      capacity: PDF.length,
    });
    const file = await t.app.inject({ method: 'GET', url: list.data[0].source_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The server chose the storage name, never the client's file name.
    expect(list.data[0].source_url).not.toContain('attestation');
  });

  it('updates (new name, new file) and the audit log tells what changed', async () => {
    const r = await ok(
      call('PUT', '/documents/D1', a.headers, {
        ...doc,
        name: 'Attestation 2026',
        file: upload('attestation-2026.pdf', Buffer.concat([PDF, Buffer.from('% v2\n')])),
      }),
    );
    expect(r.result).toBe('updated');
    const [, upd] = (await auditOf('D1')).sort((x, y) => x.at.getTime() - y.at.getTime());
    expect(Object.keys(upd.changes as object).sort()).toEqual(['file', 'name']);
  });

  it('puts documents into a group of the copropriété, of the syndic, a bank statement month and an assembly year', async () => {
    await ok(
      call('PUT', '/document-groups/REGL', a.headers, {
        scope: 'copropriete',
        copropriete: 'IMM',
        name: 'Règlement',
      }),
    );
    await ok(
      call('PUT', '/document-groups/CARTE', a.headers, {
        scope: 'syndic',
        name: 'Carte professionnelle',
        number: 'CPI 6901 2024 000 012 345',
        approve_date: '2024-02-01',
      }),
    );
    const file = upload('f.pdf', PDF);
    await ok(
      call('PUT', '/documents/G1', a.headers, {
        place: 'group',
        group: 'REGL',
        name: 'Règlement de copropriété',
        date: '2019-05-01',
        file,
      }),
    );
    await ok(
      call('PUT', '/documents/G2', a.headers, {
        place: 'group',
        group: 'CARTE',
        name: 'Carte T',
        date: '2024-02-01',
        file,
      }),
    );
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
    const ag = await ok(
      call('PUT', '/documents/A1', a.headers, {
        place: 'ag',
        copropriete: 'IMM',
        year: 2025,
        ag_kind: 'record',
        name: 'Procès-verbal AG 2025',
        date: '2025-06-20',
        file,
      }),
    );
    expect(ag.resource).toMatchObject({ place: 'ag', copropriete: 'IMM', year: 2025, ag_kind: 'record' });

    const groups = await ok(
      call('POST', '/api/documents/get-copropriete-documents', owner.headers, { copro_ids: [owner.coproId] }),
    );
    const byName = Object.fromEntries(groups.map((g: { name: string }) => [g.name, g]));
    expect(byName['Règlement'].documents.map((d: { name: string }) => d.name)).toEqual([
      'Règlement de copropriété',
    ]);
    expect(byName['Relevés bancaires'].months).toMatchObject([{ year: 2026, month: 2 }]);
    expect(byName['Assemblées générales'].years[0].records[0].name).toBe('Procès-verbal AG 2025');
    const syndicGroups = await ok(
      call('POST', '/api/documents/get-syndic-documents', owner.headers, { syndic_ids: [owner.syndicId] }),
    );
    expect(syndicGroups[0]).toMatchObject({
      name: 'Carte professionnelle',
      number: 'CPI 6901 2024 000 012 345',
    });
  });

  it('refuses a bad input with 400 naming the field, and writes nothing', async () => {
    const before = (await t.database.db.select().from(documents)).length;
    const bad = await call('PUT', '/documents/BAD', a.headers, {
      ...doc,
      coproprietaire: 'NOPE',
      type: 'INCONNU',
      file: upload('faux.pdf', Buffer.from('MZ not a pdf')),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      coproprietaire: 'Copropriétaire inconnu\u202f: NOPE',
      type: 'Type de document inconnu\u202f: INCONNU (voir GET /parameters/document-types/list).',
      'file.content_base64': 'Le contenu du fichier ne correspond pas à son type.',
    });
    const exe = await call('PUT', '/documents/BAD', a.headers, {
      ...doc,
      file: upload('x.exe', Buffer.from('MZ'), 'application/x-msdownload'),
    });
    expect(exe.status).toBe(400);
    expect(exe.body.errors['file.content_type']).toBe('Type de fichier non autorisé.');
    const place = await call('PUT', '/documents/BAD', a.headers, { ...doc, place: 'cave' });
    expect(place.status).toBe(400);
    expect(Object.keys(place.body.errors)).toContain('place');
    const stored = await call('PUT', '/documents/BAD', a.headers, {
      ...doc,
      file: { name: 'x.pdf', content_type: 'application/pdf', sha256: 'a'.repeat(64), size: 3 },
    });
    expect(stored.body.errors).toEqual({
      'file.sha256': 'Fichier inconnu\u202f: envoyez son contenu (content_base64).',
    });
    expect((await t.database.db.select().from(documents)).length).toBe(before);
    expect(await auditOf('BAD')).toHaveLength(0);
  });

  it('refuses an image whose bytes start right but do not decode, in French, writing no file', async () => {
    const truncated = JPEG.subarray(0, JPEG.length >> 1);
    const r = await call('PUT', '/documents/CASSE', a.headers, {
      ...doc,
      file: upload('scan.jpg', truncated, 'image/jpeg'),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ 'file.content_base64': 'Cette image est illisible ou endommagée.' });
    expect(await auditOf('CASSE')).toHaveLength(0);
    // Content-addressed keys end with the SHA-256: no object and no row holds those bytes.
    const sha = createHash('sha256').update(truncated).digest('hex');
    const root = (t.app.platform.storage as unknown as { root: string }).root;
    const stored = await readdir(root, { recursive: true });
    expect(stored.some((k) => k.includes(sha))).toBe(false);
    const rows = await t.database.db.select({ key: files.storage_key }).from(files);
    expect(rows.some((f) => f.key.includes(sha))).toBe(false);
  });

  it('answers 413 in French to a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big);
    const r = await call('PUT', '/documents/BIG', a.headers, { ...doc, file: upload('gros.pdf', big) });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('Le fichier est trop volumineux.');
  });

  it("another syndic's key gets 404 for the document and cannot file into this syndic's co-owner", async () => {
    expect((await call('GET', '/documents/D1', b.headers)).status).toBe(404);
    expect((await call('DELETE', '/documents/D1', b.headers)).status).toBe(404);
    const intrus = await call('PUT', '/documents/D1', b.headers, doc);
    expect(intrus.status).toBe(400);
    expect(intrus.body.errors).toEqual({ coproprietaire: 'Copropriétaire inconnu\u202f: P1' });
    expect((await ok(call('GET', '/documents', b.headers))).items).toEqual([]);
  });

  it('lists and deletes; a group still holding documents is a 409; the co-owner no longer sees a deleted one', async () => {
    const list = await ok(call('GET', '/documents?limit=2', a.headers));
    expect(list.items).toHaveLength(2);
    expect(list.next_cursor).not.toBeNull();
    expect((await call('DELETE', '/document-groups/REGL', a.headers)).status).toBe(409);
    expect(await ok(call('DELETE', '/documents/D1', a.headers))).toMatchObject({ result: 'deleted' });
    expect((await call('GET', '/documents/D1', a.headers)).status).toBe(404);
    const own = await ok(call('GET', `/api/documents/${owner.id}/types/AUTRE?page_size=200`, owner.headers));
    expect(own.data).toEqual([]);
    const del = (await auditOf('D1')).find((x) => x.action === 'deleted');
    expect(del?.changes).toHaveProperty('name');
  });
});

describe('supplier invoices with expenses, écritures and per-lot amounts', () => {
  const invoice = {
    copropriete: 'IMM',
    invoice_date: '2026-02-10',
    amount_cents: 48_000,
    fournisseur_name: 'Otis',
    compte_name: '615 Entretien ascenseur',
    number: 'F-2026-0042',
    status: 6,
    file: upload('facture.jpg', JPEG, 'image/jpeg'),
    depenses: [
      {
        charge_name: 'Ascenseur',
        description: 'Visite trimestrielle',
        amount_ttc_cents: 30_000,
        repartitions: ['CG'],
      },
      { charge_name: 'Ascenseur', description: 'Dépannage', amount_ttc_cents: 18_000, repartitions: ['CG'] },
    ],
    ecritures: [
      {
        date: '2026-02-10',
        description: 'Otis F-2026-0042',
        amount_cents: 48_000,
        lots: [
          { lot: 'L2', amount_cents: 19_200 },
          { lot: 'L1', amount_cents: 28_800 },
        ],
      },
    ],
  };

  it('creates, replays unchanged, and the co-owner sees the card, the detail, the écritures and their quote-part', async () => {
    const first = await ok(call('PUT', '/invoices/INV1', a.headers, invoice));
    expect(first.result).toBe('created');
    expect(first.resource.ecritures[0].lots).toEqual([
      { lot: 'L1', amount_cents: 28_800 },
      { lot: 'L2', amount_cents: 19_200 },
    ]);
    expect((await ok(call('PUT', '/invoices/INV1', a.headers, invoice))).result).toBe('unchanged');
    expect(await auditOf('INV1')).toHaveLength(1);

    const cards = await ok(
      call(
        'GET',
        `/api/invoices/syndics/${owner.syndicId}/coproprietes/${owner.coproId}/saisies?page_size=30&page_index=0`,
        owner.headers,
      ),
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: first.id, amount: 48_000, fournisseur_name: 'Otis', paid: true });
    expect(cards[0].thumbnail.content_type).toBe('image/jpeg');
    // The original's signed URL, swapped to '/medium/' as the detail does (SPEC §2.17), is the
    // 1200-pixel size generated on upload (decision 56).
    expect(cards[0].thumbnail.path).toContain('/original/');
    const img = await t.app.inject({ method: 'GET', url: cards[0].thumbnail.path });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(JPEG)).toBe(true);
    const medium = await t.app.inject({
      method: 'GET',
      url: cards[0].thumbnail.path.replace('/original/', '/medium/'),
    });
    expect(medium.statusCode).toBe(200);
    expect(medium.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(medium.rawPayload).metadata()).toMatchObject({ width: 848, height: 1200 });
    const detail = await ok(
      call('GET', `/api/invoices/syndics/${owner.syndicId}/invoices/${first.id}`, owner.headers),
    );
    expect(detail.depenses.map((d: { repartitions: { name: string }[] }) => d.repartitions)).toEqual([
      [{ name: 'Charges générales' }],
      [{ name: 'Charges générales' }],
    ]);
    const ecr = await ok(
      call(
        'GET',
        `/api/invoices/coproprietes/${owner.coproId}/invoices/${first.id}/ecritures`,
        owner.headers,
      ),
    );
    expect(ecr).toHaveLength(1);
    const shares = await ok(
      call(
        'POST',
        `/api/invoices/coproprietes/${owner.coproId}/transactions-by-multi-ecritures`,
        owner.headers,
        {
          ecriture_ids: [ecr[0].id],
          lot_ids: [],
        },
      ),
    );
    expect(shares).toMatchObject([{ lot_name: 'Appartement 1', amount: 28_800 }]);
  });

  it('refuses references outside the building and expenses not adding up, writing nothing', async () => {
    const n = (await t.database.db.select().from(supplierInvoices)).length;
    const bad = await call('PUT', '/invoices/INV2', a.headers, {
      ...invoice,
      depenses: [{ charge_name: 'X', amount_ttc_cents: 1, repartitions: ['NOPE'] }],
      ecritures: [
        {
          ...invoice.ecritures[0],
          lots: [
            { lot: 'LX', amount_cents: 1 },
            { lot: 'LX', amount_cents: 2 },
          ],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'depenses.0.repartitions.0': 'Clé de répartition inconnue\u202f: NOPE',
      depenses: 'La somme des dépenses (1 centimes) diffère du montant de la facture (48000 centimes).',
      'ecritures.0.lots.0.lot': "Le lot LX n'est pas dans cette copropriété.",
      'ecritures.0.lots.1.lot': "Le lot LX n'est pas dans cette copropriété.",
    });
    const missing = await call('PUT', '/invoices/INV2', a.headers, {
      ...invoice,
      fournisseur_name: undefined,
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['fournisseur_name']);
    expect((await t.database.db.select().from(supplierInvoices)).length).toBe(n);
  });

  it("another syndic's key gets 404; delete removes it from the co-owner's list", async () => {
    expect((await call('GET', '/invoices/INV1', b.headers)).status).toBe(404);
    expect((await call('DELETE', '/invoices/INV1', b.headers)).status).toBe(404);
    expect((await call('PUT', '/invoices/INV1', b.headers, invoice)).body.errors).toMatchObject({
      copropriete: 'Copropriété inconnue\u202f: IMM',
    });
    expect((await ok(call('GET', '/invoices', a.headers))).items).toHaveLength(1);
    await ok(call('DELETE', '/invoices/INV1', a.headers));
    const cards = await ok(
      call(
        'GET',
        `/api/invoices/syndics/${owner.syndicId}/coproprietes/${owner.coproId}/saisies?page_size=30&page_index=0`,
        owner.headers,
      ),
    );
    expect(cards).toEqual([]);
  });
});

describe('postal, e-mail and SMS communications with attachments', () => {
  const email = {
    coproprietaire: 'P1',
    sending_method: 'email',
    module: 'relance',
    recipient_info: { name: 'M. Durand', to_addresses: ['durand@example.fr'] },
    subject: 'Relance appel de fonds',
    html_body: '<p>Bonjour,</p><script>alert(1)</script><p>Merci de régler.</p>',
    created_date: '2026-03-01T10:00:00+01:00',
    attachments: [upload('relance.pdf', PDF), upload('photo.jpg', JPEG, 'image/jpeg')],
  };

  it('records an e-mail with attachments, replays unchanged, and the co-owner reads it sanitised', async () => {
    const first = await ok(call('PUT', '/communications/C1', a.headers, email));
    expect(first.result).toBe('created');
    expect(first.resource.created_date).toBe('2026-03-01T09:00:00.000Z');
    expect(first.resource.attachments.map((x: { name: string }) => x.name)).toEqual([
      'photo.jpg',
      'relance.pdf',
    ]);
    expect((await ok(call('PUT', '/communications/C1', a.headers, email))).result).toBe('unchanged');
    const { id: _id, external_id: _e, ...asStored } = first.resource;
    expect((await ok(call('PUT', '/communications/C1', a.headers, asStored))).result).toBe('unchanged');

    const mails = await ok(
      call(
        'GET',
        `/api/communication/email?syndic_id=${owner.syndicId}&coproprietaire_id=${owner.id}&page_size=100&page_index=0`,
        owner.headers,
      ),
    );
    expect(mails.data).toHaveLength(1);
    expect(mails.data[0].html_body).not.toContain('script');
    expect(mails.data[0].attachments).toHaveLength(2);
  });

  it('records an SMS readable on /m/{id}; an SMS without a phone is a 400 on that field', async () => {
    const sms = await ok(
      call('PUT', '/communications/S1', a.headers, {
        coproprietaire: 'P1',
        sending_method: 'sms',
        module: 'courrier',
        recipient_info: { sending_phone: ['+33612345678'] },
        content: 'Coupure d’eau jeudi 9h-12h.',
        created_date: '2026-03-02T08:00:00Z',
        internal_executed_date: '2026-03-02T08:00:05Z',
      }),
    );
    const page = await ok(call('GET', `/api/communication/sms/${sms.id}`, {}));
    expect(page.content).toBe('Coupure d’eau jeudi 9h-12h.');
    const bad = await call('PUT', '/communications/S2', a.headers, {
      coproprietaire: 'P1',
      sending_method: 'sms',
      module: 'courrier',
      created_date: '2026-03-02T08:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'recipient_info.sending_phone': 'Au moins un numéro.',
      content: 'Ce champ est requis.',
    });
  });

  it('changes attachments on update, 404 for another syndic, delete', async () => {
    const r = await ok(
      call('PUT', '/communications/C1', a.headers, { ...email, attachments: [upload('relance.pdf', PDF)] }),
    );
    expect(r.result).toBe('updated');
    expect(r.resource.attachments).toHaveLength(1);
    expect((await call('GET', '/communications/C1', b.headers)).status).toBe(404);
    expect((await call('DELETE', '/communications/C1', b.headers)).status).toBe(404);
    await ok(call('DELETE', '/communications/C1', a.headers));
    expect((await call('GET', '/communications/C1', a.headers)).status).toBe(404);
  });
});

describe('décret 2019-502 checklist', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

  it('the syndic reads it: present, missing and stale items, with the document each matched', async () => {
    const file = upload('f.pdf', PDF);
    await ok(
      call('PUT', '/documents/FS', a.headers, {
        place: 'group',
        group: 'REGL',
        name: 'Fiche synthétique de la copropriété',
        date: daysAgo(500),
        file,
      }),
    );
    await ok(
      call('PUT', '/documents/CE', a.headers, {
        place: 'group',
        group: 'REGL',
        name: 'Carnet d’entretien',
        date: daysAgo(30),
        file,
      }),
    );
    const list = await ok(call('GET', '/coproprietes/IMM/document-checklist', a.headers));
    const by = Object.fromEntries(list.items.map((i: { code: string }) => [i.code, i]));
    expect(list.items).toHaveLength(19);
    expect(by.reglement).toMatchObject({ status: 'present', document: { name: 'Règlement de copropriété' } });
    expect(by.fiche_synthetique).toMatchObject({
      status: 'stale',
      document: { name: 'Fiche synthétique de la copropriété' },
    });
    expect(by.carnet_entretien.status).toBe('present');
    expect(by.diagnostics).toMatchObject({ status: 'missing', document: null });
    expect(by.carte_professionnelle).toMatchObject({ status: 'present', document: { name: 'Carte T' } });
    expect(by.compte_individuel).toMatchObject({
      status: 'missing',
      counts: { present: 0, stale: 0, missing: 2, total: 2 },
    });
    expect(by.reglement.reference).toBe('Décret n° 2019-502, art. 1, 1°');
    expect((await call('GET', '/coproprietes/IMM/document-checklist', b.headers)).status).toBe(404);
  });

  it('a council member reads it in their documents; an ordinary co-owner gets 404', async () => {
    const p2 = await ok(
      call('PUT', '/coproprietaires/P2', a.headers, {
        copropriete: 'IMM',
        last_name: 'Moreau',
        lots: ['L2'],
        is_member_syndicat: true,
      }),
    );
    const u = await makeSignedInUser(t.database.db);
    await t.database.db
      .update(coproprietaires)
      .set({ user_id: u.user.id })
      .where(eq(coproprietaires.id, p2.id));
    const mine = await ok(call('GET', `/api/documents/${p2.id}/checklist`, u.headers));
    expect(mine.items.find((i: { code: string }) => i.code === 'carnet_entretien').status).toBe('present');
    const refused = await call('GET', `/api/documents/${owner.id}/checklist`, owner.headers);
    expect(refused.status).toBe(404);
    // Someone else's record: 404 too.
    expect((await call('GET', `/api/documents/${p2.id}/checklist`, owner.headers)).status).toBe(404);
  });
});

describe('the text of an uploaded PDF', () => {
  it('is read when the syndic stores it, and the co-owner finds the document by its words', async () => {
    const pdf = await renderPdf({
      issuer: { name: 'Cabinet Lefèvre' },
      title: "Contrat d'entretien",
      blocks: [{ p: 'Le prestataire vérifie chaque trimestre les extincteurs du parking.' }],
    });
    await ok(
      call('PUT', '/documents/TXT1', a.headers, {
        place: 'ag',
        copropriete: 'IMM',
        year: 2026,
        ag_kind: 'quote',
        name: 'Annexe 3',
        date: '2026-03-02',
        file: upload('annexe-3.pdf', pdf),
      }),
    );
    const [row] = await t.app.db.select().from(documents).where(eq(documents.name, 'Annexe 3'));
    expect(row.content_text).toContain('extincteurs du parking');
    const s = await ok(call('GET', `/api/documents/${owner.id}/search?q=extincteur`, owner.headers));
    expect(s.results.map((r: { document: { name: string } }) => r.document.name)).toEqual(['Annexe 3']);
    // Renamed, the same file keeps its text.
    await ok(
      call('PUT', '/documents/TXT1', a.headers, {
        place: 'ag',
        copropriete: 'IMM',
        year: 2026,
        ag_kind: 'quote',
        name: 'Annexe 3 – extincteurs',
        date: '2026-03-02',
        file: upload('annexe-3.pdf', pdf),
      }),
    );
    const [renamed] = await t.app.db.select().from(documents).where(eq(documents.id, row.id));
    expect(renamed.content_text).toBe(row.content_text);
  });
});
