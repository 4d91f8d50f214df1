import { syndicExternalRefs } from '../src/db/schema/index.js';
import type { SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import { syndicExternalRefRow } from './builders/identity.js';

/**
 * The syndic's own identifiers of a copropriété and its co-owners, as its management software
 * knows them (the co-owner account number 450xxx), so the demo syndic API key can send
 * notifications and messages at once (PUT /api/syndic/v1/notifications/{external_id}).
 */
export function seedSyndicRefs(ctx: SeedContext, copro: CoproInfo) {
  const at = ctx.clock.daysAgo(30);
  ctx.rows.add(
    syndicExternalRefs,
    syndicExternalRefRow({
      syndic_id: copro.syndic.id,
      resource: 'copropriete',
      external_id: 'COPRO-TILLEULS',
      internal_id: copro.id,
      created_at: at,
      updated_at: at,
    }),
    ...copro.owners.map((o) =>
      syndicExternalRefRow({
        syndic_id: copro.syndic.id,
        resource: 'coproprietaire',
        external_id: o.compte,
        internal_id: o.id,
        created_at: at,
        updated_at: at,
      }),
    ),
  );
}
