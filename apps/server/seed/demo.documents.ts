import { voteUntilDay } from './assemblees.rules.js';
import { addDays, isoOf } from './clock.js';
import type { SeedContext } from './context.js';
import { seedDocumentTypes } from './documents.js';
import { seedClosFleuriGroups, seedSyndicGroups } from './documents.groups.js';
import { seedOwnDocuments } from './documents.owner.js';
import { ownerCalls } from './documents.pdf.js';
import { seedTilleulsGroups } from './documents.tilleuls.js';
import { frDate, frLongDate } from './format.js';
import { seedTilleulsMedia } from './media.js';
import type { AssembleesResult } from './assemblees.js';
import type { CoproInfo } from './copro.js';
import type { FinanceInfo, LedgerEntry } from './finances.js';
import type { InvoicesResult } from './invoices.js';
import type { SeededSyndics } from './syndics.js';

/**
 * The demo's documents: the types, Claire's and Paul's own documents (calls, statements,
 * assemblies, a works note, the building's summary sheet), Claire's in Le Clos Fleuri, the
 * buildings' and the syndic's groups. Returns what the letters and the inbox point at.
 */
export async function seedDemoDocuments(
  ctx: SeedContext,
  input: {
    tilleuls: CoproInfo;
    syndics: SeededSyndics;
    finance: FinanceInfo;
    invoices: InvoicesResult;
    ledger: Map<string, LedgerEntry[]>;
    clos: { copro: CoproInfo; finance: FinanceInfo; ledger: Map<string, LedgerEntry[]> };
    assemblies: AssembleesResult;
    ag: { past: string; sent: string };
    travauxDate: string;
  },
) {
  const { clock } = ctx;
  const y = clock.year;
  const { tilleuls, syndics, finance, invoices, ledger, clos, assemblies, ag, travauxDate } = input;
  const claire = tilleuls.owner('claire');
  const paul = tilleuls.owner('paul');
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
  const travauxCall = callFile(claire, claireDocs, false);
  return { claireLastCall, paulLastCall, worksNote, travauxCall, sentDate, voteUntil };
}
