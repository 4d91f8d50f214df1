/**
 * The first presentation of each mise en demeure sent as registered e-mail, read from the LRE
 * provider's proof: the thirty days of art. 19-2 run from the next day (rules/recouvrement.ts).
 */
import { parisDate } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { RelanceRow } from './recouvrement.repo.js';
import { unpresentedLetters, updateRelance } from './recouvrement.repo.js';

/** Asks the provider about the building's letters not yet presented; an unreachable one leaves them for later. */
export async function refreshPresentations(app: FastifyInstance, coproprieteId: string) {
  for (const l of await unpresentedLetters(app.db, coproprieteId)) {
    try {
      const state = await app.platform.lre.state(l.sending_id!);
      if (state.first_presented_at)
        await updateRelance(app.db, l.id, { first_presented_at: state.first_presented_at });
    } catch {
      // The provider is down or does not know the letter: the delay simply does not start yet.
      return;
    }
  }
}

/** A sent step as the rule reads it: a letter's presentation date, null while unknown. */
export const sentStep = (x: RelanceRow) => ({
  step: x.step,
  grade: x.grade,
  date: String(x.date),
  ...(x.step === 'mise_en_demeure'
    ? { presented: x.first_presented_at ? parisDate(x.first_presented_at) : null }
    : {}),
});
