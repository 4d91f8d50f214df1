import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import {
  appelsAnticipes,
  coproprietaires,
  coproprietes,
  demandesVoiePostale,
  ledgerLines,
  recouvrementSettings,
  relances,
  syndics,
  users,
} from '../../db/schema/index.js';

export type RelanceRow = typeof relances.$inferSelect;

export async function settingsOf(db: Executor, coproprieteId: string) {
  const [row] = await db
    .select()
    .from(recouvrementSettings)
    .where(eq(recouvrementSettings.copropriete_id, coproprieteId));
  return row ?? null;
}

export async function saveSettings(db: Executor, v: typeof recouvrementSettings.$inferInsert) {
  const { copropriete_id: _id, ...set } = v;
  await db
    .insert(recouvrementSettings)
    .values(v)
    .onConflictDoUpdate({
      target: recouvrementSettings.copropriete_id,
      set: { ...set, updated_at: new Date() },
    });
}

/** The building's debits fallen due by `today` and not settled, with their co-owner, oldest first. */
export function dueDebits(db: Executor, coproprieteId: string, today: string, ownerId?: string) {
  return db
    .select({
      id: ledgerLines.id,
      coproprietaire_id: ledgerLines.coproprietaire_id,
      name: coproprietaires.display_name,
      date: ledgerLines.date,
      remaining_cents: ledgerLines.remaining_cents,
      line_name: ledgerLines.name,
      bill_type: ledgerLines.bill_type,
    })
    .from(ledgerLines)
    .innerJoin(coproprietaires, eq(coproprietaires.id, ledgerLines.coproprietaire_id))
    .where(
      and(
        eq(ledgerLines.copropriete_id, coproprieteId),
        eq(ledgerLines.amount_type, 'debit'),
        gt(ledgerLines.remaining_cents, 0),
        lte(ledgerLines.date, today),
        isNull(coproprietaires.removed_at),
        ownerId ? eq(ledgerLines.coproprietaire_id, ownerId) : undefined,
      ),
    )
    .orderBy(asc(ledgerLines.date), asc(ledgerLines.created_at));
}

export function relancesOf(db: Executor, coproprieteId: string, ownerIds?: string[]) {
  return db
    .select()
    .from(relances)
    .where(
      and(
        eq(relances.copropriete_id, coproprieteId),
        ownerIds ? inArray(relances.coproprietaire_id, ownerIds) : undefined,
      ),
    )
    .orderBy(asc(relances.created_at));
}

export async function relanceById(db: Executor, id: string) {
  const [row] = await db.select().from(relances).where(eq(relances.id, id));
  return row ?? null;
}

/** Records a step once (the unique index decides); null when it was already sent. */
export async function insertRelance(tx: Tx, v: typeof relances.$inferInsert) {
  const [row] = await tx.insert(relances).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateRelance(db: Executor, id: string, v: Partial<typeof relances.$inferInsert>) {
  await db.update(relances).set(v).where(eq(relances.id, id));
}

export async function insertAnticipated(tx: Tx, rows: (typeof appelsAnticipes.$inferInsert)[]) {
  if (rows.length) await tx.insert(appelsAnticipes).values(rows);
}

/** What the art. 42-1 channel needs of a co-owner: the e-mail of their account, their requests for the post. */
export async function addressOf(db: Executor, coproprietaireId: string) {
  const [owner] = await db
    .select({
      id: coproprietaires.id,
      display_name: coproprietaires.display_name,
      first_name: coproprietaires.first_name,
      last_name: coproprietaires.last_name,
      company: coproprietaires.company,
      email: users.email,
    })
    .from(coproprietaires)
    .leftJoin(users, eq(users.id, coproprietaires.user_id))
    .where(eq(coproprietaires.id, coproprietaireId));
  if (!owner) return null;
  const requests = await db
    .select()
    .from(demandesVoiePostale)
    .where(eq(demandesVoiePostale.coproprietaire_id, coproprietaireId));
  return { owner, requests };
}

export async function ownerInBuilding(db: Executor, coproprieteId: string, id: string) {
  const [row] = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(and(eq(coproprietaires.id, id), eq(coproprietaires.copropriete_id, coproprieteId)));
  return Boolean(row);
}

/** The mises en demeure deposited as registered e-mail whose first presentation is not known yet. */
export function unpresentedLetters(db: Executor, coproprieteId: string) {
  return db
    .select({ id: relances.id, sending_id: relances.sending_id })
    .from(relances)
    .where(
      and(
        eq(relances.copropriete_id, coproprieteId),
        eq(relances.step, 'mise_en_demeure'),
        eq(relances.channel, 'lre'),
        isNotNull(relances.sending_id),
        isNull(relances.first_presented_at),
      ),
    );
}

/** A letter sent in a building, with what its PDF prints: the syndic, the building, the co-owner. */
export async function letterOf(db: Executor, coproprieteId: string, relanceId: string) {
  const [row] = await db
    .select({
      id: relances.id,
      step: relances.step,
      date: relances.date,
      channel: relances.channel,
      letter: relances.letter,
      owner: coproprietaires.display_name,
      copro: coproprietes.name,
      address: coproprietes.address,
      syndic: syndics.name,
    })
    .from(relances)
    .innerJoin(coproprietaires, eq(coproprietaires.id, relances.coproprietaire_id))
    .innerJoin(coproprietes, eq(coproprietes.id, relances.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(and(eq(relances.id, relanceId), eq(relances.copropriete_id, coproprieteId)));
  return row ?? null;
}
