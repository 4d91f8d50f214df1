import { CHAIN_GENESIS } from '@tantieme/contract';
import { assembleeRecords } from '../src/db/schema/index.js';
import { recordDigest } from '../src/modules/assemblees/chain.js';
import { newId, type SeedContext } from './context.js';
import type { OwnerInfo } from './copro.js';
import { assembleeRecordRow } from './builders/assemblees.js';

export interface CountedResolution {
  id: string;
  number: number;
  article: string;
  choices: Map<OwnerInfo, 'agree' | 'disagree' | 'abstain'>;
  /** As the minutes state it (voix of the key), for the PV's notification. */
  title?: string;
  result?: { adopted: boolean; agree: number; disagree: number; abstain: number };
}

/**
 * The past meeting's register, as the syndic API would have chained it: the owners who voted by
 * correspondence (Claire online, the SCI by post) a form each; every other owner who took part an
 * attendance record and one meeting vote per resolution. The tally is read from these alone.
 */
export async function chainPastMeeting(
  ctx: SeedContext,
  agId: string,
  counted: CountedResolution[],
  at: { form: (o: OwnerInfo) => Date; meeting: Date },
) {
  const owners = [...new Set(counted.flatMap((r) => [...r.choices.keys()]))];
  let prev = CHAIN_GENESIS;
  let seq = 0;
  const add = async (kind: string, o: OwnerInfo, payload: Record<string, unknown>, created_at: Date) => {
    const rec = { assemblee_id: agId, seq: ++seq, kind, coproprietaire_id: o.id, payload };
    const digest = await recordDigest(prev, rec);
    const id = newId();
    ctx.rows.add(
      assembleeRecords,
      assembleeRecordRow({
        id,
        ...rec,
        current: true,
        created_at,
        prev_digest: prev,
        digest,
      }),
    );
    prev = digest;
    return { id, seq, digest };
  };
  for (const o of owners) {
    const who = { id: o.id, name: o.display_name };
    if (o.key === 'claire' || o.key === 'sci') {
      await add(
        'ballot',
        o,
        {
          created_at: at.form(o).toISOString(),
          method: o.key === 'claire' ? 'e_form' : 'courrier',
          coproprietaire: who,
          choices: counted.flatMap((r) =>
            r.choices.has(o)
              ? [
                  {
                    resolution_id: r.id,
                    number: r.number,
                    article: r.article,
                    vote_1: r.choices.get(o),
                    vote_2: null,
                  },
                ]
              : [],
          ),
        },
        at.form(o),
      );
      continue;
    }
    await add(
      'attendance',
      o,
      { created_at: at.meeting.toISOString(), coproprietaire: who, attendance: 'present', mandataire: null },
      at.meeting,
    );
    for (const r of counted)
      if (r.choices.has(o))
        await add(
          'session_vote',
          o,
          {
            created_at: at.meeting.toISOString(),
            coproprietaire: who,
            method: 'saisie_par_admin',
            resolution_id: r.id,
            number: r.number,
            article: r.article,
            vote_1: r.choices.get(o),
          },
          at.meeting,
        );
  }
  // The caller chains what follows the meeting (the signatures of the minutes) after these records.
  return { add, head: () => ({ count: seq, digest: prev }) };
}
