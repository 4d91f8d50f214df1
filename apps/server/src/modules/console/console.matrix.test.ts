import {
  type ConsoleRole,
  consoleAnnexesEndpoints,
  consoleBenevoleEndpoints,
  consoleAssembleeEndpoints,
  consoleDeskEndpoints,
  consoleDocumentEndpoints,
  consoleFacturesEndpoints,
  consoleCollectionEndpoints,
  consoleEndpoints,
  consoleImportEndpoints,
  consoleLotEndpoints,
  consoleMoneyEndpoints,
  consoleMay,
  consoleNoticeEndpoints,
  consoleOwnerEndpoints,
  consoleSignalementEndpoints,
  consoleRecouvrementEndpoints,
  consolePostalRequestEndpoints,
  consolePvEndpoints,
  consoleStaffEndpoints,
  type Endpoint,
  buildPath,
} from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../test/factories.assemblees.js';
import { eq } from 'drizzle-orm';
import { coproprietaireLots, coproprietes, lotTantiemes } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import {
  type ConsoleWorld,
  consoleCall,
  consoleWorld,
  type Headers,
  type Target,
} from './console.fixture.js';
import { DOCUMENT_CASES, documentOfEach } from './console.matrix.documents.fixture.js';
import { capture } from '../invoices/factures.service.js';
import { FACTURES_CASES } from './console.matrix.factures.fixture.js';
import { MONEY_CASES, type RouteCase } from './console.matrix.money.fixture.js';

/**
 * The console's permission matrix, generated: every console route of the contract × every kind
 * of caller. A building out of reach answers 404, a role's forbidden action 403, a caller with no
 * console 404, an anonymous one 401; none of them ever gets data. Allowed callers read (200)
 * and write (their writes may still refuse for their own reason, never with 401, 403, 404 or 5xx).
 */

const address = {
  full_address: '3 rue des Lilas 69003 Lyon',
  number: '3',
  street: 'rue des Lilas',
  city: 'Lyon',
  country: 'FR',
  zip_code: '69003',
  latitude: null,
  longitude: null,
};
let n = 0;
const agenda = (name: string) => ({
  name,
  date: new Date(Date.now() + 60 * 86_400_000).toISOString(),
  resolutions: [{ nature: 'budget_previsionnel', title: 'Budget prévisionnel 2027', article: 'ART-24' }],
});
const notice = (subject: string) => ({
  subject,
  text: "L'ascenseur sera arrêté mardi matin pour son entretien.",
  audience: 'immeuble',
});
/** Each building's notice, sent before the calls (its detail route names it). */
const noticeOf = new Map<string, string>();
/** Each building's assembly, prepared before the calls (its routes name it). */
const agOf = new Map<string, string>();
/** Each building's document (the deletion route names it). */
let docOf = new Map<string, string>();
/** Each building's supplier invoice, captured before the matrix runs. */
const invoiceOf = new Map<string, string>();
const resOf = new Map<string, string>();
const NO_ID = '00000000-0000-4000-8000-000000000000';
const owner = (t: Target) => ({ last_name: 'Durand', first_name: 'Paul', lots: [t.lotId] });

