import { catalogueDeparture, parisDate, secondAssembleeRefusal } from '@tantieme/contract';
import type { SyndicApiContext, Tx } from '../../syndic-api/kit/index.js';
import type { LoadedAssemblee } from './assemblees.repo.js';
import { add, type Data, type Errors } from './common.js';
import { followedResolutions } from './follows.repo.js';
import { tally } from './register.service.js';

/**
 * The law a resolution's nature brings (the contract's catalogue of decisions): another article or
 * key than the one proposed needs a reason; a resolution taking up an earlier assembly's energy-saving
 * works at art. 24 needs the conditions of loi art. 25-1, 2e alinéa (`secondAssembleeRefusal`).
 */
export async function checkResolutionsLaw(
  tx: Tx,
  api: SyndicApiContext,
  i: number,
  d: Data,
  coproId: string | undefined,
  prev: LoadedAssemblee | undefined,
  errors: Errors,
) {
  const refs = d.resolutions.flatMap((r) => (r.follows ? [r.follows] : []));
  const followed = await followedResolutions(tx, api.syndicId, refs);
  // The convocation's day: when already published, that day; otherwise it is sent from today on.
  const convenedDay = parisDate(prev?.published_at ? new Date(prev.published_at) : new Date());
  for (const [k, r] of d.resolutions.entries()) {
    if (r.follows) {
      const f = followed.get(`${r.follows.assemblee}/${r.follows.resolution}`);
      if (!f || f.assemblee.copropriete_id !== coproId) {
        add(errors, i, `resolutions.${k}.follows`, 'Résolution suivie inconnue dans cette copropriété.');
        continue;
      }
      const counted = f.assemblee.status_session === 2 ? await tally(tx, api, f.agExt) : [];
      const first = counted.find((t) => t.resolution === (f.resolution.external_id ?? f.resolution.id));
      const refusal = secondAssembleeRefusal(
        {
          article: f.resolution.article,
          nature: f.resolution.nature,
          held: f.assemblee.status_session === 2,
          meetingDay: parisDate(f.assemblee.date_effectue ?? f.assemblee.date),
          agree: first?.first?.agree.tantiemes ?? 0,
          total: first?.total.tantiemes ?? 0,
        },
        r.article,
        convenedDay,
      );
      if (refusal) add(errors, i, `resolutions.${k}.follows`, refusal);
    }
    if (r.nature && !r.no_vote && !r.article_reason) {
      const departure = catalogueDeparture(r.nature, {
        article: r.article,
        onGeneralKey: r.repartition === d.general_repartition,
        secondAssemblee: !!r.follows,
      });
      if (departure) add(errors, i, `resolutions.${k}.article_reason`, departure);
    }
  }
}
