import { syndicExternalRefs } from '../src/db/schema/index.js';
import type { AssembleesResult } from './assemblees.js';
import { syndicExternalRefRow } from './builders/identity.js';
import type { SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';

/**
 * The syndic's own identifiers of the demo building's repartitions and assemblies, so the demo
 * syndic API key reads the assemblies, their ballots, chain check and tally at once
 * (GET /api/syndic/v1/assemblees/AG-{date}/tally), and can publish or start the upcoming one.
 */
export function seedAssembleeRefs(ctx: SeedContext, copro: CoproInfo, ags: AssembleesResult) {
  const at = ctx.clock.daysAgo(30);
  const ref = (resource: string, external_id: string, internal_id: string) =>
    syndicExternalRefRow({
      syndic_id: copro.syndic.id,
      resource,
      external_id,
      internal_id,
      created_at: at,
      updated_at: at,
    });
  ctx.rows.add(
    syndicExternalRefs,
    ...copro.reps.map((r) => ref('repartition', `REP-${r.code}`, r.id)),
    ref('assemblee', `AG-${ags.past.date}`, ags.past.id),
    ref('assemblee', `AG-${ags.upcoming.date}`, ags.upcoming.id),
  );
}