/** Each console endpoint's action and a valid body: a route missing here fails the test below. */
const CASES = new Map<Endpoint, RouteCase>([
  [consoleEndpoints.me, { action: null, scope: 'self' }],
  [consoleEndpoints.portfolio, { action: 'building.read', scope: 'self' }],
  [consoleEndpoints.search, { action: 'building.read', scope: 'self', query: '?q=Lot' }],
  [
    consoleEndpoints.createBuilding,
    { action: 'building.create', scope: 'syndic', body: () => ({ name: `Résidence ${++n}`, address }) },
  ],
  [consoleEndpoints.building, { action: 'building.read', scope: 'building' }],
  [
    consoleEndpoints.updateBuilding,
    { action: 'building.update', scope: 'building', body: () => ({ name: 'Résidence renommée', address }) },
  ],
  [consoleEndpoints.history, { action: 'building.read', scope: 'building' }],
  [consoleLotEndpoints.list, { action: 'building.read', scope: 'building' }],
  [
    consoleLotEndpoints.create,
    {
      action: 'lots.write',
      scope: 'building',
      body: () => ({ number: `${100 + ++n}`, type_name: 'Cave', floor: 'Sous-sol' }),
    },
  ],
  [
    consoleLotEndpoints.update,
    {
      action: 'lots.write',
      scope: 'building',
      body: () => ({ number: '1', name: 'Lot 1', type_name: 'Appartement', floor: '2' }),
    },
  ],
  [
    consoleLotEndpoints.createRepartition,
    {
      action: 'lots.write',
      scope: 'building',
      body: () => ({ code: `K${++n}`, name: 'Ascenseur', total_tantieme: 100 }),
    },
  ],
  [
    consoleLotEndpoints.updateRepartition,
    {
      action: 'lots.write',
      scope: 'building',
      body: () => ({ code: 'CG', name: 'Charges générales', total_tantieme: 1000 }),
    },
  ],
  [
    consoleLotEndpoints.tantiemes,
    {
      action: 'lots.write',
      scope: 'building',
      body: (t) => ({
        repartitions: [{ repartition_id: t.repartitionId, tantiemes: [{ lot_id: t.lotId, tantieme: 1000 }] }],
      }),
    },
  ],
  [
    consoleImportEndpoints.sheet,
    {
      action: 'lots.write',
      scope: 'building',
      // A CSV preview: nothing is written.
      body: () => ({
        filename: 'lots.csv',
        content_base64: Buffer.from('Lot;Nom;Tantièmes\n1;Durand;1000\n').toString('base64'),
      }),
    },
  ],
  [consoleOwnerEndpoints.list, { action: 'building.read', scope: 'building' }],
  [
    consoleOwnerEndpoints.create,
    {
      action: 'coproprietaires.write',
      scope: 'building',
      body: (t) => ({ last_name: 'Petit', lots: [t.lotId] }),
    },
  ],
  [consoleOwnerEndpoints.update, { action: 'coproprietaires.write', scope: 'building', body: owner }],
  [
    consoleOwnerEndpoints.invite,
    { action: 'invitations.send', scope: 'building', body: () => ({ channel: 'email' }) },
  ],
  [consoleOwnerEndpoints.inviteAll, { action: 'invitations.send', scope: 'building' }],
  [consoleOwnerEndpoints.revokeInvitation, { action: 'invitations.send', scope: 'building' }],
  ...MONEY_CASES,
  ...DOCUMENT_CASES,
  ...FACTURES_CASES,
  [
    consoleBenevoleEndpoints.name,
    {
      action: 'staff.manage',
      scope: 'building',
      // The target co-owner has no account yet: a 409 for those allowed, never data for the others.
      body: (t) => ({ coproprietaire_id: t.ownerId }),
    },
  ],
  [consoleBenevoleEndpoints.revoke, { action: 'staff.manage', scope: 'building' }],
  [consoleDeskEndpoints.meetings, { action: 'building.read', scope: 'building' }],
  [consoleDeskEndpoints.state, { action: 'building.read', scope: 'building' }],
  [consoleDeskEndpoints.open, { action: 'assemblees.seance', scope: 'building' }],
  [
    consoleDeskEndpoints.entry,
    {
      action: 'assemblees.seance',
      scope: 'building',
      body: (t) => ({ kind: 'attendance', coproprietaire: t.ownerId, attendance: 'present' }),
    },
  ],
  // Last of the desk: it ends the meeting.
  [consoleDeskEndpoints.close, { action: 'assemblees.seance', scope: 'building' }],
  // The PV after the meeting: its writes refuse for their own reasons here (no bureau signs, nothing sealed).
  [consolePvEndpoints.state, { action: 'building.read', scope: 'building' }],
  [
    consolePvEndpoints.bureau,
    {
      action: 'assemblees.seance',
      scope: 'building',
      body: (t) => ({
        members: [
          { role: 'president', coproprietaire: t.ownerId, name: 'x' },
          { role: 'secretaire', coproprietaire: null, name: 'Le syndic' },
          { role: 'scrutateur', coproprietaire: t.ownerId, name: 'x' },
        ],
      }),
    },
  ],
  [
    consolePvEndpoints.sign,
    {
      action: 'assemblees.seance',
      scope: 'building',
      body: () => ({ member: 'scrutateur:9', signature: TINY_PNG }),
    },
  ],
  [consolePvEndpoints.notify, { action: 'assemblees.write', scope: 'building' }],
  [
    consolePvEndpoints.presentation,
    {
      action: 'assemblees.write',
      scope: 'building',
      body: () => ({ first_presented_at: '2026-11-03T10:12:00+01:00' }),
    },
  ],
  [
    consolePostalRequestEndpoints.record,
    {
      action: 'coproprietaires.write',
      scope: 'building',
      body: () => ({ received_at: '2026-11-03T10:12:00+01:00' }),
    },
  ],
  [consolePostalRequestEndpoints.withdraw, { action: 'coproprietaires.write', scope: 'building' }],
  // Notices: every role reads them and their receipts; sending is 'messages.write' (assistant too).
  [consoleNoticeEndpoints.list, { action: 'building.read', scope: 'building' }],
  [consoleNoticeEndpoints.get, { action: 'building.read', scope: 'building' }],
  [
    consoleNoticeEndpoints.preview,
    { action: 'messages.write', scope: 'building', body: () => notice('Aperçu') },
  ],
  [
    consoleNoticeEndpoints.send,
    { action: 'messages.write', scope: 'building', body: () => notice(`Avis ${++n}`) },
  ],
  // Last: they end the record's life in the building.
  [consoleOwnerEndpoints.remove, { action: 'coproprietaires.write', scope: 'building' }],
  [consoleOwnerEndpoints.anonymise, { action: 'coproprietaires.write', scope: 'building' }],
  [consoleSignalementEndpoints.board, { action: 'building.read', scope: 'building' }],
  [consoleSignalementEndpoints.get, { action: 'building.read', scope: 'building' }],
  [
    consoleSignalementEndpoints.move,
    { action: 'signalements.write', scope: 'building', body: () => ({ status: 'PRIS_EN_COMPTE' }) },
  ],
  [
    consoleSignalementEndpoints.comment,
    {
      action: 'signalements.write',
      scope: 'building',
      body: () => ({ text: 'Le serrurier est appelé.', internal: ++n % 2 === 0 }),
    },
  ],
  [
    consoleSignalementEndpoints.assign,
    {
      action: 'signalements.write',
      scope: 'building',
      body: () => ({ assignee_id: null, supplier: 'Serrurerie Martin' }),
    },
  ],
  // The merge names the duplicate in the path (signalementId) and the first report as `into`.
  [
    consoleSignalementEndpoints.merge,
    {
      action: 'signalements.write',
      scope: 'building',
      body: (t) => ({ into: t.signalementId }),
      mergesDuplicate: true,
    },
  ],
  [consoleStaffEndpoints.list, { action: 'staff.manage', scope: 'syndic' }],
  [
    consoleStaffEndpoints.create,
    {
      action: 'staff.manage',
      scope: 'syndic',
      body: () => ({ last_name: 'Nouveau', email: `agent${++n}@lefevre-immobilier.fr`, role: 'assistant' }),
    },
  ],
  [
    consoleStaffEndpoints.assign,
    {
      action: 'staff.manage',
      scope: 'syndic',
      namesStaff: true,
      body: (_t, w) => ({ coproprietes: [w.a1.coproId] }),
    },
  ],
  [consoleStaffEndpoints.disable, { action: 'staff.manage', scope: 'syndic', namesStaff: true }],
  [consoleStaffEndpoints.enable, { action: 'staff.manage', scope: 'syndic', namesStaff: true }],
  [consoleAssembleeEndpoints.list, { action: 'building.read', scope: 'building' }],
  [
    consoleAssembleeEndpoints.create,
    { action: 'assemblees.write', scope: 'building', body: () => agenda(`Assemblée ${++n}`) },
  ],
  [consoleAssembleeEndpoints.get, { action: 'building.read', scope: 'building' }],
  [
    consoleAssembleeEndpoints.update,
    { action: 'assemblees.write', scope: 'building', body: () => agenda('Assemblée modifiée') },
  ],
  [consoleAssembleeEndpoints.preview, { action: 'building.read', scope: 'building' }],
  [
    consoleAssembleeEndpoints.attach,
    {
      action: 'assemblees.write',
      scope: 'building',
      body: () => ({
        name: 'Devis.pdf',
        content_type: 'application/pdf',
        content_base64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      }),
    },
  ],
  [consoleAssembleeEndpoints.detach, { action: 'assemblees.write', scope: 'building' }],
  [consoleAssembleeEndpoints.publish, { action: 'assemblees.write', scope: 'building' }],
  // SEPA collections and recovery: reading is every role's, money is 'finances.write'.
  [consoleCollectionEndpoints.page, { action: 'building.read', scope: 'building' }],
  [
    consoleCollectionEndpoints.creditor,
    {
      action: 'finances.write',
      scope: 'building',
      body: () => ({
        name: 'SDC Les Tilleuls',
        ics: 'FR72ZZZ123456',
        iban: 'FR7630006000011234567890189',
        bic: null,
      }),
    },
  ],
  [
    consoleCollectionEndpoints.generate,
    { action: 'finances.write', scope: 'building', body: () => ({ due_date: '2026-01-20' }) },
  ],
  [
    consoleCollectionEndpoints.file,
    { action: 'finances.write', scope: 'building', body: () => ({ collection_id: NO_ID }) },
  ],
  [
    consoleCollectionEndpoints.settle,
    { action: 'finances.write', scope: 'building', body: () => ({ collection_id: NO_ID }) },
  ],
  [
    consoleCollectionEndpoints.answers,
    { action: 'finances.write', scope: 'building', body: () => ({ content: '<Document/>' }) },
  ],
  [consoleRecouvrementEndpoints.debtors, { action: 'building.read', scope: 'building' }],
  [
    consoleRecouvrementEndpoints.settings,
    {
      action: 'finances.write',
      scope: 'building',
      body: () => ({
        reminder_days: [10, 25],
        mise_en_demeure_days: 40,
        mise_en_demeure_fee_cents: 4500,
        relance_fee_cents: 1500,
      }),
    },
  ],
  [
    consoleRecouvrementEndpoints.send,
    { action: 'finances.write', scope: 'building', body: () => ({ step: 'relance' }) },
  ],
  [
    consoleRecouvrementEndpoints.letter,
    { action: 'building.read', scope: 'building', body: () => ({ relance_id: NO_ID }) },
  ],
]);

