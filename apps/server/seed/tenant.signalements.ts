import { signalementSupporters, signalements } from '../src/db/schema/index.js';
import type { SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import { signalementRow, signalementSupporterRow } from './builders/inbox.js';
import { signalementAdder } from './signalements.add.js';
import type { TenantSpecParsed } from './tenant.spec.js';

/**
 * A tenant's signalements: those the spec names (open, in the hall, with their « moi aussi »),
 * and on request the demo's resolved lift, linked to the carnet's works that fixed it. Answers
 * their ids by title.
 */
export async function addTenantSignalements(
  ctx: SeedContext,
  copro: CoproInfo,
  spec: Pick<TenantSpecParsed, 'signalements' | 'signalement_ascenseur_resolu'>,
): Promise<Record<string, string>> {
  const { clock } = ctx;
  const ids: Record<string, string> = {};
  for (const r of spec.signalements) {
    const row = signalementRow({
      syndic_id: copro.syndic.id,
      copropriete_id: copro.id,
      author_id: copro.owner(r.author).id,
      title: r.title,
      description: `${r.title}. Merci de faire le nécessaire.`,
      created_at: clock.daysAgo(3, '08:30'),
      updated_at: clock.daysAgo(3, '08:30'),
      supporters: r.supporters.length,
    });
    ctx.rows.add(signalements, row);
    for (const k of r.supporters)
      ctx.rows.add(
        signalementSupporters,
        signalementSupporterRow({ signalement_id: row.id, coproprietaire_id: copro.owner(k).id }),
      );
    ids[r.title] = row.id;
  }
  const author = spec.signalement_ascenseur_resolu;
  if (author) {
    const title = "L'ascenseur du bâtiment A est bloqué au 3e étage";
    // The demo's lift, without its photo (a tenant renders no picture).
    const { id } = await signalementAdder(
      ctx,
      copro,
    )({
      title,
      place: 'ASCENSEUR',
      description:
        "Depuis ce matin, l'ascenseur du bâtiment A reste bloqué au 3e étage, portes ouvertes. Le voyant rouge du tableau de commande clignote.",
      visibility: 'IMMEUBLE',
      author,
      filed: [41, '08:12'],
      status: 'RESOLU',
      pictures: [],
      supporters: [],
      works: true,
      assigned: true,
      supplier: 'Otis – Agence Lyon Est',
      events: [
        {
          days: 41,
          time: '10:05',
          kind: 'STATUS',
          status: 'PRIS_EN_COMPTE',
          text: "Otis est prévenu, un technicien passe aujourd'hui.",
        },
        {
          days: 33,
          time: '17:20',
          kind: 'STATUS',
          status: 'RESOLU',
          text: "Carte remplacée, l'ascenseur est remis en service.",
        },
      ],
    });
    ids[title] = id;
  }
  return ids;
}
