import {
  bureauFromRecords,
  bureauRoleOf,
  type ChoiceCount,
  correspondenceDeadline,
  type DeskState,
  registerState,
  type VoteChoice,
  type VoteCount,
} from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import type { AssembleeRow } from '../assemblees.repo.js';
import { syndicOfCopro } from '../bureau.repo.js';
import { loadMinutesFacts } from '../minutes.service.js';
import { tallyFacts } from '../pv.js';
import { desksRecords } from './desk.records.js';

const c = (x: ChoiceCount) => ({ voix: x.tantiemes, count: x.count });
const round = (v: VoteCount | null) =>
  v && { pour: c(v.agree), contre: c(v.disagree), abstention: c(v.abstain), participants: c(v.participants) };

/**
 * The desk as the register stands: each co-owner's attendance (visio, mandataire and who designated
 * them for a blank proxy), the form that counts with its date of receipt and the late ones, the
 * votes cast at the meeting, and each resolution's tally counted with those at its vote (the same
 * `tallyFacts` as the procès-verbal).
 */
export async function deskState(db: Db, ag: AssembleeRow): Promise<DeskState> {
  const [facts, syndic] = await Promise.all([
    loadMinutesFacts(db, ag, '', desksRecords),
    syndicOfCopro(db, ag.copropriete_id),
  ]);
  const amendments = new Map<string, { text: string; at: string }[]>();
  for (const rec of facts.records)
    if (rec.kind === 'amendment') {
      const id = String(rec.payload.resolution_id);
      amendments.set(id, [
        ...(amendments.get(id) ?? []),
        { text: String(rec.payload.text), at: String(rec.payload.created_at) },
      ]);
    }
  const state = registerState(facts.records);
  const tallies = tallyFacts(facts);
  const numberOf = new Map(facts.resolutions.map((r) => [r.id, r.number]));
  const voted = new Set<number>();
  for (const st of state.values()) for (const id of st.session.keys()) voted.add(numberOf.get(id) ?? 0);
  const general = facts.generalRepartition.id;
  const byId = new Map(facts.resolutions.map((r) => [r.id, r]));
  const next = facts.resolutions.find((r) => !r.no_vote && !voted.has(r.number));
  return {
    assemblee: {
      id: ag.id,
      name: ag.name,
      date: ag.date.toISOString(),
      status_session: ag.status_session,
      form_deadline: correspondenceDeadline(ag.date).toISOString(),
    },
    next_resolution: next?.number ?? null,
    resolutions: tallies.map((t) => {
      const r = byId.get(t.resolution_id)!;
      return {
        id: r.id,
        number: r.number,
        title: r.title,
        article: r.article,
        no_vote: r.no_vote,
        amended: r.amended || amendments.has(r.id),
        bureau_role: bureauRoleOf(r.nature),
        amendments: amendments.get(r.id) ?? [],
        decision: t.decision,
        rule: t.rule,
        total: c(t.total),
        first: round(t.first),
        second: round(t.second),
        second_vote_open: t.rule === 'ART-25-1' || t.rule === 'ART-26-1',
      };
    }),
    participants: facts.owners
      .map((o) => {
        const st = state.get(o.id);
        const m = st?.attendance === 'represented' ? st.mandataire : null;
        const d = m?.designated_by as { role: 'president_conseil'; name: string } | undefined;
        const votes: { resolution: number; vote_1: VoteChoice | null; vote_2: VoteChoice | null }[] = [];
        for (const [id, v] of st?.session ?? [])
          votes.push({ resolution: numberOf.get(id) ?? 0, vote_1: v.vote_1, vote_2: v.vote_2 });
        return {
          id: o.id,
          name: o.name,
          voix: o.tantiemes[general] ?? 0,
          attendance: st?.attendance ?? null,
          visio: st?.attendance === 'present' && st.visio,
          mandataire: m
            ? {
                name: String(m.name ?? ''),
                coproprietaire: typeof m.coproprietaire_id === 'string' ? m.coproprietaire_id : null,
                designated_by: d ? { role: d.role, name: d.name } : null,
              }
            : null,
          form: st?.form ? { received_at: st.formReceivedAt } : null,
          late_forms: st?.lateForms ?? [],
          votes: votes.sort((a, b) => a.resolution - b.resolution),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'fr')),
    bureau: bureauFromRecords(facts.records, syndic ? { id: null, name: syndic.name } : null),
    seq: facts.records.at(-1)?.seq ?? 0,
  };
}
