/**
 * Bank credits matched to co-owners, and a payment allocated to the debits it settles.
 *
 * A credit is matched on three signs: the co-owner's reference in the remittance text, an
 * amount equal to what they owe (their whole balance or one open appel), and their name in the
 * payer's name. Each sign weighs in a confidence (0 to 100); the credit is matched by itself
 * only when one co-owner alone reaches AUTO_MATCH_CONFIDENCE (decision 202), otherwise it waits
 * in the unmatched queue with the best candidates and their reasons.
 *
 * Allocation (Code civil, art. 1342-10, to which the arrêté du 14 mars 2005, art. 9, refers):
 * the debts the payer designated first; otherwise the oldest debts first.
 */

export interface BankCredit {
  amount: number;
  /** Remittance information (camt.053 RmtInf/Ustrd, CSV libellé, OFX MEMO). */
  reference: string;
  /** The payer's name as the bank gives it. */
  name: string;
}

export interface MatchCandidate {
  coproprietaireId: string;
  /** The co-owner's payment reference (the code printed on their appels). */
  reference: string;
  /** Names to look for: last name, company, display name. */
  names: string[];
  /** What they owe in all (cents). */
  balance: number;
  /** What remains of each open debit (cents). */
  openDebits: number[];
}

export interface CreditMatch {
  coproprietaireId: string;
  confidence: number;
  /** Why, in French: the signs that matched. */
  reason: string;
}

export const AUTO_MATCH_CONFIDENCE = 80;
const WEIGHTS = { reference: 60, amount: 30, name: 25 } as const;

/** Upper case, accents and punctuation out, single spaces. */
export const normaliseText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

const STOP = new Set([
  'M',
  'MME',
  'MR',
  'MLLE',
  'ET',
  'OU',
  'DE',
  'DU',
  'LA',
  'LE',
  'LES',
  'SCI',
  'SARL',
  'SAS',
]);

/**
 * A candidate's reference and name tokens, normalised once per candidate object (a statement
 * scores each of its credits against every co-owner): its reference and names are read once.
 */
const prepared = new WeakMap<MatchCandidate, { ref: string; names: string[][] }>();
function preparedOf(c: MatchCandidate) {
  let p = prepared.get(c);
  if (!p) {
    p = {
      ref: normaliseText(c.reference).replace(/ /g, ''),
      names: c.names.map((n) =>
        normaliseText(n)
          .split(' ')
          .filter((t) => t.length > 1 && !STOP.has(t)),
      ),
    };
    prepared.set(c, p);
  }
  return p;
}

function nameMatches(payerWords: ReadonlySet<string>, names: readonly string[][]): boolean {
  return names.some((tokens) => tokens.length > 0 && tokens.every((t) => payerWords.has(t)));
}

function referenceMatches(text: string, ref: string): boolean {
  if (ref.length < 4) return false;
  return text.includes(ref);
}

/** Every candidate with at least one sign, best first (ties: by id, so the order is stable). */
export function scoreCredit(
  credit: BankCredit,
  candidates: readonly MatchCandidate[],
  opts: { sort?: boolean } = {},
): CreditMatch[] {
  const out: CreditMatch[] = [];
  const text = normaliseText(`${credit.reference} ${credit.name}`).replace(/ /g, '');
  const payerWords = new Set(normaliseText(credit.name).split(' '));
  for (const c of candidates) {
    const p = preparedOf(c);
    const signs: string[] = [];
    let score = 0;
    if (referenceMatches(text, p.ref)) {
      score += WEIGHTS.reference;
      signs.push(`référence ${c.reference}`);
    }
    if (credit.amount > 0 && (credit.amount === c.balance || c.openDebits.includes(credit.amount))) {
      score += WEIGHTS.amount;
      signs.push(credit.amount === c.balance ? 'montant égal au solde dû' : 'montant égal à un appel ouvert');
    }
    if (nameMatches(payerWords, p.names)) {
      score += WEIGHTS.name;
      signs.push("nom du donneur d'ordre");
    }
    if (score > 0)
      out.push({
        coproprietaireId: c.coproprietaireId,
        confidence: Math.min(100, score),
        reason: signs.join(', '),
      });
  }
  return opts.sort === false ? out : out.sort(byRank);
}

const byRank = (a: CreditMatch, b: CreditMatch) =>
  b.confidence - a.confidence || a.coproprietaireId.localeCompare(b.coproprietaireId);

/**
 * The first `n` of `scoreCredit`, without sorting every candidate (a credit of the amount most
 * co-owners owe has thousands, all tied): `n` passes, each keeping the best left.
 */
export function bestCredits(
  credit: BankCredit,
  candidates: readonly MatchCandidate[],
  n: number,
): CreditMatch[] {
  const left = scoreCredit(credit, candidates, { sort: false });
  const out: CreditMatch[] = [];
  while (out.length < n && left.length) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (byRank(left[i], left[best]) < 0) best = i;
    out.push(left[best]);
    left.splice(best, 1);
  }
  return out;
}

