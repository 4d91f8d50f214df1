import { inArray } from 'drizzle-orm';
import { type assemblees, resolutions } from '../../../db/schema/index.js';
import type { Executor } from '../../syndic-api/kit/index.js';
import { AG, assembleesOf, resolveAll } from './assemblees.repo.js';

/**
 * An earlier assembly's resolution a new one takes up (loi art. 25-1, 2e alinéa), by the syndic's
 * ids: { assemblee, resolution } external ids both ways.
 */

export type FollowRef = { assemblee: string; resolution: string };
/** The followed resolutions of this syndic, by "assemblee/resolution"; another syndic's are absent. */
export async function followedResolutions(db: Executor, syndicId: string, refs: FollowRef[]) {
  const out = new Map<
    string,
    { resolution: typeof resolutions.$inferSelect; assemblee: typeof assemblees.$inferSelect; agExt: string }
  >();
  if (refs.length === 0) return out;
  const agIds = await resolveAll(
    db,
    syndicId,
    AG,
    refs.map((r) => r.assemblee),
  );
  const ags = await assembleesOf(db, syndicId, [...agIds.values()]);
  if (ags.length === 0) return out;
  const res = await db
    .select()
    .from(resolutions)
    .where(
      inArray(
        resolutions.assemblee_id,
        ags.map((a) => a.ag.id),
      ),
    );
  for (const ref of refs) {
    const ag = ags.find((a) => a.ag.id === agIds.get(ref.assemblee))?.ag;
    const r = ag && res.find((x) => x.assemblee_id === ag.id && (x.external_id ?? x.id) === ref.resolution);
    if (ag && r)
      out.set(`${ref.assemblee}/${ref.resolution}`, { resolution: r, assemblee: ag, agExt: ref.assemblee });
  }
  return out;
}
