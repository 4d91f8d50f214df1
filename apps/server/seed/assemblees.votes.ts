import { randomBytes } from 'node:crypto';
import { CHAIN_GENESIS } from '@tantieme/contract';
import { assembleeRecords, resolutions, votes } from '../src/db/schema/index.js';
import { recordDigest } from '../src/modules/assemblees/chain.js';
import type { CountedResolution } from './assemblees.register.js';
import { MAJORITY, type ResolutionDef, tally } from './assemblees.rules.js';
import { assembleeRecordRow, resolutionRow, voteRow } from './builders/assemblees.js';
import { addDays } from './clock.js';
import { newId, type SeedContext } from './context.js';
import { type CoproInfo, type OwnerInfo, ownerTantiemes } from './copro.js';

/**
 * Queues an assembly's resolutions and returns their ids. With `counted`, the past meeting's:
 * each voted item carries its result and every present owner's vote, and joins `counted.into`
 * for the register.
 */
export function seedResolutions(
  ctx: SeedContext,
  copro: CoproInfo,
  agId: string,
  items: ResolutionDef[],
  counted?: { present: OwnerInfo[]; pastDate: string; into: CountedResolution[] },
): string[] {
  const { clock } = ctx;
  const cg = copro.rep('CG');
  const present = counted?.present ?? [];
  const pastDate = counted?.pastDate ?? '';
  const pastCounted = counted?.into ?? [];
  return items.map((r, i) => {
    const id = newId();
    const t = counted && !r.no_vote ? tally(copro, r, present) : null;
    ctx.rows.add(
      resolutions,
      resolutionRow({
        id,
        assemblee_id: agId,
        number: i + 1,
        title: r.title,
        preamble: r.preamble ?? null,
        content: r.content,
        comment: r.no_vote ? "Point d'information, sans vote." : `Majorité requise : ${MAJORITY[r.article]}.`,
        article: r.article,
        no_vote: !!r.no_vote,
        repartition_id: r.rep ? copro.rep(r.rep).id : cg.id,
        files: r.attachment ? [{ id: r.attachment.id, name: r.attachment.name }] : [],
        result: t
          ? {
              decision: t.adopted ? 'adopted' : 'rejected',
              majority: r.article,
              agree: {
                tantiemes: t.agree,
                count: [...t.choices.values()].filter((c) => c === 'agree').length,
              },
              disagree: {
                tantiemes: t.disagree,
                count: [...t.choices.values()].filter((c) => c === 'disagree').length,
              },
              abstain: {
                tantiemes: t.abstain,
                count: [...t.choices.values()].filter((c) => c === 'abstain').length,
              },
              total_tantiemes: cg.total,
            }
          : null,
      }),
    );
    if (t) {
      pastCounted.push({
        id,
        number: i + 1,
        article: r.article,
        choices: t.choices,
        title: r.title,
        result: { adopted: t.adopted, agree: t.agree, disagree: t.disagree, abstain: t.abstain },
      });
      ctx.rows.add(
        votes,
        ...[...t.choices].map(([o, c]) =>
          voteRow({
            resolution_id: id,
            coproprietaire_id: o.id,
            vote_value: c,
            vote_2_value: null,
            method: o.key === 'claire' ? 'e_form' : o.key === 'sci' ? 'courrier' : 'saisie_par_admin',
            user_id: o.def.user?.id ?? null,
            updated_at:
              o.key === 'claire'
                ? clock.paris(addDays(pastDate, -4), '21:12')
                : clock.paris(pastDate, '20:00'),
          }),
        ),
      );
    }
    return id;
  });
}

/**
 * Two council members already voted online for the upcoming meeting: chained ballots, as the
 * vote call records them. Returns the register's last digest.
 */
export async function seedOnlineBallots(
  ctx: SeedContext,
  copro: CoproInfo,
  nextId: string,
  upcoming: ResolutionDef[],
  nextIds: string[],
): Promise<string> {
  const { clock } = ctx;
  const cg = copro.rep('CG');
  const key = (k: string) => copro.owner(k);
  let prevDigest = CHAIN_GENESIS;
  for (const [seq, k] of (['rousseau', 'mercier'] as const).entries()) {
    const o = key(k);
    const at = clock.daysAgo(k === 'rousseau' ? 2 : 1, '18:05');
    const recordId = newId();
    const choices = upcoming
      .map((r, i) => ({ r, id: nextIds[i] }))
      .filter((x) => !x.r.no_vote)
      .map((x) => {
        const rep = x.r.rep ? copro.rep(x.r.rep) : cg;
        return {
          resolution_id: x.id,
          number: upcoming.indexOf(x.r) + 1,
          title: x.r.title,
          article: x.r.article,
          repartition: { id: rep.id, code: rep.code, name: rep.name },
          tantiemes: ownerTantiemes(o, rep),
          total_tantiemes: rep.total,
          // Mme Mercier is against the art. 26 change of the lodge, for it if it comes back under art. 26-1.
          vote_1: k === 'mercier' && x.r.article === 'ART-26' ? 'disagree' : 'agree',
          vote_2: x.r.article === 'ART-24' ? null : 'agree',
        };
      });
    const payload = {
      created_at: at.toISOString(),
      method: 'e_form',
      coproprietaire: { id: o.id, name: o.display_name },
      user_id: o.def.user?.id ?? null,
      ip: k === 'rousseau' ? '203.0.113.24' : '198.51.100.7',
      sender_nonce: randomBytes(16).toString('hex'),
      user_agent:
        k === 'rousseau'
          ? 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
          : 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      choices,
    };
    const rec = { assemblee_id: nextId, seq: seq + 1, kind: 'ballot', coproprietaire_id: o.id, payload };
    const digest = await recordDigest(prevDigest, rec);
    ctx.rows.add(
      assembleeRecords,
      assembleeRecordRow({
        id: recordId,
        ...rec,
        current: true,
        created_at: at,
        prev_digest: prevDigest,
        digest,
      }),
    );
    prevDigest = digest;
    ctx.rows.add(
      votes,
      ...choices.map((c) =>
        voteRow({
          resolution_id: c.resolution_id,
          coproprietaire_id: o.id,
          vote_value: c.vote_1,
          vote_2_value: c.vote_2,
          method: 'e_form',
          user_id: o.def.user?.id ?? null,
          updated_at: at,
          record_id: recordId,
        }),
      ),
    );
  }
  return prevDigest;
}
