import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  assembleeParticipants,
  assembleeRecords,
  coproprietaireSettings,
  coproprietaires,
  coproprietes,
  invitations,
  ledgerLines,
  outbox,
  paymentTransactions,
  syndicAuditLog,
  syndicWebhookDeliveries,
  votes,
} from '../../../db/schema/index.js';
import type { Executor } from '../kit/index.js';

/** The record, only if it belongs to this syndic. */
export async function findRecord(db: Executor, syndicId: string, id: string) {
  const [row] = await db
    .select({ c: coproprietaires })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(and(eq(coproprietaires.id, id), eq(coproprietes.syndic_id, syndicId)))
    .limit(1);
  return row?.c;
}

/** Ids among these whose record was removed from its building. */
export async function removedIds(db: Executor, ids: string[]) {
  return new Set((await removedRecords(db, ids)).keys());
}

/** The records among these removed from their building: id → whether it was also anonymised. */
export async function removedRecords(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, boolean>();
  const rows = await db
    .select({
      id: coproprietaires.id,
      anonymised: sql<boolean>`${coproprietaires.anonymised_at} is not null`,
    })
    .from(coproprietaires)
    .where(and(inArray(coproprietaires.id, ids), sql`${coproprietaires.removed_at} is not null`));
  return new Map(rows.map((r) => [r.id, r.anonymised]));
}

export async function setRecord(db: Executor, id: string, v: Partial<typeof coproprietaires.$inferInsert>) {
  await db.update(coproprietaires).set(v).where(eq(coproprietaires.id, id));
}

export async function settingsOf(db: Executor, id: string) {
  return db
    .select({ key: coproprietaireSettings.key, value: coproprietaireSettings.value })
    .from(coproprietaireSettings)
    .where(eq(coproprietaireSettings.coproprietaire_id, id));
}

export async function deleteSettings(db: Executor, id: string) {
  await db.delete(coproprietaireSettings).where(eq(coproprietaireSettings.coproprietaire_id, id));
}

/**
 * Invitations keep who they were sent to in `metadata`: only the sending channel stays. The
 * messages that carried them (recipient, text with the name) leave the outbox.
 */
export async function eraseInvitations(db: Executor, id: string) {
  await db
    .delete(outbox)
    .where(
      sql`${outbox.meta}->>'invitation_id' in (select ${invitations.id}::text from ${invitations} where ${invitations.coproprietaire_id} = ${id})`,
    );
  await db
    .update(invitations)
    .set({
      metadata: sql`jsonb_build_object('sent', coalesce(${invitations.metadata}->'sent', '{}'::jsonb) - 'recipient_masked')`,
    })
    .where(eq(invitations.coproprietaire_id, id));
}

/** Personal fields an earlier PUT wrote into this record's audit entries go too. */
export async function eraseAuditFields(db: Executor, syndicId: string, id: string, fields: string[]) {
  await db
    .update(syndicAuditLog)
    .set({ changes: sql`${syndicAuditLog.changes} - ${sql.raw(`'{${fields.join(',')}}'::text[]`)}` })
    .where(and(eq(syndicAuditLog.syndic_id, syndicId), eq(syndicAuditLog.resource_id, id)));
}

/**
 * The webhook events about the record keep their envelope and the record's ids, their data goes:
 * a chat message or a name sent to the syndic's systems is personal data the log must not keep.
 * A pending event is then delivered in that form.
 */
export async function redactWebhookBodies(db: Executor, syndicId: string, id: string) {
  const rows = await db
    .update(syndicWebhookDeliveries)
    .set({
      body: sql`json_build_object(
        'id', ${syndicWebhookDeliveries.event_id},
        'type', ${syndicWebhookDeliveries.event_type},
        'created_at', (${syndicWebhookDeliveries.body})::json->>'created_at',
        'data', json_build_object(
          'coproprietaire', (${syndicWebhookDeliveries.body})::json->'data'->'coproprietaire',
          'redacted', true))::text`,
    })
    .where(
      and(
        eq(syndicWebhookDeliveries.syndic_id, syndicId),
        sql`strpos(${syndicWebhookDeliveries.body}, ${id}) > 0`,
      ),
    )
    .returning({ id: syndicWebhookDeliveries.id });
  return rows.length;
}

const count = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

/** What stays after anonymisation: accounting and the assembly register. */
export async function keptCounts(db: Executor, id: string) {
  const n = sql<number>`count(*)::int`;
  return {
    ledger_lines: await count(
      db.select({ n }).from(ledgerLines).where(eq(ledgerLines.coproprietaire_id, id)),
    ),
    payments: await count(
      db.select({ n }).from(paymentTransactions).where(eq(paymentTransactions.coproprietaire_id, id)),
    ),
    assembly_records:
      (await count(
        db.select({ n }).from(assembleeRecords).where(eq(assembleeRecords.coproprietaire_id, id)),
      )) +
      (await count(db.select({ n }).from(votes).where(eq(votes.coproprietaire_id, id)))) +
      (await count(
        db.select({ n }).from(assembleeParticipants).where(eq(assembleeParticipants.coproprietaire_id, id)),
      )),
  };
}