/**
 * The co-owner a credit is matched to by itself, or null (to the unmatched queue): the best
 * candidate must reach AUTO_MATCH_CONFIDENCE and be the only one at that confidence.
 */
export function matchCredit(credit: BankCredit, candidates: readonly MatchCandidate[]): CreditMatch | null {
  const [best, second] = bestCredits(credit, candidates, 2);
  if (!best || best.confidence < AUTO_MATCH_CONFIDENCE) return null;
  if (second && second.confidence === best.confidence) return null;
  return best;
}

/**
 * The candidates a credit can have a sign with, found without scoring every co-owner: by the
 * reference (each piece of the credit's text as long as a reference), by the amount (their
 * balance or an open debit) and by the first word of one of their names. A superset of those
 * `scoreCredit` keeps (it drops the others), so scoring these instead gives the same answer;
 * a statement of thousands of lines against thousands of co-owners stays linear.
 */
export class CandidateIndex {
  private readonly byRef = new Map<string, MatchCandidate[]>();
  private readonly refLengths = new Set<number>();
  private readonly byAmount = new Map<number, Set<MatchCandidate>>();
  private readonly amountsOf = new Map<MatchCandidate, number[]>();
  private readonly byWord = new Map<string, MatchCandidate[]>();

  constructor(candidates: readonly MatchCandidate[]) {
    for (const c of candidates) {
      const p = preparedOf(c);
      if (p.ref.length >= 4) {
        this.byRef.set(p.ref, [...(this.byRef.get(p.ref) ?? []), c]);
        this.refLengths.add(p.ref.length);
      }
      for (const first of new Set(p.names.filter((t) => t.length > 0).map((t) => t[0])))
        this.byWord.set(first, [...(this.byWord.get(first) ?? []), c]);
      this.update(c);
    }
  }

  /** To call when a candidate's balance or open debits changed (a credit settled some). */
  update(c: MatchCandidate) {
    for (const a of this.amountsOf.get(c) ?? []) this.byAmount.get(a)?.delete(c);
    const amounts = [...new Set([c.balance, ...c.openDebits])];
    for (const a of amounts) {
      const set = this.byAmount.get(a) ?? new Set<MatchCandidate>();
      set.add(c);
      this.byAmount.set(a, set);
    }
    this.amountsOf.set(c, amounts);
  }

  /**
   * Every candidate that may have a sign with this credit; for `matchCredit` alone, those with
   * its reference when the other signs together stay under AUTO_MATCH_CONFIDENCE (no match, nor
   * tie with the best, without the reference).
   */
  candidatesFor(credit: BankCredit, opts: { forMatch?: boolean } = {}): MatchCandidate[] {
    const found = new Set<MatchCandidate>();
    const text = normaliseText(`${credit.reference} ${credit.name}`).replace(/ /g, '');
    for (const n of this.refLengths)
      for (let i = 0; i + n <= text.length; i++)
        for (const c of this.byRef.get(text.slice(i, i + n)) ?? []) found.add(c);
    if (opts.forMatch && WEIGHTS.amount + WEIGHTS.name < AUTO_MATCH_CONFIDENCE) return [...found];
    if (credit.amount > 0) for (const c of this.byAmount.get(credit.amount) ?? []) found.add(c);
    for (const w of normaliseText(credit.name).split(' '))
      for (const c of this.byWord.get(w) ?? []) found.add(c);
    return [...found];
  }
}

export interface OpenDebit {
  id: string;
  /** YYYY-MM-DD: the day it fell due. */
  date: string;
  remaining: number;
}

/**
 * A payment's allocation: the designated debits first, in the order given, then the others
 * oldest first (same day: input order); what is left is unallocated (a credit on the account).
 */
export function allocatePayment(
  amount: number,
  debits: readonly OpenDebit[],
  designated: readonly string[] = [],
): { allocations: { id: string; amount: number }[]; unallocated: number } {
  const byId = new Map(debits.map((d) => [d.id, d]));
  const first = [...new Set(designated)].map((id) => byId.get(id)).filter((d): d is OpenDebit => Boolean(d));
  const chosen = new Set(first.map((d) => d.id));
  const rest = debits
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => !chosen.has(d.id))
    .sort((a, b) => a.d.date.localeCompare(b.d.date) || a.i - b.i)
    .map(({ d }) => d);
  let left = amount;
  const allocations: { id: string; amount: number }[] = [];
  for (const d of [...first, ...rest]) {
    if (left <= 0) break;
    const pay = Math.min(left, d.remaining);
    if (pay <= 0) continue;
    allocations.push({ id: d.id, amount: pay });
    left -= pay;
  }
  return { allocations, unallocated: left };
}
