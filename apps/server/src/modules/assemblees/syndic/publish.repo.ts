import { asc, eq } from 'drizzle-orm';
import {
  assembleeParticipants,
  assemblees,
  coproprietaires,
  coproprietes,
  files,
  users,
} from '../../../db/schema/index.js';
import type { Executor } from '../../syndic-api/kit/index.js';

/** The participants with their account e-mail (their consent is the settings module's: consent.service). */
export async function publishTargets(db: Executor, agId: string) {
  return db
    .select({
      participant: assembleeParticipants,
      owner: coproprietaires,
      user_email: users.email,
    })
    .from(assembleeParticipants)
    .innerJoin(coproprietaires, eq(coproprietaires.id, assembleeParticipants.coproprietaire_id))
    .leftJoin(users, eq(users.id, coproprietaires.user_id))
    .where(eq(assembleeParticipants.assemblee_id, agId))
    .orderBy(asc(coproprietaires.id));
}

export function findFile(db: Executor, id: string) {
  return db
    .select()
    .from(files)
    .where(eq(files.id, id))
    .then((r) => r[0]);
}

export async function coproprieteName(db: Executor, id: string) {
  const [r] = await db.select({ name: coproprietes.name }).from(coproprietes).where(eq(coproprietes.id, id));
  return r?.name ?? '';
}

/** What a convocation letter of the assembly needs, read again by the outbox's deposit. */
export async function assembleeForLetters(db: Executor, id: string) {
  const [r] = await db
    .select({
      id: assemblees.id,
      name: assemblees.name,
      date: assemblees.date,
      valid_to: assemblees.valid_to,
      copropriete_id: assemblees.copropriete_id,
      convocation_file_id: assemblees.convocation_file_id,
    })
    .from(assemblees)
    .where(eq(assemblees.id, id));
  return r;
}
