import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  correspondenceDeadline,
  formatParisDate,
  formatPhone,
  type SupplementInfo,
  syndicProfileBody,
} from '@tantieme/contract';
import { checkChain } from '../src/modules/assemblees/chain.service.js';
import { createSession } from '../src/modules/identity/session.service.js';
import {
  administrators,
  assembleeParticipants,
  assembleeProxies,
  assembleeRecords,
  assemblees,
  billLotLines,
  bills,
  chargeInvoices,
  chatMessages,
  signalementEvents,
  signalements,
  communications,
  conversationMembers,
  conversations,
  coproprietaires,
  coproprietes,
  documentGroups,
  documents,
  files,
  invitations,
  ledgerLines,
  lots,
  lotTantiemes,
  messages,
  notifications,
  paymentTransactions,
  previewTokens,
  repartitions,
  resolutions,
  signatureTokens,
  supplierInvoices,
  syndicApiKeys,
  syndics,
  users,
  verificationStatus,
} from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import { createSealer } from '../src/platform/sealing/index.js';
import { localStorageAdapter } from '../src/platform/storage.js';
import { pdfsig } from '../src/test/pdfsig.js';
import { createTestApp, json, type TestApp } from '../src/test/harness.js';
import { type DemoResult, isDatabaseEmpty, seedDemo } from './demo.js';

let t: TestApp;
let dir: string;
let storage: ReturnType<typeof localStorageAdapter>;
let demo: DemoResult;
let emptyBefore: boolean;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'tantieme-seed-'));
  storage = localStorageAdapter(dir, 'secret');
  emptyBefore = await isDatabaseEmpty(db());
  demo = await seedDemo(db(), storage, { sealer: createSealer({ dataDir: dir }) });
  console.log(`seedDemo: ${demo.durationMs} ms`);
}, 180_000);

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * The texts of the seed a co-owner reads in the interface: notifications, messages, chat and
 * communications. SMS keep the GSM-7 alphabet (no narrow no-break space): left out on request.
 */
async function seededTexts({ withSms = true } = {}): Promise<string[]> {
  const n = await db().select({ a: notifications.title, b: notifications.body }).from(notifications);
  const m = await db().select({ a: messages.title, b: messages.body }).from(messages);
  const c = await db().select({ a: chatMessages.text }).from(chatMessages);
  const sg = await db().select({ a: signalements.title, b: signalements.description }).from(signalements);
  const se = await db().select({ a: signalementEvents.text }).from(signalementEvents);
  const k = await db()
    .select({ a: communications.subject, b: communications.content, how: communications.sending_method })
    .from(communications);
  return [
    ...n.flatMap((r) => [r.a, r.b]),
    ...m.flatMap((r) => [r.a, r.b]),
    ...c.map((r) => r.a),
    ...sg.flatMap((r) => [r.a, r.b]),
    ...se.map((r) => r.a),
    ...k
      .filter((r) => withSms || r.how !== 'sms')
      .flatMap((r) => (r.how === 'sms' && !withSms ? [] : [r.a, r.b])),
  ].filter((x): x is string => !!x);
}