/** Who calls, with which role, on which building; what they should get. */
interface Caller {
  name: string;
  headers: (w: ConsoleWorld) => Headers;
  role: ConsoleRole | null;
  /** The building the calls name: theirs or one out of their reach. */
  target: (w: ConsoleWorld) => Target;
  inReach: boolean;
  /** null: not signed in. */
  signedIn: boolean;
}

const CALLERS: Caller[] = [
  {
    name: 'administrateur',
    headers: (w) => w.admin.headers,
    role: 'administrateur',
    target: (w) => w.a2,
    inReach: true,
    signedIn: true,
  },
  {
    name: 'gestionnaire on their building',
    headers: (w) => w.gestionnaire.headers,
    role: 'gestionnaire',
    target: (w) => w.a1,
    inReach: true,
    signedIn: true,
  },
  {
    name: 'gestionnaire on a building not theirs',
    headers: (w) => w.gestionnaire.headers,
    role: 'gestionnaire',
    target: (w) => w.a2,
    inReach: false,
    signedIn: true,
  },
  {
    name: 'comptable',
    headers: (w) => w.comptable.headers,
    role: 'comptable',
    target: (w) => w.a1,
    inReach: true,
    signedIn: true,
  },
  {
    name: 'assistant',
    headers: (w) => w.assistant.headers,
    role: 'assistant',
    target: (w) => w.a1,
    inReach: true,
    signedIn: true,
  },
  {
    name: 'volunteer syndic on their building',
    headers: (w) => w.benevole.headers,
    role: 'benevole',
    target: (w) => w.v,
    inReach: true,
    signedIn: true,
  },
  {
    name: 'volunteer syndic on another building',
    headers: (w) => w.benevole.headers,
    role: 'benevole',
    target: (w) => w.a1,
    inReach: false,
    signedIn: true,
  },
  {
    name: "another syndic's staff",
    headers: (w) => w.otherAdmin.headers,
    role: 'administrateur',
    target: (w) => w.a1,
    inReach: false,
    signedIn: true,
  },
  {
    name: 'a co-owner',
    headers: (w) => w.coowner.headers,
    role: null,
    target: (w) => w.a1,
    inReach: false,
    signedIn: true,
  },
  {
    name: 'anonymous',
    headers: () => ({}),
    role: null,
    target: (w) => w.a1,
    inReach: false,
    signedIn: false,
  },
];

