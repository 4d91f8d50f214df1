/**
 * The majorities of loi n° 65-557 du 10 juillet 1965 (art. 24, 25, 25-1, 26, 26-1) and unanimity,
 * each measured on the count of one vote. Integer arithmetic only: `a * 2 > b` rather than `a > b / 2`.
 */

export interface ChoiceCount {
  tantiemes: number;
  count: number;
}

export interface VoteCount {
  agree: ChoiceCount;
  disagree: ChoiceCount;
  abstain: ChoiceCount;
  /** Members present, represented or voting by correspondence who take part in this vote. */
  participants: ChoiceCount;
}

/** Loi art. 24 I: majority of the votes cast by those present, represented or voting by correspondence; abstentions are not votes cast. A tie is not a majority. */
export const art24Adopted = (c: VoteCount) => c.agree.tantiemes > c.disagree.tantiemes;

/** Loi art. 25: majority of the votes of all the co-owners (of the repartition), present or not. */
export const art25Adopted = (c: VoteCount, total: ChoiceCount) => c.agree.tantiemes * 2 > total.tantiemes;

/** Loi art. 25-1: an art. 25 project that got at least one third of all the votes is voted again at once, at the art. 24 majority. */
export const art25_1Opens = (c: VoteCount, total: ChoiceCount) => c.agree.tantiemes * 3 >= total.tantiemes;

/** Loi art. 26: majority of the members of the syndicat holding at least two thirds of the votes. */
export const art26Adopted = (c: VoteCount, total: ChoiceCount) =>
  c.agree.count * 2 > total.count && c.agree.tantiemes * 3 >= total.tantiemes * 2;

/**
 * Loi art. 26-1: an art. 26 project approved by half of the members present, represented or voting by
 * correspondence, holding at least one third of all the votes, is voted again at once at the art. 25
 * majority.
 */
export const art26_1Opens = (c: VoteCount, total: ChoiceCount) =>
  c.agree.count * 2 >= c.participants.count && c.agree.tantiemes * 3 >= total.tantiemes;

/**
 * Unanimity (loi art. 11 al. 1, art. 26 al. 3, art. 35): every member of the syndicat (of the key)
 * votes for; one absent, abstaining or opposed member and it is rejected.
 */
export const unanimityAdopted = (c: VoteCount, total: ChoiceCount) =>
  total.count > 0 && c.agree.count === total.count && c.agree.tantiemes === total.tantiemes;
