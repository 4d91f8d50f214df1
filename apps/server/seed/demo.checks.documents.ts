import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  chargeInvoices,
  communicationNotices,
  communicationReads,
  communications,
  coproprietes,
  documentGroups,
  documents,
  files,
  supplierInvoices,
  syndicApiKeys,
  syndics,
  verificationStatus,
} from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import { checklistOf } from '../src/modules/documents/checklist.service.js';
import type { localStorageAdapter } from '../src/platform/storage.js';
import { json, type TestApp } from '../src/test/harness.js';
import type { DemoResult } from './demo.js';
import { demoSuite } from './demo.suite.js';

let t: TestApp;
let storage: ReturnType<typeof localStorageAdapter>;
let demo: DemoResult;
const db = () => t.database.db;

/** Checks of the stored files, supplier invoices, documents, the council's checklist and the carnet d'entretien. */
export function demoDocumentChecks() {
  beforeAll(() => {
    ({ t, storage, demo } = demoSuite);
  });

  it("sends two notices to Les Tilleuls, partly read; Claire has read the building's one", async () => {
    const sent = await db().select().from(communicationNotices);
    expect(sent.map((n) => n.audience).sort()).toEqual(['cle', 'immeuble']);
    for (const n of sent) {
      const rows = await db()
        .select({
          id: communications.id,
          owner: communications.coproprietaire_id,
          read: communicationReads.read_at,
        })
        .from(communications)
        .leftJoin(communicationReads, eq(communicationReads.communication_id, communications.id))
        .where(eq(communications.notice_id, n.id));
      const read = rows.filter((r) => r.read).length;
      expect(read, n.subject).toBeGreaterThan(0);
      expect(read, n.subject).toBeLessThan(rows.length);
    }
    const building = sent.find((n) => n.audience === 'immeuble')!;
    const [claire] = await db()
      .select({ read: communicationReads.read_at })
      .from(communications)
      .innerJoin(communicationReads, eq(communicationReads.communication_id, communications.id))
      .where(
        and(
          eq(communications.notice_id, building.id),
          eq(communications.coproprietaire_id, demo.claireTilleulsId),
        ),
      );
    expect(claire?.read).toBeInstanceOf(Date);
  });

  it('stores real PDF files for documents, invoices and attachments', async () => {
    const pdfs = await db().select().from(files).where(eq(files.content_type, 'application/pdf'));
    expect(pdfs.length).toBeGreaterThan(80);
    for (const f of pdfs) {
      const data = await storage.get(f.storage_key);
      expect(data.subarray(0, 4).toString('latin1'), f.storage_key).toBe('%PDF');
      expect(data.length).toBe(f.size);
    }
    const [logo] = await db().select().from(syndics).where(eq(syndics.alias, 'lefevre'));
    expect(logo.logo_url).toBe('syndics/lefevre/logo.svg');
    expect((await storage.get('syndics/lefevre/logo.svg')).toString()).toContain('<svg');
    const [key] = await db().select().from(syndicApiKeys).where(eq(syndicApiKeys.syndic_id, logo.id));
    expect(key.key_hash).toBe(sha256(demo.syndicApiKey));
  });

  it('has supplier invoices in every status, each with its PDF or, for small artisans, a scan with its sizes', async () => {
    const inv = await db()
      .select()
      .from(supplierInvoices)
      .where(eq(supplierInvoices.copropriete_id, demo.tilleulsId));
    expect(inv.length).toBeGreaterThanOrEqual(35);
    expect(new Set(inv.map((i) => i.status))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(inv.every((i) => i.source_urls.length === 1)).toBe(true);
    const scans = inv.filter((i) => i.source_urls[0].content_type === 'image/jpeg');
    expect(scans.length).toBeGreaterThan(0);
    expect(inv.length - scans.length).toBeGreaterThan(30);
    for (const i of scans) {
      const key = i.source_urls[0].path;
      expect(key).toContain('/original/');
      const medium = await sharp(await storage.get(key.replace('/original/', '/medium/'))).metadata();
      expect(medium).toMatchObject({ format: 'jpeg', height: 1200 });
    }
    const checked = await db().select().from(chargeInvoices).where(eq(chargeInvoices.verification_syndic, 1));
    expect(checked.some((c) => c.verification_syndicat === 0)).toBe(true);
    expect(checked.some((c) => c.verification_syndicat === 1)).toBe(true);
    const [status] = await db()
      .select()
      .from(verificationStatus)
      .where(eq(verificationStatus.copropriete_id, demo.tilleulsId));
    expect(status).toMatchObject({ syndic_submit: 1, syndicat_finish: 0 });
  });

  it('has documents of every kind', async () => {
    const own = await db()
      .select()
      .from(documents)
      .where(eq(documents.coproprietaire_id, demo.claireTilleulsId));
    expect(new Set(own.map((d) => d.type_code))).toEqual(
      new Set(['APPEL_FONDS', 'RELEVE_COMPTE', 'DECOMPTE_CHARGES', 'CONVOCATION_AG', 'PV_AG', 'AUTRE']),
    );
    const groups = await db().select().from(documentGroups);
    const bank = groups.find((g) => g.kind === 'BANK_STATEMENT');
    const bankDocs = await db()
      .select()
      .from(documents)
      .where(eq(documents.group_id, bank?.id ?? ''));
    expect(bankDocs).toHaveLength(12);
    expect(bankDocs.every((d) => d.year && d.month)).toBe(true);
    const ag = groups.find((g) => g.kind === 'AG');
    const agDocs = await db()
      .select()
      .from(documents)
      .where(eq(documents.group_id, ag?.id ?? ''));
    expect(new Set(agDocs.map((d) => d.year)).size).toBe(2);
    expect(new Set(agDocs.map((d) => d.ag_kind))).toEqual(new Set(['quote', 'record']));
    const card = groups.find((g) => g.scope === 'syndic' && g.name === 'Carte professionnelle');
    expect(card).toMatchObject({ number: 'CPI 6901 2018 000 012 345', syndic_id: demo.syndicIds.lefevre });
    expect(card?.approve_date).toBeTruthy();
  });

  it('shows Claire (council) a décret 2019-502 checklist with documents present, missing and stale', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
    });
    const headers = { authorization: `Bearer ${json(login).data.token}` };
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${demo.claireTilleulsId}/checklist`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const items: { code: string; status: string; document: { name: string } | null }[] = json(res).data.items;
    const status = Object.fromEntries(items.map((i) => [i.code, i.status]));
    expect(status.reglement).toBe('present');
    expect(status.carnet_entretien).toBe('present');
    expect(status.fiche_synthetique).toBe('stale');
    expect(status.carte_professionnelle).toBe('present');
    expect(items.some((i) => i.status === 'missing')).toBe(true);
    expect(items.find((i) => i.code === 'reglement')?.document?.name).toMatch(/règlement de copropriété/i);
  });

  it("lets Paul (an ordinary co-owner) read the carnet d'entretien with its DTG works, every contract dated", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'paul.durand@example.fr', password: 'Tilleuls2024' },
    });
    const headers = { authorization: `Bearer ${json(login).data.token}` };
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/coproprietaires/${demo.paulTilleulsId}/carnet-entretien/lecture`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const c = json(res).data.carnet;
    expect(c.dtg_works.length).toBeGreaterThan(0);
    const contracts = [...c.insurance_contracts, ...c.maintenance_contracts] as {
      expires_on: string | null;
    }[];
    expect(contracts.every((x) => /^\d{4}-\d{2}-\d{2}$/.test(x.expires_on ?? ''))).toBe(true);
  });

  it("gives the volunteer syndic's building its règlement, a council shelf and items « manquant »", async () => {
    const [lilas] = await db().select().from(coproprietes).where(eq(coproprietes.id, demo.lilasId));
    const list = await checklistOf(db(), demo.lilasId, lilas!.syndic_id);
    const status = (code: string) => list.items.find((i) => i.code === code)?.status;
    expect([status('reglement'), status('assurance'), status('comptes_syndicat')]).toEqual([
      'present',
      'present',
      'present',
    ]);
    expect([status('fiche_synthetique'), status('diagnostics')]).toEqual(['missing', 'missing']);
    const council = await db()
      .select()
      .from(documentGroups)
      .where(eq(documentGroups.copropriete_id, demo.lilasId));
    expect(council.filter((g) => g.audience === 'council').map((g) => g.name)).toEqual([
      'Comptes du syndicat',
    ]);
  });
}
