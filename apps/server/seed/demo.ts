import { seedConvocations } from './convocations.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { fillDocumentTexts } from '../src/modules/documents/search.service.js';
import type { Sealer } from '../src/platform/sealing/index.js';
import type { StorageAdapter } from '../src/platform/storage.js';
import {
  INVITATION_CODES,
  ONBOARDING_KEYS,
  PREVIEW_TOKEN,
  seedInvitations,
  seedNotificationPreferences,
  seedOwnerSettings,
  seedPreviewToken,
  seedUsers,
} from './accounts.js';
import { seedAssemblees } from './assemblees.js';
import { assembleeDates } from './assemblees.rules.js';
import { seedAssembleeRefs } from './assemblees.syndic.js';
import { makeClock } from './clock.js';
import { seedCarnet } from './carnet.js';
import { seedSignalements } from './signalements.js';
import { seedChatStaff, seedCouncilMember } from './chat.js';
import { seedConsole } from './console.js';
import { seedLilasInvoices } from './lilas.invoices.js';
import { seedLilasAssemblees } from './lilas.assemblees.js';
import { seedLilasMoney } from './lilas.money.js';
import { seedCommunications } from './communications.js';
import { seedNotices } from './communications.notices.js';
import { Rows, type SeedContext } from './context.js';
import { ledgerBalance } from './finances.js';
import { seedSepa } from './sepa.js';
import { seedRecouvrement } from './recouvrement.js';
import { seedInbox } from './inbox.js';
import { seedSyndicRefs } from './notifications.js';
import { seedClosFleuri } from './closfleuri.js';
import { seedHorizon } from './horizon.js';
import { makeRng } from './random.js';
import { seedSyndics } from './syndics.js';
import { seedTilleuls } from './tilleuls.js';
import { seedDemoDocuments } from './demo.documents.js';
import { seedDemoFinances } from './demo.finances.js';

export interface DemoResult {
  /** Plain API key of the syndic lefevre (/api/syndic/v1). */
  syndicApiKey: string;
  claireUserId: string;
  paulUserId: string;
  /** Claire's three co-owner records. */
  claireTilleulsId: string;
  claireClosFleuriId: string;
  claireHorizonId: string;
  paulTilleulsId: string;
  tilleulsId: string;
  closFleuriId: string;
  horizonId: string;
  syndicIds: { lefevre: string; azur: string; horizon: string };
  gestionnaireId: string;
  /** Résidence Les Lilas, run by its volunteer syndic from the console. */
  lilasId: string;
  /** Unattached record of Les Tilleuls. */
  unattachedCode: string;
  invitationCodes: { valid: string; used: string; expired: string };
  previewToken: string;
  signatureToken: string;
  upcomingAssembleeId: string;
  pastAssembleeId: string;
  durationMs: number;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const r = await db.execute(sql`select count(*)::int as n from users`);
  const rows = (r as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0) === 0;
}

/**
 * The demo data set: three syndics, Résidence Les Tilleuls (Lyon) in full, Le Clos Fleuri
 * (Nice), Résidence Horizon (disabled syndic), two user accounts. Everything is built in
 * memory, the files are written to storage, then the rows are inserted in one transaction.
 * Dates are relative to `opts.now` (default: now), so the data always looks current.
 */