describe('demo seed', () => {
  it('fills an empty database once', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(db())).toBe(false);
  });

  it('gives Claire three attached records with the right roles', async () => {
    const rows = await db()
      .select({ r: coproprietaires, copro: coproprietes, syndic: syndics })
      .from(coproprietaires)
      .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
      .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
      .where(eq(coproprietaires.user_id, demo.claireUserId));
    expect(rows).toHaveLength(3);
    expect(rows.every((x) => x.r.attached_at !== null)).toBe(true);
    const by = (name: string) => rows.find((x) => x.copro.name === name);
    const tilleuls = by('Résidence Les Tilleuls');
    expect(tilleuls?.r.id).toBe(demo.claireTilleulsId);
    expect(tilleuls?.r).toMatchObject({
      is_member_syndicat: true,
      is_president: true,
      init_settings_done: true,
    });
    expect(Object.values(tilleuls?.r.permissions ?? {}).every(Boolean)).toBe(true);
    expect(tilleuls?.syndic).toMatchObject({ alias: 'lefevre', card_payments_active: true, disabled: false });
    expect(by('Le Clos Fleuri')?.r).toMatchObject({
      id: demo.claireClosFleuriId,
      is_member_syndicat: false,
      is_president: false,
    });
    expect(by('Le Clos Fleuri')?.syndic).toMatchObject({ alias: 'azur', use_synple: true, logo_url: null });
    expect(by('Résidence Horizon')?.r.id).toBe(demo.claireHorizonId);
    expect(by('Résidence Horizon')?.syndic.disabled).toBe(true);

    const claireLots = await db()
      .select({ type: lots.type_name })
      .from(lots)
      .innerJoin(sql`coproprietaire_lots cl`, sql`cl.lot_id = ${lots.id}`)
      .where(sql`cl.coproprietaire_id = ${demo.claireTilleulsId}`);
    expect(claireLots.map((l) => l.type).sort()).toEqual(['Appartement', 'Cave', 'Parking']);
  });

  it('gives Paul one ordinary record still to onboard', async () => {
    const rows = await db()
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.user_id, demo.paulUserId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: demo.paulTilleulsId,
      is_member_syndicat: false,
      is_president: false,
      init_settings_done: true,
    });
    expect(rows[0].permissions.view_invoices).toBe(false);
  });

  it('keeps ABC123456 free to attach and every code unique with 9 characters', async () => {
    const [free] = await db()
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.unique_code, 'ABC123456'));
    expect(free.user_id).toBeNull();
    expect(free.copropriete_id).toBe(demo.tilleulsId);
    const all = await db().select({ code: coproprietaires.unique_code }).from(coproprietaires);
    expect(all.every((r) => r.code.length === 9)).toBe(true);
    expect(new Set(all.map((r) => r.code)).size).toBe(all.length);
  });

  it('builds Les Tilleuls with lots, records and consistent tantièmes', async () => {
    const tLots = await db().select().from(lots).where(eq(lots.copropriete_id, demo.tilleulsId));
    expect(tLots.length).toBeGreaterThanOrEqual(24);
    expect(new Set(tLots.map((l) => l.type_name))).toEqual(new Set(['Appartement', 'Cave', 'Parking']));
    const owners = await db()
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.copropriete_id, demo.tilleulsId));
    expect(owners.length).toBeGreaterThanOrEqual(18);
    const reps = await db().select().from(repartitions);
    expect(reps.filter((r) => r.copropriete_id === demo.tilleulsId).map((r) => r.name)).toEqual([
      'Charges générales',
      'Ascenseur',
      'Chauffage',
    ]);
    for (const rep of reps) {
      const [sum] = await db()
        .select({ n: sql<number>`coalesce(sum(${lotTantiemes.tantieme}), 0)::int` })
        .from(lotTantiemes)
        .where(eq(lotTantiemes.repartition_id, rep.id));
      expect(sum.n, rep.name).toBe(rep.total_tantieme);
    }
    const [cg] = reps.filter((r) => r.copropriete_id === demo.tilleulsId && r.code === 'CG');
    expect(cg.total_tantieme).toBe(10_000);
  });

  it('splits every bill over its lots exactly', async () => {
    const all = await db().select().from(bills);
    expect(all.filter((b) => b.copropriete_id === demo.tilleulsId).length).toBeGreaterThanOrEqual(17);
    expect(new Set(all.map((b) => b.bill_type))).toEqual(
      new Set(['fonctionnement', 'fond_travaux', 'travaux']),
    );
    const sums = await db()
      .select({ bill: billLotLines.bill_id, n: sql<number>`sum(${billLotLines.amount_cents})::int` })
      .from(billLotLines)
      .groupBy(billLotLines.bill_id);
    const byBill = new Map(sums.map((s) => [s.bill, s.n]));
    for (const b of all) expect(byBill.get(b.id), b.name).toBe(b.total_cents);
  });

  it('leaves Claire owing the last two quarters, payable online', async () => {
    const lines = await db()
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.coproprietaire_id, demo.claireTilleulsId))
      .orderBy(ledgerLines.date);
    const unpaid = lines.filter((l) => l.amount_type === 'debit' && l.remaining_cents > 0);
    const owed = unpaid.reduce((s, l) => s + l.remaining_cents, 0);
    expect(owed).toBeGreaterThan(0);
    expect(unpaid.every((l) => l.remaining_cents === l.amount_cents)).toBe(true);
    expect(new Set(unpaid.map((l) => l.date)).size).toBe(2);
    expect(unpaid.map((l) => l.bill_type).sort()).toEqual([
      'fonctionnement',
      'fonctionnement',
      'fond_travaux',
      'fond_travaux',
    ]);
    // Settled lines balance exactly: what was paid equals what was called before.
    const debits = lines.filter((l) => l.amount_type === 'debit').reduce((s, l) => s + l.amount_cents, 0);
    const credits = lines.filter((l) => l.amount_type === 'credit').reduce((s, l) => s + l.amount_cents, 0);
    expect(debits - credits).toBe(owed);
    const txs = await db()
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.coproprietaire_id, demo.claireTilleulsId));
    expect(new Set(txs.map((x) => x.payment_method))).toEqual(new Set(['card', 'check', 'cash']));
    for (const x of txs) expect(x.net_cents).toBe(x.amount_cents - x.fee_cents);
    expect(txs.find((x) => x.payment_method === 'card')?.fee_cents).toBeGreaterThan(0);
  });

  it('mixes up-to-date, late and in-credit co-owners', async () => {
    const balances = await db()
      .select({
        id: ledgerLines.coproprietaire_id,
        n: sql<number>`sum(case when ${ledgerLines.amount_type} = 'debit' then ${ledgerLines.remaining_cents} else -${ledgerLines.remaining_cents} end)::int`,
      })
      .from(ledgerLines)
      .where(eq(ledgerLines.copropriete_id, demo.tilleulsId))
      .groupBy(ledgerLines.coproprietaire_id);
    expect(balances).toHaveLength(18);
    expect(balances.filter((b) => b.n === 0).length).toBeGreaterThanOrEqual(10);
    expect(balances.filter((b) => b.n > 0).length).toBeGreaterThanOrEqual(3);
    expect(balances.filter((b) => b.n < 0)).toHaveLength(1);
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

  it('prepares the upcoming assembly for an online vote', async () => {
    const [ag] = await db().select().from(assemblees).where(eq(assemblees.id, demo.upcomingAssembleeId));
    expect(ag).toMatchObject({ status: 1, priority: 1, status_convocation: 1, status_session: null });
    expect(ag.date.getTime()).toBeGreaterThan(Date.now());
    // Three clear days before the meeting (décret de 1967, art. 9 bis), and the chain of the two online
    // ballots, then Paul's proxy to Claire (its signature and the attendance it gives), holds.
    expect(ag.valid_to?.toISOString()).toBe(correspondenceDeadline(ag.date).toISOString());
    expect(await checkChain(db(), ag.id)).toEqual({ ok: true, length: 4, first_broken: null });
    const [proxy] = await db()
      .select()
      .from(assembleeProxies)
      .where(eq(assembleeProxies.assemblee_id, ag.id));
    expect(proxy).toMatchObject({ mandataire_id: demo.claireTilleulsId, status: 'active' });
    const [given] = await db()
      .select()
      .from(assembleeRecords)
      .where(and(eq(assembleeRecords.assemblee_id, ag.id), eq(assembleeRecords.kind, 'signature')));
    expect((given.payload.document as { sha256: string }).sha256).toBe(proxy.document_sha256);
    expect(ag.visio_url).toBe('https://meet.jit.si/tantieme-tilleuls-ag-2026');
    const res = await db()
      .select()
      .from(resolutions)
      .where(eq(resolutions.assemblee_id, ag.id))
      .orderBy(resolutions.number);
    expect(res.length).toBeGreaterThanOrEqual(8);
    expect(res.map((r) => r.number)).toEqual(res.map((_, i) => i + 1));
    expect(res.some((r) => r.no_vote)).toBe(true);
    expect(new Set(res.map((r) => r.article))).toEqual(new Set(['ART-24', 'ART-25', 'ART-26']));
    const participants = await db()
      .select()
      .from(assembleeParticipants)
      .where(
        and(
          eq(assembleeParticipants.assemblee_id, ag.id),
          eq(assembleeParticipants.is_send_convocation, true),
        ),
      );
    expect(participants).toHaveLength(18);
    const [past] = await db().select().from(assemblees).where(eq(assemblees.id, demo.pastAssembleeId));
    expect(past).toMatchObject({ status: 3, status_convocation: 1, status_proces_verbal: 1 });
    expect(past.pv_file_id).toBeTruthy();
    expect(past.feuille_file_id).toBeTruthy();
    // Signed by the president and the secretary, then sealed: a valid seal for pdfsig.
    const [sealed] = await db()
      .select()
      .from(files)
      .where(eq(files.id, past.pv_sealed_file_id as string));
    const out = await pdfsig(await storage.get(sealed.storage_key));
    expect(out).toContain('Signature is Valid');
    const chain = await db()
      .select()
      .from(assembleeRecords)
      .where(and(eq(assembleeRecords.assemblee_id, past.id), eq(assembleeRecords.kind, 'signature')));
    expect(chain.map((r) => r.payload.mode).sort()).toEqual(['PV_PRESIDENT', 'PV_SECRETAIRE']);
    const [token] = await db()
      .select()
      .from(signatureTokens)
      .where(eq(signatureTokens.token_hash, sha256('SIGN-DEMO-CLAIRE')));
    expect(token).toMatchObject({
      mode: 'ATTENDANCE',
      coproprietaire_id: demo.claireTilleulsId,
      assemblee_id: ag.id,
    });
  });

  it('lets the demo syndic key read its assemblies, their chain and tally through the syndic API', async () => {
    const headers = { 'x-api-key': demo.syndicApiKey };
    const list = json(await t.app.inject({ method: 'GET', url: '/api/syndic/v1/assemblees', headers })).data;
    const byId = new Map(list.items.map((a: { id: string; external_id: string }) => [a.id, a]));
    const past = byId.get(demo.pastAssembleeId) as { external_id: string; general_repartition: string };
    const next = byId.get(demo.upcomingAssembleeId) as { external_id: string; participants: unknown[] };
    expect(past.external_id).toMatch(/^AG-\d{4}-\d{2}-\d{2}$/);
    expect(past.general_repartition).toBe('REP-CG');
    expect(next.participants).toHaveLength(18);
    const chain = await t.app.inject({
      method: 'GET',
      url: `/api/syndic/v1/assemblees/${next.external_id}/chain-check`,
      headers,
    });
    expect(json(chain).data.ok).toBe(true);
    const tally = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/syndic/v1/assemblees/${past.external_id}/tally`,
        headers,
      }),
    ).data as { number: number; decision: string; repartition: string | null }[];
    // The legal count of the API agrees with the minutes (PV) of the past assembly.
    const minutes = await db()
      .select()
      .from(resolutions)
      .where(eq(resolutions.assemblee_id, demo.pastAssembleeId));
    expect(tally.map((r) => [r.number, r.decision])).toEqual(
      minutes
        .sort((a, b) => a.number - b.number)
        .map((m) => [m.number, (m.result as { decision?: string } | null)?.decision ?? 'no_vote']),
    );
    expect(tally.some((r) => r.decision === 'rejected')).toBe(true);
    expect(
      tally.filter((r) => r.decision !== 'no_vote').every((r) => r.repartition?.startsWith('REP-')),
    ).toBe(true);
  });

  it("seeds consents and the upcoming assembly's convocations: LRE with proofs for Claire and Paul, the post for the others", async () => {
    const headers = { authorization: `Bearer ${await createSession(db(), demo.claireUserId)}` };
    const consent = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/coproprietaires/${demo.claireTilleulsId}/consentement-notification-electronique`,
        headers,
      }),
    ).data;
    expect(consent.active).toMatchObject({ given_by: 'onboarding', revoked_at: null });
    const key = { 'x-api-key': demo.syndicApiKey };
    const list = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/assemblees', headers: key }),
    ).data;
    const next = list.items.find((a: { id: string }) => a.id === demo.upcomingAssembleeId);
    const rows = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/syndic/v1/assemblees/${next.external_id}/convocations`,
        headers: key,
      }),
    ).data as {
      name: string;
      channel: string;
      first_presentation_source: string;
      deadline_ok: boolean;
      sending_id: string | null;
    }[];
    expect(rows).toHaveLength(18);
    const lre = rows.filter((r) => r.channel === 'lre');
    expect(lre.map((r) => r.name).sort()).toEqual([
      expect.stringContaining('Durand'),
      expect.stringContaining('Martin'),
    ]);
    expect(lre.every((r) => r.first_presentation_source === 'provider' && r.sending_id)).toBe(true);
    expect(rows.filter((r) => r.channel === 'postal')).toHaveLength(16);
    expect(rows.every((r) => r.deadline_ok)).toBe(true);
  });

  it("serves the demo syndic's profile, whose Stripe account satisfies the contract's own pattern", async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/syndic/v1/profile',
      headers: { 'x-api-key': demo.syndicApiKey },
    });
    expect(r.statusCode, r.body).toBe(200);
    const card = json(r).data.card_payments;
    expect(syndicProfileBody.shape.card_payments.parse(card)).toEqual(card);
    expect(card.stripe_account_id).toMatch(/^acct_/);
  });

  it('fills notifications, messages and chats', async () => {
    const notifs = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, demo.claireUserId));
    expect(notifs.length).toBeGreaterThanOrEqual(20);
    expect(notifs.some((n) => n.is_read) && notifs.some((n) => !n.is_read)).toBe(true);
    expect(notifs.every((n) => n.coproprietaire_id && n.sender?.name)).toBe(true);
    const msgs = await db()
      .select()
      .from(messages)
      .where(eq(messages.coproprietaire_id, demo.claireTilleulsId));
    expect(msgs.length).toBeGreaterThanOrEqual(15);
    const convs = await db().select().from(conversations);
    expect(convs.map((c) => c.key).sort()).toEqual(
      [
        [demo.claireTilleulsId, demo.syndicIds.lefevre].sort().join('_'),
        [demo.claireTilleulsId, demo.paulTilleulsId].sort().join('_'),
      ].sort(),
    );
    // Claire's conversation is with 'the syndic'; Sophie Garnier (staff with an account) answers.
    const members = await db()
      .select()
      .from(conversationMembers)
      .where(inArray(conversationMembers.participant_id, [demo.syndicIds.lefevre]));
    expect(members[0].participant_type).toBe('syndic');
    const answers = await db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.created_by, demo.gestionnaireId));
    expect(answers.length).toBeGreaterThanOrEqual(3);
    const [staff] = await db()
      .select()
      .from(administrators)
      .where(eq(administrators.id, demo.gestionnaireId));
    expect(staff?.user_id).toBeTruthy();
  });

  it("tells one vote deadline everywhere: the upcoming assembly's", async () => {
    const upcoming = (await db().select().from(assemblees)).filter(
      (a) => a.valid_to && a.valid_to > new Date(),
    );
    const deadlines = new Set(upcoming.map((a) => formatParisDate(a.valid_to as Date)));
    const texts = await seededTexts();
    const said = texts.flatMap((x) => [...x.matchAll(/jusqu.au (\d{2}\/\d{2}\/\d{4})/g)].map((m) => m[1]));
    expect(said.length).toBeGreaterThan(0);
    for (const d of said) expect(deadlines, d).toContain(d);
  });

  it('typesets its texts as the interface does (one apostrophe, narrow space before : ; ? !, spaced « »)', async () => {
    const texts = await seededTexts({ withSms: false });
    expect(texts.length).toBeGreaterThan(20);
    const slips = texts.filter(
      (x) => x.includes('’') || /[ \u00a0][:;!?]/.test(x) || /«[^\u00a0\u202f]|[^\u00a0\u202f]»/.test(x),
    );
    expect(slips).toEqual([]);
  });

  it('files signalements in every state at Les Tilleuls, the lift linked to the carnet works that fixed it', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
    });
    const headers = { authorization: `Bearer ${json(login).data.token}` };
    const base = `/api/signalements/coproprietaires/${demo.claireTilleulsId}`;
    const items: { id: string; title: string; status: string; supporters: number; visibility: string }[] =
      json(await t.app.inject({ method: 'GET', url: base, headers })).data.items;
    expect(new Set(items.map((i) => i.status))).toEqual(
      new Set(['NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE', 'RESOLU', 'CLOS']),
    );
    // Claire sits on the council: Paul's private report is hers to see.
    expect(items.some((i) => i.visibility === 'PRIVE')).toBe(true);
    expect(items.find((i) => i.status === 'NOUVEAU')?.supporters).toBe(2);
    const lift = items.find((i) => i.status === 'RESOLU')!;
    const detail = json(await t.app.inject({ method: 'GET', url: `${base}/${lift.id}`, headers })).data;
    expect(detail.carnet_travaux.label).toMatch(/ascenseur du bâtiment A/);
    expect(detail.photos).toHaveLength(1);
    // The seed wrote the photo and its sizes to its own storage (the app's signs the same keys).
    const key = decodeURIComponent(new URL(detail.photos[0].small, 'http://x').pathname).replace(
      /^.*?\/files\//,
      '',
    );
    expect(await storage.exists(key)).toBe(true);
    const carnet = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/coproprietaires/${demo.claireTilleulsId}/carnet-entretien/lecture`,
        headers,
      }),
    ).data.carnet;
    expect(carnet.major_works.map((w: { reference?: string }) => w.reference)).toContain(
      detail.carnet_travaux.ref,
    );
  });

  it('creates the invitations and the preview token', async () => {
    const inv = await db().select().from(invitations);
    const code = (c: string) => inv.find((i) => i.code === c);
    expect(code('INVIT2026A')).toMatchObject({ status: 1 });
    expect(code('INVIT2026A')?.expiration_date.getTime()).toBeGreaterThan(Date.now());
    expect(code('INVIT2026A')?.metadata?.coproprietaire_info?.email).toBe(
      'nouveau.coproprietaire@example.fr',
    );
    expect(code('INVIT2026U')).toMatchObject({ status: 2, used_by_user_id: demo.paulUserId });
    expect(code('INVIT2026E')?.expiration_date.getTime()).toBeLessThan(Date.now());
    const target = await db()
      .select()
      .from(coproprietaires)
      .where(
        and(
          eq(coproprietaires.id, code('INVIT2026A')?.coproprietaire_id ?? ''),
          isNull(coproprietaires.user_id),
        ),
      );
    expect(target).toHaveLength(1);
    const [preview] = await db()
      .select()
      .from(previewTokens)
      .where(eq(previewTokens.token_hash, sha256('PREVIEW-DEMO-CLAIRE')));
    expect(preview.coproprietaire_id).toBe(demo.claireTilleulsId);
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

  it('lets Claire sign in with the demo password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.user).toMatchObject({ id: demo.claireUserId, phone: '+33612345678' });
    expect(body.data.token).toBeTruthy();
    const [u] = await db().select().from(users).where(eq(users.id, demo.paulUserId));
    expect(u.phone).toBe('+33698765432');
  });

  it('what the server gives, it accepts: every demo record sends its supplement info back unchanged', async () => {
    const records = await db()
      .select({
        id: coproprietaires.id,
        copro: coproprietaires.copropriete_id,
        user: coproprietaires.user_id,
      })
      .from(coproprietaires)
      .where(
        sql`${coproprietaires.user_id} is not null and ${coproprietaires.user_supplement_info} is not null`,
      );
    expect(records.length).toBeGreaterThan(0);
    let nationalPhones = 0;
    for (const r of records) {
      const headers = { authorization: `Bearer ${await createSession(db(), r.user as string)}` };
      const got = await t.app.inject({
        method: 'GET',
        url: `/api/coproprietaires/${r.id}/user-supplement-info`,
        headers,
      });
      expect(got.statusCode).toBe(200);
      const info = json(got).data as SupplementInfo;
      nationalPhones += JSON.stringify(info).match(/"0\d( \d\d){4}"/g)?.length ?? 0;
      // The body the web builds from it: the same answers, lots marked 'fill later' left out.
      const lots: Record<string, unknown> = {};
      for (const l of info.lots)
        if (l.info && !l.info.ignore) lots[l.id] = { ...l.info, use_type: l.info.use_type ?? 'own' };
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/coproprietaires/${r.copro}/${r.id}/update-user-supplement-info`,
        headers,
        payload: { contact: info.contact, lots },
      });
      expect(put.statusCode, `${r.id}: ${put.body}`).toBe(200);
      const again = json(
        await t.app.inject({
          method: 'GET',
          url: `/api/coproprietaires/${r.id}/user-supplement-info`,
          headers,
        }),
      ).data as SupplementInfo;
      // Same answers (a lot not left for later reads ignore: false); phones now stored in E.164
      // (decision 26), shown the same way.
      const shown = (x: SupplementInfo) =>
        JSON.stringify(x, (k, v) =>
          /phone$/.test(k) && typeof v === 'string'
            ? formatPhone(v)
            : k === 'ignore' && v === false
              ? undefined
              : v,
        );
      expect(shown(again)).toBe(shown(info));
      for (const p of JSON.stringify(again).match(/"\w*phone":"[^"]*"/g) ?? [])
        expect(p).toMatch(/":"\+\d+"$/);
    }
    // The demo does hold national numbers, the case of the issue.
    expect(nationalPhones).toBeGreaterThan(0);
  });
});
