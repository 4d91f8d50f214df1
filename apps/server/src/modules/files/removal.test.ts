import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { documents, documentTypes, files, outbox, supplierInvoices } from '../../db/schema/index.js';
import { deliverPending } from '../../outbox/worker.js';
import { sizeKey } from '../../platform/image-keys.js';
import { JPEG, PDF, syndicDocumentsWorld, upload } from '../../test/syndic-documents.fixture.js';
import { stagingKey } from '../documents/syndic/uploads.js';
import { REMOVAL_CHANNEL } from './removal.service.js';

/**
 * Stored files are not left behind (decision 145), on the local storage adapter: a presigned
 * upload's staging object goes once its URL expired, registered or not; a document's, an
 * invoice's or a communication's file replaced or deleted through the syndic API goes once
 * nothing names it; a file still named stays.
 */

const { t, a, call, ok } = await syndicDocumentsWorld();
afterAll(() => t.close());
const db = t.database.db;
const storage = t.app.platform.storage;
await db
  .insert(documentTypes)
  .values({ code: 'APPEL_FONDS', name: 'Appels de fonds', sort: 1 })
  .onConflictDoNothing();

/** The outbox worker's pass, with the storage it removes from. */
const work = () => deliverPending(db, t.app.platform.mail, t.app.platform.sms, undefined, { storage });
/** Time passes: every removal due by then is due now. */
const advanceTo = async (when: Date) => {
  const rows = await db.select().from(outbox).where(eq(outbox.channel, REMOVAL_CHANNEL));
  for (const r of rows)
    if (r.status === 'pending' && r.next_attempt_at && r.next_attempt_at <= when)
      await db
        .update(outbox)
        .set({ next_attempt_at: new Date(0) })
        .where(eq(outbox.id, r.id));
};
const removalsOf = (key: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, REMOVAL_CHANNEL), eq(outbox.recipient, key)));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdf = (n: number) => Buffer.from(`%PDF-1.4\n% relevé ${n}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const announce = (data: Buffer) => ({
  sha256: sha(data),
  size: data.length,
  content_type: 'application/pdf',
});
/** The PUT an integrator makes to the presigned URL (the app's own signed `/files/` URL here). */
const putTo = (url: string, data: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: new URL(url).pathname + new URL(url).search,
    payload: data,
    headers: { 'content-type': 'application/pdf' },
  });
const fileKeyOf = async (documentId: string) => {
  const [row] = await db
    .select({ key: files.storage_key })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.file_id))
    .where(eq(documents.id, documentId));
  return row.key;
};

describe('presigned uploads', () => {
  it('a file uploaded and never registered is removed once its URL expired, not before', async () => {
    const data = pdf(1);
    const [u] = (await ok(call('POST', '/documents/uploads', a.headers, { files: [announce(data)] })))
      .uploads;
    expect((await putTo(u.url, data)).statusCode).toBe(200);
    const key = stagingKey(a.syndic.id, sha(data), 'application/pdf');
    expect(await storage.exists(key)).toBe(true);
    const [removal] = await removalsOf(key);
    expect(removal.next_attempt_at!.getTime()).toBeGreaterThan(Date.parse(u.expires_at));

    await work();
    expect(await storage.exists(key)).toBe(true);
    await advanceTo(removal.next_attempt_at!);
    await work();
    expect(await storage.exists(key)).toBe(false);
    expect((await removalsOf(key))[0].status).toBe('sent');
  });

  it('a registered file stays under its document when the staging object goes', async () => {
    const data = pdf(2);
    const [u] = (await ok(call('POST', '/documents/uploads', a.headers, { files: [announce(data)] })))
      .uploads;
    await putTo(u.url, data);
    const bulk = await ok(
      call('POST', '/documents/bulk', a.headers, {
        items: [
          {
            external_id: 'REL-2',
            place: 'coproprietaire',
            coproprietaire: 'P1',
            type: 'APPEL_FONDS',
            name: 'Appel de fonds 2',
            date: '2026-01-01',
            file: { name: 'af-2.pdf', ...announce(data) },
          },
        ],
      }),
    );
    expect(bulk.results[0].result).toBe('created');
    const key = stagingKey(a.syndic.id, sha(data), 'application/pdf');
    await advanceTo(new Date(Date.now() + 3 * 3600_000));
    await work();
    expect(await storage.exists(key)).toBe(false);
    const kept = await fileKeyOf(bulk.results[0].id);
    expect(kept).not.toBe(key);
    expect((await storage.get(kept)).equals(data)).toBe(true);
  });

  it('a file announced again keeps its object until the later URL expired', async () => {
    const data = pdf(3);
    const first = (await ok(call('POST', '/documents/uploads', a.headers, { files: [announce(data)] })))
      .uploads[0];
    await putTo(first.url, data);
    const key = stagingKey(a.syndic.id, sha(data), 'application/pdf');
    const [early] = await removalsOf(key);
    await ok(call('POST', '/documents/uploads', a.headers, { files: [announce(data)] }));
    await db
      .update(outbox)
      .set({ next_attempt_at: new Date(0) })
      .where(eq(outbox.id, early.id));
    await work();
    expect(await storage.exists(key)).toBe(true);
    await advanceTo(new Date(Date.now() + 3 * 3600_000));
    await work();
    expect(await storage.exists(key)).toBe(false);
  });
});

describe('files replaced or deleted through the syndic API', () => {
  it("a document's image replaced, then the document deleted: each old file goes with its sizes", async () => {
    const doc = {
      place: 'coproprietaire',
      coproprietaire: 'P1',
      type: 'APPEL_FONDS',
      name: 'Plan du lot',
      date: '2026-03-02',
      file: upload('plan.jpg', JPEG, 'image/jpeg'),
    };
    const first = await ok(call('PUT', '/documents/RD1', a.headers, doc));
    const jpegKey = await fileKeyOf(first.id);
    const medium = sizeKey(jpegKey, 'medium')!;
    expect(await storage.exists(medium)).toBe(true);
    await ok(call('PUT', '/documents/RD1', a.headers, { ...doc, file: upload('plan.pdf', PDF) }));
    const pdfKey = await fileKeyOf(first.id);
    expect(await storage.exists(jpegKey)).toBe(true);
    await work();
    expect(await storage.exists(jpegKey)).toBe(false);
    expect(await storage.exists(medium)).toBe(false);
    expect(await storage.exists(pdfKey)).toBe(true);

    await ok(call('DELETE', '/documents/RD1', a.headers));
    await work();
    expect(await storage.exists(pdfKey)).toBe(false);
  });

  it("an invoice's file replaced, then the invoice deleted: each old file goes", async () => {
    const invoice = {
      copropriete: 'IMM',
      invoice_date: '2026-02-10',
      amount_cents: 12_000,
      fournisseur_name: 'Plomberie Martin',
      compte_name: '615 Entretien',
      number: 'PM-7',
      status: 1,
      file: upload('pm-7.pdf', pdf(10)),
      depenses: [],
      ecritures: [],
    };
    const first = await ok(call('PUT', '/invoices/RI1', a.headers, invoice));
    const sourceOf = async () =>
      (await db.select().from(supplierInvoices).where(eq(supplierInvoices.id, first.id)))[0].source_urls[0]
        .path;
    const oldKey = await sourceOf();
    await ok(call('PUT', '/invoices/RI1', a.headers, { ...invoice, file: upload('pm-7b.pdf', pdf(11)) }));
    const newKey = await sourceOf();
    await work();
    expect(await storage.exists(oldKey)).toBe(false);
    expect(await storage.exists(newKey)).toBe(true);
    await ok(call('DELETE', '/invoices/RI1', a.headers));
    await work();
    expect(await storage.exists(newKey)).toBe(false);
  });

  it("a communication's attachment dropped goes; the one kept stays", async () => {
    const letter = {
      coproprietaire: 'P1',
      sending_method: 'email',
      module: 'relance',
      recipient_info: { to_addresses: ['durand@example.fr'] },
      subject: 'Relance',
      html_body: '<p>Bonjour</p>',
      created_date: '2026-03-01T10:00:00Z',
      attachments: [upload('a.pdf', pdf(20)), upload('b.pdf', pdf(21))],
    };
    const first = await ok(call('PUT', '/communications/RC1', a.headers, letter));
    const keys = async () =>
      db
        .select({ key: files.storage_key, name: files.name })
        .from(files)
        .where(like(files.storage_key, `%/communications/${first.id}/%`));
    const before = await keys();
    expect(before.length).toBe(2);
    const dropped = before.find((f) => f.name === 'b.pdf')!.key;
    const kept = before.find((f) => f.name === 'a.pdf')!.key;
    await ok(
      call('PUT', '/communications/RC1', a.headers, { ...letter, attachments: [letter.attachments[0]] }),
    );
    await work();
    expect(await storage.exists(dropped)).toBe(false);
    expect(await storage.exists(kept)).toBe(true);
  });

  it('a removal of a key something still names removes nothing', async () => {
    const d = await ok(
      call('PUT', '/documents/RD2', a.headers, {
        place: 'coproprietaire',
        coproprietaire: 'P1',
        type: 'APPEL_FONDS',
        name: 'Règlement',
        date: '2026-03-02',
        file: upload('reglement.pdf', pdf(30)),
      }),
    );
    const key = await fileKeyOf(d.id);
    await db.insert(outbox).values({ channel: REMOVAL_CHANNEL, recipient: key, body: 'released' });
    await work();
    expect(await storage.exists(key)).toBe(true);
  });
});