/** What the caller must get: an exact refusal, or 'allowed' (a read: 200; a write: no 401, 403, 404, 5xx). */
function expected(c: Caller, r: RouteCase): number | 'allowed' {
  if (!c.signedIn) return 401;
  if (!c.role) return 404;
  if (r.scope === 'self') return r.action && !consoleMay(c.role, r.action) ? 403 : 'allowed';
  if (r.scope === 'syndic') {
    if (!consoleMay(c.role, r.action!)) return 403;
    // Another syndic's administrateur naming A's staff member: not theirs.
    return c.inReach || !r.namesStaff ? 'allowed' : 404;
  }
  if (!c.inReach) return 404;
  return consoleMay(c.role, r.action!) ? 'allowed' : 403;
}

let t: TestApp;
let w: ConsoleWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await consoleWorld(t);
  const db = t.database.db;
  docOf = await documentOfEach(db, [w.a1, w.a2, w.v]);
  for (const [target, headers] of [
    [w.a1, w.admin.headers],
    [w.a2, w.admin.headers],
    [w.v, w.benevole.headers],
  ] as const) {
    await db.insert(coproprietaireLots).values({ coproprietaire_id: target.ownerId, lot_id: target.lotId });
    await db
      .insert(lotTantiemes)
      .values({ lot_id: target.lotId, repartition_id: target.repartitionId, tantieme: 1000 });
    const res = await consoleCall(t)(
      'POST',
      `/gestion/coproprietes/${target.coproId}/assemblees`,
      headers,
      agenda('Assemblée générale 2027'),
    );
    agOf.set(target.coproId, json(res).data.id);
    const sent = await consoleCall(t)(
      'POST',
      `/gestion/coproprietes/${target.coproId}/communications`,
      headers,
      notice("Coupure d'eau"),
    );
    noticeOf.set(target.coproId, json(sent).data.id);
    const [copro] = await db
      .select({ syndicId: coproprietes.syndic_id })
      .from(coproprietes)
      .where(eq(coproprietes.id, target.coproId));
    const inv = await capture(
      db,
      t.app.platform.storage,
      { coproId: target.coproId, syndicId: copro!.syndicId },
      {
        fournisseur_name: 'Ascenseurs Rhône-Alpes',
        invoice_date: '2026-02-10',
        number: null,
        amount_cents: 48_360,
        account: '614',
        repartition_id: target.repartitionId,
        description: null,
        file: null,
      },
    );
    invoiceOf.set(target.coproId, inv.id);
    resOf.set(target.coproId, json(res).data.resolutions_detail[0].id);
  }
});
afterAll(() => t.close());

