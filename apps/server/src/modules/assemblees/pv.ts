import { type TallyRule, tallyFromRecords, type VoteChoice, type VoteCount } from '@tantieme/contract';
import { type MinutesFacts, nameOf } from './minutes-facts.js';

/** A co-owner named in the minutes with their voix (after the art. 22 reduction). */
export interface PvVoter {
  name: string;
  voix: number;
}

export interface PvRound {
  second: boolean;
  pour: number;
  contre: number;
  abstentions: number;
  /** Present or represented without a vote cast on this resolution. */
  sans_vote: number;
  /** Every voix of the key that took no part: absent and not represented, or a voided form. */
  defaillants: number;
  total: number;
  opposants: PvVoter[];
  abstentionnistes: PvVoter[];
}

export interface PvResolution {
  number: number;
  title: string;
  article: string;
  repartition: string | null;
  decision: 'adopted' | 'rejected' | 'no_vote';
  rule: TallyRule | null;
  rounds: PvRound[];
  /** Correspondence 'Pour' on an amended resolution, counted as défaillants (loi art. 17-1 A). */
  amended_defaulting: number;
  /**
   * Décret 1967 art. 17: the défaillants by name with their voix, `assimilated` for those whose
   * correspondence 'Pour' on an amended resolution counts as défaillant (loi art. 17-1 A).
   */
  defaillants: (PvVoter & { assimilated: boolean })[];
  reduced: { name: string; from: number; to: number }[];
  /** The texts amended in session, in order (the last one was voted), with who proposed them. */
  amendments: { text: string; proposed_by: string }[];
  /** A bureau resolution (décret 1967 art. 15): who was recorded elected by it. */
  elected: string[];
}

export interface PvContent {
  resolutions: PvResolution[];
}

const byName = (a: PvVoter, b: PvVoter) => a.name.localeCompare(b.name, 'fr');

/**
 * The legal tally of every resolution from the chained records alone (contract `tallyFromRecords`):
 * the base is every co-owner of the syndicat, art. 22 is measured on the charges générales key. The
 * minutes and the syndic API's tally both count here.
 */
export const tallyFacts = (facts: MinutesFacts) =>
  tallyFromRecords({
    records: facts.records,
    resolutions: facts.resolutions.map((r) => ({
      id: r.id,
      number: r.number,
      article: r.article,
      no_vote: r.no_vote,
      repartition: r.repartition?.id ?? '',
      amended: r.amended,
    })),
    coproprietaires: facts.owners.map((o) => ({ id: o.id, tantiemes: o.tantiemes })),
    generalRepartition: facts.generalRepartition.id,
  });

/**
 * The content of the procès-verbal from the register alone. Décret n° 67-223 du 17 mars 1967, art. 17:
 * under each question, the result of the vote, and the names and voix of the co-owners who opposed the
 * decision and of those who abstained. The counts are the contract's tally (`tallyFromRecords`); the
 * names come from the same counted ballots (`countedBallot`: a form is void when its author attends or
 * is represented), and must add up to the tally's voix, or the minutes are not issued.
 */
export function buildPv(facts: MinutesFacts): PvContent {
  const name = nameOf(facts);
  const tallies = tallyFacts(facts);
  const resById = new Map(facts.resolutions.map((r) => [r.id, r]));

  return {
    resolutions: tallies.map((t) => {
      const r = resById.get(t.resolution_id)!;
      const round = (count: VoteCount, second: boolean): PvRound => {
        const named = (choice: VoteChoice) =>
          t.voters
            .filter((v) => (second ? v.vote_2 : v.vote_1) === choice)
            .map((v) => ({ name: name(v.coproprietaire_id), voix: v.voix }))
            .sort(byName);
        const opposants = named('disagree');
        const abstentionnistes = named('abstain');
        const sum = (l: PvVoter[]) => l.reduce((s, v) => s + v.voix, 0);
        if (sum(opposants) !== count.disagree.tantiemes || sum(abstentionnistes) !== count.abstain.tantiemes)
          throw new Error(`minutes of resolution ${r.number} do not add up to its tally`);
        const expressed = count.agree.tantiemes + count.disagree.tantiemes + count.abstain.tantiemes;
        return {
          second,
          pour: count.agree.tantiemes,
          contre: count.disagree.tantiemes,
          abstentions: count.abstain.tantiemes,
          sans_vote: count.participants.tantiemes - expressed,
          defaillants: t.total.tantiemes - count.participants.tantiemes,
          total: t.total.tantiemes,
          opposants,
          abstentionnistes,
        };
      };
      return {
        number: r.number,
        title: r.title,
        article: r.article,
        repartition: r.repartition?.name ?? null,
        decision: t.decision,
        rule: t.rule,
        rounds: [...(t.first ? [round(t.first, false)] : []), ...(t.second ? [round(t.second, true)] : [])],
        amended_defaulting: t.amended_defaulting,
        defaillants: t.defaillants
          .map((d) => ({ name: name(d.coproprietaire_id), voix: d.voix, assimilated: !!d.assimilated }))
          .sort(byName),
        reduced: t.reduced.map((x) => ({ name: name(x.coproprietaire_id), from: x.from, to: x.to })),
        amendments: facts.records
          .filter((x) => x.kind === 'amendment' && x.payload.resolution_id === r.id)
          .map((x) => ({ text: String(x.payload.text), proposed_by: name(x.coproprietaire_id) })),
        elected: facts.records
          .filter((x) => x.kind === 'bureau' && x.payload.resolution_id === r.id)
          .map((x) => String((x.payload.member as { name: string }).name)),
      };
    }),
  };
}
