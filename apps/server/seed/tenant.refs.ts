import { syndicExternalRefs } from '../src/db/schema/index.js';
import { syndicExternalRefRow } from './builders/identity.js';
import type { SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';

/**
 * The syndic API's external ids of a tenant's building and of its charges générales key (an
 * assembly put through the syndic API names its key), unique by the tenant's tag.
 */
export function addBuildingRefs(ctx: SeedContext, syndicId: string, copro: CoproInfo, tag: string) {
  const coproExt = `COPRO-${tag}`;
  const cgExt = `CG-${tag}`;
  ctx.rows.add(
    syndicExternalRefs,
    syndicExternalRefRow({
      syndic_id: syndicId,
      resource: 'copropriete',
      external_id: coproExt,
      internal_id: copro.id,
    }),
    syndicExternalRefRow({
      syndic_id: syndicId,
      resource: 'repartition',
      external_id: cgExt,
      internal_id: copro.reps.find((r) => r.code === 'CG')!.id,
    }),
  );
  return { coproExt, cgExt };
}
