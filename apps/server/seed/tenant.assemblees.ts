import { CHAIN_GENESIS, correspondenceDeadline } from '@tantieme/contract';
import { assembleeParticipants, assemblees } from '../src/db/schema/index.js';
import { seedUpcomingProxy } from './assemblees.proxies.js';
import { assembleeDates, type ResolutionDef } from './assemblees.rules.js';
import { seedResolutions } from './assemblees.votes.js';
import { assembleeParticipantRow, assembleeRow } from './builders/assemblees.js';
import { newId, type SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import type { TenantSpecParsed } from './tenant.spec.js';

/** A short agenda for a tenant's convened assembly: two resolutions to vote, one to read. */
const AGENDA: ResolutionDef[] = [
  {
    title: 'Élection du président de séance',
    article: 'ART-24',
    content: "L'assemblée générale élit président de séance un copropriétaire présent.",
  },
  {
    title: "Approbation des comptes de l'exercice écoulé",
    article: 'ART-24',
    content: "L'assemblée générale approuve les comptes de l'exercice, arrêtés et répartis par le syndic.",
  },
  {
    title: 'Information sur les contrats en cours',
    article: 'ART-24',
    no_vote: true,
    content: "Le syndic présente les contrats d'entretien de l'immeuble.",
  },
];

/**
 * The tenant's next annual assembly, convened three days ago for three weeks on (as the demo's),
 * open to online votes and proxies; on request, a proxy already given online by one owner to
 * another, with an instruction 'Pour' on the first resolution (the demo's seedUpcomingProxy).
 */
export async function addTenantAssemblee(
  ctx: SeedContext,
  copro: CoproInfo,
  spec: Pick<TenantSpecParsed, 'ag_convoquee'>,
) {
  const ag = spec.ag_convoquee;
  if (!ag) return null;
  const { clock } = ctx;
  const cg = copro.rep('CG');
  const { next, sent } = assembleeDates(clock.today);
  const id = newId();
  const name = 'Assemblée générale ordinaire';
  const date = clock.paris(next, '18:30');
  ctx.rows.add(
    assemblees,
    assembleeRow({
      id,
      copropriete_id: copro.id,
      name,
      type: 'ORDINAIRE',
      date,
      priority: 1,
      status_convocation: 1,
      date_sent_convocation: clock.paris(sent, '10:00'),
      status_proces_verbal: 0,
      status: 1,
      status_session: null,
      valid_to: correspondenceDeadline(date),
      total_lots: copro.lots.length,
      total_coproprietaires: copro.owners.length,
      total_tantiemes: cg.total,
      general_repartition_id: cg.id,
    }),
  );
  ctx.rows.add(
    assembleeParticipants,
    ...copro.owners.map((o) =>
      assembleeParticipantRow({
        assemblee_id: id,
        coproprietaire_id: o.id,
        is_send_convocation: true,
        attendance: o.key === ag.pouvoir?.mandant ? 'represented' : null,
      }),
    ),
  );
  const ids = seedResolutions(ctx, copro, id, AGENDA);
  if (ag.pouvoir)
    await seedUpcomingProxy(ctx, copro, {
      agId: id,
      name,
      date,
      resolutions: AGENDA.map((r, i) => ({
        id: ids[i]!,
        number: i + 1,
        title: r.title,
        no_vote: !!r.no_vote,
      })),
      prev: { seq: 0, digest: CHAIN_GENESIS },
      keys: ag.pouvoir,
    });
  return id;
}
