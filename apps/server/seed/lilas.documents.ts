import type { SeedContext } from './context.js';
import { seedGroup } from './documents.groups.js';
import type { SyndicInfo } from './syndics.js';

/**
 * The volunteer syndic's building, Résidence Les Lilas: its règlement de copropriété and its
 * insurance on shelves named as the console files them, the syndicate's accounts on a shelf for
 * its conseil syndical only. The fiche synthétique, the diagnostics and others are left out, so
 * the console's décret 2019-502 list shows them « Manquant ».
 */
export async function seedLilasDocuments(ctx: SeedContext, coproId: string, syndic: SyndicInfo) {
  const shelf = (
    name: string,
    sort: number,
    docs: { name: string; date: string; text: string }[],
    audience?: 'council',
  ) =>
    seedGroup(ctx, {
      scope: 'copropriete',
      coproId,
      syndic,
      name,
      sort,
      audience,
      docs: docs.map((d) => ({ name: d.name, date: d.date, blocks: [{ p: d.text }] })),
    });
  await shelf('Règlement de copropriété et état descriptif de division', 1, [
    {
      name: 'Règlement de copropriété – Résidence Les Lilas',
      date: '1975-03-14',
      text: "Règlement de copropriété et état descriptif de division de l'immeuble sis 5 rue des Lilas, 69003 Lyon : douze lots, parties communes générales réparties en 1 000 tantièmes.",
    },
  ]);
  await shelf("Contrats d'assurance", 2, [
    {
      name: 'Assurance multirisque immeuble 2026 – MAIF',
      date: ctx.clock.iso(ctx.clock.daysAgo(40)),
      text: "Attestation d'assurance multirisque immeuble, responsabilité civile du syndicat comprise, du 1er janvier au 31 décembre 2026.",
    },
  ]);
  await shelf(
    'Comptes du syndicat',
    3,
    [
      {
        name: 'Balance et relevé général des dépenses – exercice 2025',
        date: ctx.clock.iso(ctx.clock.daysAgo(60)),
        text: "Balance des comptes du syndicat et relevé général des dépenses de l'exercice 2025, pour le contrôle du conseil syndical.",
      },
    ],
    'council',
  );
}