export async function seedDemo(
  db: Db,
  storage: StorageAdapter,
  opts: { now?: Date; sealer?: Sealer } = {},
): Promise<DemoResult> {
  const started = performance.now();
  const clock = makeClock(opts.now);
  const ctx: SeedContext = {
    rows: new Rows(),
    rng: makeRng(),
    clock,
    storage,
    sealer: opts.sealer,
    writes: [],
  };

  const users = await seedUsers(ctx);
  const syndics = seedSyndics(ctx);

  // ---- Résidence Les Tilleuls ----
  const tilleuls = seedTilleuls(ctx, syndics.lefevre, users);
  const claire = tilleuls.owner('claire');
  const paul = tilleuls.owner('paul');
  const ag = assembleeDates(clock.today);
  const { worksBudget, travauxDate, finance, ledger, invoices } = await seedDemoFinances(
    ctx,
    tilleuls,
    syndics,
    ag,
  );
  const assemblies = await seedAssemblees(ctx, tilleuls, finance, {
    budget: worksBudget,
    quoteRef: 'D-2026-118',
  });
  seedAssembleeRefs(ctx, tilleuls, assemblies);
  seedConvocations(ctx, tilleuls, assemblies.upcoming, ag.sent);

  // ---- Le Clos Fleuri and Résidence Horizon ----
  const clos = seedClosFleuri(ctx, syndics.azur, users.claire);
  const horizon = seedHorizon(ctx, syndics.horizon, users.claire);

  const { claireLastCall, paulLastCall, worksNote, travauxCall, sentDate, voteUntil } =
    await seedDemoDocuments(ctx, {
      tilleuls,
      syndics,
      finance,
      invoices,
      ledger,
      clos,
      assemblies,
      ag,
      travauxDate,
    });

  // ---- Communications, notifications, messages, chat ----
  const agInput = {
    nextDate: assemblies.upcoming.date,
    sentDate,
    voteUntil,
    convocation: assemblies.upcoming.convocation,
    pastDate: assemblies.past.date,
    pv: assemblies.past.pv,
  };
  await Promise.all([
    seedCommunications(
      ctx,
      {
        copro: tilleuls,
        owner: claire,
        phone: '+33612345678',
        email: 'claire.martin@example.fr',
        calls: claireLastCall ? [claireLastCall] : [],
        ledger: ledger.get(claire.id) ?? [],
        ag: agInput,
        works: { note: worksNote },
      },
      'claire',
    ),
    seedCommunications(
      ctx,
      {
        copro: tilleuls,
        owner: paul,
        phone: '+33698765432',
        email: 'paul.durand@example.fr',
        calls: paulLastCall ? [paulLastCall] : [],
        ledger: ledger.get(paul.id) ?? [],
        ag: agInput,
        works: { note: undefined },
        invitationCode: INVITATION_CODES.used,
      },
      'paul',
    ),
  ]);
  seedSepa(ctx, {
    ownerId: paul.id,
    userId: users.paul,
    ledger: ledger.get(paul.id) ?? [],
    accountId: 'acct_1DemoLefevre000',
  });
  // Two of the building's debtors (Claire's and Paul's own stories stay as they are).
  seedRecouvrement(ctx, {
    coproprieteId: tilleuls.id,
    debtors: [...ledger]
      .filter(([id]) => id !== claire.id && id !== paul.id)
      .map(([ownerId, entries]) => ({ ownerId, ledger: entries })),
  });
  seedInbox(ctx, {
    tilleuls,
    claire: { userId: users.claire, tilleuls: claire, closFleuri: clos.copro.owner('claire') },
    paul: { userId: users.paul, tilleuls: paul },
    azurAdmin: syndics.azur.gestionnaire,
    balanceCents: ledgerBalance(ledger.get(claire.id) ?? []),
    nextAg: { date: assemblies.upcoming.date, voteUntil, convocation: assemblies.upcoming.convocation },
    pastAg: { date: assemblies.past.date, pv: assemblies.past.pv },
    lastCall: claireLastCall,
    travauxCall,
    worksNote,
    recentInvoice: invoices.latest ?? { supplier: 'Otis', date: clock.today },
  });

  // ---- Settings, invitations, preview token ----
  seedOwnerSettings(ctx, claire, Object.fromEntries(ONBOARDING_KEYS.map((k) => [k, '1'])));
  // Paul's onboarding choices (the two it asks); chat and notifications keep their defaults.
  seedOwnerSettings(ctx, paul, {
    'allow-convocation-electronic': '1',
    'receive-appel-de-fond-via-email': '1',
  });
  seedOwnerSettings(ctx, clos.copro.owner('claire'), {
    'allow-convocation-electronic': '1',
    'receive-appel-de-fond-via-email': '1',
    'chat-allow-other-owners': '0',
    'allow-receive-notifications': '1',
  });
  // Claire wants an SMS when an assembly opens its vote or a report of hers moves.
  seedNotificationPreferences(ctx, claire, [
    { kind: 'assemblees', channel: 'sms', enabled: true },
    { kind: 'signalements', channel: 'sms', enabled: true },
  ]);
  seedInvitations(ctx, {
    valid: tilleuls.owner('fontaine'),
    used: paul,
    usedBy: users.paul,
    expired: tilleuls.owner('bensaid'),
  });
  seedPreviewToken(ctx, syndics.lefevre.id, claire);
  seedSyndicRefs(ctx, tilleuls);
  seedCarnet(ctx, tilleuls, { agDate: ag.past, worksBudgetCents: worksBudget });
  await seedSignalements(ctx, tilleuls);
  const staff = await seedChatStaff(ctx, syndics.lefevre.gestionnaire);
  const council = await seedCouncilMember(ctx, tilleuls.owner('rousseau').id);
  const consoleDemo = await seedConsole(ctx, syndics.lefevre);

  await Promise.all(ctx.writes);
  await ctx.rows.flush(db);
  await seedNotices(db, tilleuls, clock, claire.id);
  // The demo's PDFs are found by their words, as the syndic's uploads are.
  await fillDocumentTexts(db, storage);
  await staff.link(db);
  await council.link(db);
  await consoleDemo.link(db);
  await seedLilasMoney(db, consoleDemo.lilasId, consoleDemo.lilasSyndicId, ctx.clock);
  await seedLilasInvoices(db, storage, consoleDemo.lilasId, consoleDemo.lilasSyndicId, ctx.clock);
  await seedLilasAssemblees(db, storage, consoleDemo.lilasId, consoleDemo.lilasSyndicId, ctx.clock);

  return {
    syndicApiKey: syndics.apiKey,
    claireUserId: users.claire,
    paulUserId: users.paul,
    claireTilleulsId: claire.id,
    claireClosFleuriId: clos.copro.owner('claire').id,
    claireHorizonId: horizon.owner('claire').id,
    paulTilleulsId: paul.id,
    tilleulsId: tilleuls.id,
    closFleuriId: clos.copro.id,
    horizonId: horizon.id,
    syndicIds: { lefevre: syndics.lefevre.id, azur: syndics.azur.id, horizon: syndics.horizon.id },
    gestionnaireId: syndics.lefevre.gestionnaire.id,
    lilasId: consoleDemo.lilasId,
    unattachedCode: 'ABC123456',
    invitationCodes: { ...INVITATION_CODES },
    previewToken: PREVIEW_TOKEN,
    signatureToken: assemblies.signatureToken,
    upcomingAssembleeId: assemblies.upcoming.id,
    pastAssembleeId: assemblies.past.id,
    durationMs: Math.round(performance.now() - started),
  };
}
