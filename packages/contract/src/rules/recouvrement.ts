/**
 * Recovering unpaid charges: graded reminders, the mise en demeure, the acceleration of art. 19-2
 * and the costs of art. 10-1 (loi n° 65-557 du 10 juillet 1965).
 *
 * Art. 10-1 a): « sont imputables au seul copropriétaire concerné : a) Les frais nécessaires exposés
 * par le syndicat, notamment les frais de mise en demeure, de relance et de prise d'hypothèque à
 * compter de la mise en demeure, pour le recouvrement d'une créance justifiée à l'encontre d'un
 * copropriétaire … ». A reminder sent before the mise en demeure is part of the syndic's ordinary
 * work: it costs the debtor nothing; the mise en demeure and what follows it may be charged to them
 * alone, at the fee the syndic's contract sets.
 *
 * Art. 19-2, 1er alinéa: « À défaut du versement à sa date d'exigibilité d'une provision due au titre
 * de l'article 14-1 ou du I de l'article 14-2, et après mise en demeure restée infructueuse passé un
 * délai de trente jours, les autres provisions non encore échues en application des mêmes articles
 * 14-1 ou 14-2 ainsi que les sommes restant dues appelées au titre des exercices précédents après
 * approbation des comptes deviennent immédiatement exigibles. »
 *
 * Art. 42-1 (rules/notificationChannel.ts): the mise en demeure goes electronically (lettre
 * recommandée électronique) unless the co-owner asked for the post.
 */

export type RecouvrementStep = 'relance' | 'mise_en_demeure' | 'exigibilite';

export interface RecouvrementSettings {
  /** Days after the due date of the oldest unpaid debit at which each reminder goes (ascending). */
  reminderDays: number[];
  /** Days after that due date at which the mise en demeure goes (after the last reminder). */
  miseEnDemeureDays: number;
  /** The syndic's fee for a mise en demeure, in cents (its contract's price list). */
  miseEnDemeureFeeCents: number;
  /** The fee of a reminder sent after the mise en demeure, in cents. */
  relanceFeeCents: number;
}

export const DEFAULT_RECOUVREMENT: RecouvrementSettings = {
  reminderDays: [15, 30],
  miseEnDemeureDays: 45,
  miseEnDemeureFeeCents: 0,
  relanceFeeCents: 0,
};

/** Art. 19-2: the days a mise en demeure must stay unanswered before the acceleration. */
export const ART_19_2_DELAY_DAYS = 30;

export const STEP_LABELS: Record<RecouvrementStep, string> = {
  relance: 'Relance',
  mise_en_demeure: 'Mise en demeure',
  exigibilite: 'Exigibilité anticipée (art. 19-2)',
};

/** The API's names of the settings' fields, for errors a client can place. */
export type RecouvrementSettingsField =
  | 'reminder_days'
  | 'mise_en_demeure_days'
  | 'mise_en_demeure_fee_cents'
  | 'relance_fee_cents';

/** What is wrong with the settings, each message with the field it concerns. */
export function settingsFieldErrors(s: RecouvrementSettings): [RecouvrementSettingsField, string][] {
  const errors: [RecouvrementSettingsField, string][] = [];
  const days = s.reminderDays;
  if (days.length > 5) errors.push(['reminder_days', 'Cinq relances au plus.']);
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 365))
    errors.push(['reminder_days', "Chaque relance part entre 1 et 365 jours après l'échéance."]);
  if (days.some((d, i) => i > 0 && d <= days[i - 1]!))
    errors.push(['reminder_days', 'Les délais des relances vont croissant.']);
  if (!Number.isInteger(s.miseEnDemeureDays) || s.miseEnDemeureDays < 1 || s.miseEnDemeureDays > 365)
    errors.push(['mise_en_demeure_days', "La mise en demeure part entre 1 et 365 jours après l'échéance."]);
  else if (days.length && s.miseEnDemeureDays <= days[days.length - 1]!)
    errors.push(['mise_en_demeure_days', 'La mise en demeure part après la dernière relance.']);
  const fees = [
    ['mise_en_demeure_fee_cents', s.miseEnDemeureFeeCents],
    ['relance_fee_cents', s.relanceFeeCents],
  ] as const;
  for (const [field, fee] of fees)
    if (!Number.isSafeInteger(fee) || fee < 0 || fee > 100_000)
      errors.push([field, 'Un frais va de 0 à 1\u202f000\u202f€.']);
  return errors;
}