describe('console permission matrix', () => {
  it('covers every console route of the contract', () => {
    const all = [
      consoleEndpoints,
      consoleLotEndpoints,
      consoleMoneyEndpoints,
      consoleAnnexesEndpoints,
      consoleImportEndpoints,
      consoleBenevoleEndpoints,
      consoleOwnerEndpoints,
      consolePostalRequestEndpoints,
      consoleStaffEndpoints,
      consoleSignalementEndpoints,
      consoleAssembleeEndpoints,
      consoleDeskEndpoints,
      consoleDocumentEndpoints,
      consolePvEndpoints,
      consoleCollectionEndpoints,
      consoleRecouvrementEndpoints,
      consoleNoticeEndpoints,
      consoleFacturesEndpoints,
    ].flatMap((g) => Object.values(g) as Endpoint[]);
    expect(all.filter((e) => !CASES.has(e)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  for (const c of CALLERS)
    it(`${c.name}: every route answers as the permission table says`, async () => {
      const call = consoleCall(t);
      const target = c.target(w);
      const got: string[] = [];
      const want: string[] = [];
      for (const [endpoint, r] of CASES) {
        const url = buildPath(endpoint.path, {
          ...target,
          coproprietaireId: target.ownerId,
          staffId: w.spare.staffId,
          signalementId: r.mergesDuplicate ? target.duplicateId : target.signalementId,
          assembleeId: agOf.get(target.coproId),
          noticeId: noticeOf.get(target.coproId) ?? NO_ID,
          documentId: docOf.get(target.coproId),
          invoiceId: invoiceOf.get(target.coproId),
          resolutionId: resOf.get(target.coproId),
          // Not attached: the removal answers the agenda unchanged (an idempotent DELETE).
          fileId: '01a25192-29b3-7000-bbc2-33d56d230eb7',
        });
        const res = await call(endpoint.method, url + (r.query ?? ''), c.headers(w), r.body?.(target, w));
        const e = expected(c, r);
        const line = `${endpoint.method} ${endpoint.path}`;
        if (e === 'allowed') {
          want.push(`${line} allowed`);
          // A read answers 200; a write may still refuse for its own reason (409, 400), never 5xx.
          const ok =
            endpoint.method === 'GET'
              ? res.statusCode === 200
              : ![401, 403, 404].includes(res.statusCode) && res.statusCode < 500;
          got.push(`${line} ${ok ? 'allowed' : res.statusCode}`);
        } else {
          want.push(`${line} ${e} no data`);
          got.push(`${line} ${res.statusCode}${json(res).data === undefined ? ' no data' : ' DATA'}`);
        }
      }
      expect(got).toEqual(want);
    });
});
