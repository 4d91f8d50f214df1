import { seedConvocations } from './convocations.js';
import { sql } from 'drizzle-orm';
import type { Config } from '../src/config.js';
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
import { seedAssemblies } from './assemblees.js';
import { assemblyDates, voteUntilDay } from './assemblees.rules.js';
import { seedAssemblyRefs } from './assemblees.syndic.js';
import { addDays, isoOf, makeClock } from './clock.js';
import { seedCarnet } from './carnet.js';
import { seedSignalements } from './signalements.js';
import { seedChatStaff, seedCouncilMember } from './chat.js';
import { seedCommunications } from './communications.js';
import { Rows, type SeedContext } from './context.js';
import { seedDocumentTypes } from './documents.js';
import { seedClosFleuriGroups, seedSyndicGroups } from './documents.groups.js';
import { seedOwnDocuments } from './documents.owner.js';
import { ownerCalls } from './documents.pdf.js';
import { seedTilleulsGroups } from './documents.tilleuls.js';
import { frDate, frLongDate } from './format.js';
import { ledgerBalance } from './finances.js';
import { seedFinance } from './finances.calls.js';
import { seedLedger } from './finances.ledger.js';
import { seedSepa } from './sepa.js';
import { seedInbox } from './inbox.js';
import { seedSyndicRefs } from './notifications.js';
import { seedInvoices } from './invoices.js';
import { seedClosFleuri, seedHorizon } from './others.js';
import { seedTilleulsMedia } from './media.js';
import { makeRng } from './random.js';
import { seedSyndics } from './syndics.js';
import { seedTilleuls } from './tilleuls.js';
import { TILLEULS_CHARGES } from './tilleuls.charges.js';

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
  /** Unattached record of Les Tilleuls. */
  unattachedCode: string;
  invitationCodes: { valid: string; used: string; expired: string };
  previewToken: string;
  signatureToken: string;
  upcomingAssembleeId: string;
  pastAssembleeId: string;
  durationMs: number;
}