export const settingsErrors = (s: RecouvrementSettings): string[] =>
  settingsFieldErrors(s).map(([, message]) => message);

const DAY = 86_400_000;
/** Whole days from `from` to `to` (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY);

export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);

export interface SentStep {
  step: RecouvrementStep;
  grade: number;
  /** YYYY-MM-DD. */
  date: string;
  /**
   * For a letter (mise en demeure): the day of its first presentation to the co-owner
   * (YYYY-MM-DD), null while unknown. The thirty days of art. 19-2 run from the next day.
   */
  presented?: string | null;
}

/**
 * The step due today for a debt whose oldest unpaid debit fell due on `since`, given the steps
 * already sent for it: the next reminder whose delay has passed, then the mise en demeure, then
 * (thirty days after an unanswered mise en demeure) the acceleration of art. 19-2. Null: nothing.
 */
export function dueStep(
  since: string,
  today: string,
  sent: readonly SentStep[],
  s: RecouvrementSettings,
): { step: RecouvrementStep; grade: number } | null {
  const age = daysBetween(since, today);
  if (age <= 0) return null;
  const med = sent.find((x) => x.step === 'mise_en_demeure');
  if (med) {
    if (sent.some((x) => x.step === 'exigibilite')) return null;
    // The delay runs from the day after the first presentation (Cass. 3e civ., avis, 12 déc. 2024,
    // n° 24-70.007); a letter not yet presented starts nothing.
    const from = med.presented === undefined ? med.date : med.presented;
    if (!from) return null;
    return daysBetween(from, today) > ART_19_2_DELAY_DAYS ? { step: 'exigibilite', grade: 1 } : null;
  }
  if (age >= s.miseEnDemeureDays) return { step: 'mise_en_demeure', grade: 1 };
  const reminders = sent.filter((x) => x.step === 'relance').length;
  const next = s.reminderDays[reminders];
  return next !== undefined && age >= next ? { step: 'relance', grade: reminders + 1 } : null;
}

/**
 * Art. 10-1 a): the cost a step charges to the debtor alone. A reminder before the mise en demeure
 * costs nothing; the mise en demeure and the reminders after it cost the contract's fee; the
 * acceleration of art. 19-2 is no cost.
 */
export function chargeableFee(step: RecouvrementStep, miseEnDemeureSent: boolean, s: RecouvrementSettings) {
  if (step === 'mise_en_demeure') return s.miseEnDemeureFeeCents;
  if (step === 'relance') return miseEnDemeureSent ? s.relanceFeeCents : 0;
  return 0;
}

/**
 * Art. 19-2: the day the remaining provisions become due after a mise en demeure first presented
 * on `presentedOn`: thirty whole days from the next day, then the day after them.
 */
export const acceleratedOn = (presentedOn: string) => addDays(presentedOn, ART_19_2_DELAY_DAYS + 1);

/**
 * Art. 19-2: what becomes due at once. `periods` are the co-owner's provisions of the exercice (14-1
 * budget, 14-2 I works) with their due dates; those not yet due on `today` and not yet called.
 */
export function acceleratedProvisions<P extends { dueDate: string; amountCents: number; called: boolean }>(
  periods: readonly P[],
  today: string,
): P[] {
  return periods.filter((p) => !p.called && p.dueDate > today && p.amountCents > 0);
}

/** The age buckets of the debtors' list (days since each debit fell due). */
export const AGE_BUCKETS = [
  { key: 'b30', label: '0 à 30 jours', max: 30 },
  { key: 'b60', label: '31 à 60 jours', max: 60 },
  { key: 'b90', label: '61 à 90 jours', max: 90 },
  { key: 'b90plus', label: 'Plus de 90 jours', max: Number.POSITIVE_INFINITY },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number]['key'];

/** Each open debit's remaining amount in its bucket; a debit not yet due counts nowhere. */
export function ageBuckets(
  debits: readonly { date: string; remainingCents: number }[],
  today: string,
): Record<AgeBucket, number> {
  const out: Record<AgeBucket, number> = { b30: 0, b60: 0, b90: 0, b90plus: 0 };
  for (const d of debits) {
    const age = daysBetween(d.date, today);
    if (age < 0 || d.remainingCents <= 0) continue;
    const b = AGE_BUCKETS.find((x) => age <= x.max) ?? AGE_BUCKETS[AGE_BUCKETS.length - 1];
    out[b.key] += d.remainingCents;
  }
  return out;
}