/** First day of the quarter `offset` quarters away from the one containing `iso`. */
function quarterStart(iso: string, offset: number): string {
  const index = Number(iso.slice(0, 4)) * 4 + Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + offset;
  return isoOf(Math.floor(index / 4), (index % 4) * 3 + 1, 1);
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
  const y = clock.year;

  const users = await seedUsers(ctx);
  const syndics = seedSyndics(ctx);

  // ---- Résidence Les Tilleuls ----
  const tilleuls = seedTilleuls(ctx, syndics.lefevre, users);
  const claire = tilleuls.owner('claire');
  const paul = tilleuls.owner('paul');
  const ag = assemblyDates(clock.today);
  const worksBudget = 6_480_000;
  // First works call: on the 15th of the month after the vote's two-month appeal period.
  const afterAg = addDays(ag.past, 60);
  const travauxDate = isoOf(
    Number(afterAg.slice(0, 4)) + (afterAg.slice(5, 7) === '12' ? 1 : 0),
    (Number(afterAg.slice(5, 7)) % 12) + 1,
    15,
  );
  const finance = seedFinance(ctx, tilleuls, {
    years: [y - 2, y - 1, y],
    billYears: [y - 1, y],
    charges: TILLEULS_CHARGES,
    factor: (year) => (year === y ? 1 : year === y - 1 ? 0.97 : 0.94),
    alurRate: 0.05,
    travaux: {
      chargeKey: 'ravalement',
      name: 'Ravalement de façade – 1er appel',
      date: travauxDate,
      amount: Math.round(worksBudget / 3),
      budget: worksBudget,
    },
  });
  const quarterDates = [
    ...new Set(finance.bills.filter((b) => b.type === 'fonctionnement').map((b) => b.date)),
  ].sort();
  const ledger = seedLedger(ctx, tilleuls, finance, {
    destination: `Syndicat des copropriétaires ${tilleuls.name}`,
    // Claire (the last two quarters stay unpaid): the two quarters before by card online,
    // one older quarter in cash at the agency, the others by transfer, the works call by cheque.
    // Paul: the last quarter by a SEPA debit made in Tantième (seed/sepa.ts).
    override: (owner, group) => {
      if (owner.key === 'paul' && group.quarterly && group.date === quarterDates.at(-1))
        return { method: 'sepa', transaction: true, delay: 5 };
      if (owner.key !== 'claire') return undefined;
      if (!group.quarterly) return { method: 'check', transaction: true, delay: 12 };
      const fromLast = quarterDates.length - 1 - quarterDates.indexOf(group.date);
      if (fromLast === 2 || fromLast === 3) return { method: 'card', transaction: true, delay: 3 };
      if (fromLast === 4) return { method: 'cash', transaction: true, delay: 6 };
      return { method: 'virement' };
    },
  });
  const invoices = await seedInvoices(ctx, tilleuls, finance, {
    // About 40 invoices: those of the current quarter and the seven before.
    supplierFrom: quarterStart(clock.today, -7),
    works: {
      chargeKey: 'ravalement',
      quoteRef: 'D-2026-118',
      agDate: ag.past,
      callDate: travauxDate,
      budget: worksBudget,
    },
    verification: { syndic_submit: 1, syndicat_finish: 0 },
    recipient: [
      `Syndicat des copropriétaires ${tilleuls.name}`,
      `c/o ${syndics.lefevre.name}`,
      '24 rue de la République',
      '69002 Lyon',
    ],
  });
  const assemblies = await seedAssemblies(ctx, tilleuls, finance, {
    budget: worksBudget,
    quoteRef: 'D-2026-118',
  });
  seedAssemblyRefs(ctx, tilleuls, assemblies);
  seedConvocations(ctx, tilleuls, assemblies.upcoming, ag.sent);

  // ---- Le Clos Fleuri and Résidence Horizon ----
  const clos = seedClosFleuri(ctx, syndics.azur, users.claire);
  const horizon = seedHorizon(ctx, syndics.horizon, users.claire);

  // ---- Documents ----
  seedDocumentTypes(ctx);
  const nextName = `Convocation à l'assemblée générale ordinaire du ${frDate(assemblies.upcoming.date)}`;
  const sentDate = ag.sent;
  const voteUntil = voteUntilDay(assemblies.upcoming.date);
  const worksNoteName = "Note d'information – ravalement de la façade sur rue";
  const statements = [isoOf(y - 1, 12, 31), isoOf(y, 6, 30), isoOf(y, 9, 30)].filter(
    (d) => addDays(d, 2) <= clock.today,
  );
  const [claireDocs, paulDocs] = await Promise.all([
    seedOwnDocuments(ctx, tilleuls, finance, invoices, ledger.get(claire.id) ?? [], claire, {
      callsFrom: isoOf(y - 1, 1, 1),
      statements,
      decomptes: [y - 2, y - 1],
      ag: {
        convocations: [
          [assemblies.upcoming.convocation, nextName, sentDate],
          [
            assemblies.past.convocation,
            `Convocation à l'assemblée générale ordinaire du ${frDate(assemblies.past.date)}`,
            addDays(assemblies.past.date, -26),
          ],
        ],
        pvs: [
          [
            assemblies.past.pv,
            `Procès-verbal de l'assemblée générale ordinaire du ${frDate(assemblies.past.date)}`,
            addDays(assemblies.past.date, 12),
          ],
          [
            assemblies.previousYear.pv,
            `Procès-verbal de l'assemblée générale ordinaire du ${frDate(assemblies.previousYear.date)}`,
            addDays(assemblies.previousYear.date, 10),
          ],
        ],
      },
      extras: [
        {
          name: worksNoteName,
          date: addDays(travauxDate, -20),
          blocks: [
            {
              p: `Les travaux de ravalement de la façade sur rue votés lors de l'assemblée générale du ${frLongDate(ag.past)} seront réalisés par Façades Lyonnaises SAS sous la maîtrise d'œuvre de l'Atelier Dumas Architecte.`,
            },
            {
              p: "Ils sont financés par trois appels de fonds égaux répartis selon les tantièmes de charges générales. Le premier appel figure sur votre compte ; les deux suivants interviendront à l'avancement du chantier.",
            },
            {
              p: "Pendant la durée du chantier, l'accès aux caves et au local poubelles est maintenu. Le calendrier détaillé est affiché dans les halls.",
            },
          ],
        },
        {
          name: `Fiche synthétique de la copropriété ${y}`,
          date: isoOf(y, 3, 1),
          blocks: [
            { p: "Fiche établie en application de l'article 8-2 de la loi du 10 juillet 1965." },
            {
              kv: [
                ["Numéro d'immatriculation", 'AC1-234-567'],
                ['Adresse', tilleuls.address.full_address ?? ''],
                ['Nombre de lots', String(tilleuls.lots.length)],
                ['Syndic', syndics.lefevre.name],
                ['Exercice comptable', `du 1er janvier au 31 décembre`],
                ['Chauffage', 'collectif au gaz naturel'],
                ['Ascenseurs', '2'],
              ],
            },
          ],
        },
      ],
    }),
    seedOwnDocuments(ctx, tilleuls, finance, invoices, ledger.get(paul.id) ?? [], paul, {
      callsFrom: isoOf(y, 1, 1),
      statements: statements.slice(-1),
      decomptes: [y - 1],
      ag: { convocations: [[assemblies.upcoming.convocation, nextName, sentDate]], pvs: [] },
    }),
    seedOwnDocuments(
      ctx,
      clos.copro,
      clos.finance,
      null,
      clos.ledger.get(clos.copro.owner('claire').id) ?? [],
      clos.copro.owner('claire'),
      {
        callsFrom: isoOf(y, 1, 1),
        statements: [],
        decomptes: [],
      },
    ),
    seedTilleulsGroups(ctx, tilleuls, finance),
    seedTilleulsMedia(ctx, tilleuls),
    seedClosFleuriGroups(ctx, clos.copro),
    seedSyndicGroups(ctx, syndics.lefevre),
  ]);

  const callFile = (owner: typeof claire, docs: typeof claireDocs, quarterly: boolean) => {
    const calls = ownerCalls(finance, owner).filter(
      (c) => c.bills.some((b) => b.type === 'fonctionnement') === quarterly,
    );
    const last = calls[calls.length - 1];
    const file = last ? docs.get(last.name) : undefined;
    return last && file ? { name: last.name, date: last.date, file } : undefined;
  };
  const claireLastCall = callFile(claire, claireDocs, true);
  const paulLastCall = callFile(paul, paulDocs, true);
  const worksNote = claireDocs.get(worksNoteName);

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
  seedInbox(ctx, {
    tilleuls,
    claire: { userId: users.claire, tilleuls: claire, closFleuri: clos.copro.owner('claire') },
    paul: { userId: users.paul, tilleuls: paul },
    azurAdmin: syndics.azur.gestionnaire,
    balanceCents: ledgerBalance(ledger.get(claire.id) ?? []),
    nextAg: { date: assemblies.upcoming.date, voteUntil, convocation: assemblies.upcoming.convocation },
    pastAg: { date: assemblies.past.date, pv: assemblies.past.pv },
    lastCall: claireLastCall,
    travauxCall: callFile(claire, claireDocs, false),
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

  await Promise.all(ctx.writes);
  await ctx.rows.flush(db);
  // The demo's PDFs are found by their words, as the syndic's uploads are.
  await fillDocumentTexts(db, storage);
  await staff.link(db);
  await council.link(db);

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
    unattachedCode: 'ABC123456',
    invitationCodes: { ...INVITATION_CODES },
    previewToken: PREVIEW_TOKEN,
    signatureToken: assemblies.signatureToken,
    upcomingAssembleeId: assemblies.upcoming.id,
    pastAssembleeId: assemblies.past.id,
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * The start-up banner. Production only says where the app and its API documentation are: no
 * demo password, no /dev/outbox (it does not exist there), no demo tokens.
 */
export function startupBanner(config: Config, demo: DemoResult | null): string {
  const lines = ['', `  Tantième est prêt : ${config.publicUrl}`];
  if (config.env === 'production') {
    lines.push(`  Documentation API : ${config.publicUrl}/api/docs`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    '',
    '  Comptes de démonstration (mot de passe Tilleuls2024) :',
    '    claire.martin@example.fr   (3 copropriétaires, présidente du conseil syndical)',
    '    paul.durand@example.fr     (copropriétaire)',
    '    jp.rousseau@example.fr     (conseil syndical des Tilleuls)',
    "    s.garnier@lefevre-immobilier.fr (gestionnaire du syndic : boîte de réception 'Messagerie')",
    '  Code de rattachement libre : ABC123456',
    `  Boîte d'envoi (codes e-mail / SMS) : ${config.publicUrl}/dev/outbox`,
    `  Documentation API : ${config.publicUrl}/api/docs`,
  );
  if (demo) {
    lines.push(
      `  Invitation valide : ${config.publicUrl}/s/lefevre/invitations/${demo.invitationCodes.valid}` +
        `  (utilisée : ${demo.invitationCodes.used}, expirée : ${demo.invitationCodes.expired})`,
      `  Aperçu syndic : ${config.publicUrl}/syndic-preview/${demo.claireTilleulsId}/home?spt=${demo.previewToken}`,
      `  Signature de présence AG : ${config.publicUrl}/signature?auth_token=${demo.signatureToken}`,
      `  Clé API syndic lefevre : ${demo.syndicApiKey}`,
      `  Données de démonstration créées en ${(demo.durationMs / 1000).toFixed(1).replace('.', ',')} s`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function printDemoLogins(config: Config, demo: DemoResult | null) {
  console.log(startupBanner(config, demo));
}
