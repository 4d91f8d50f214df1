import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import {
  coproprietaires,
  paymentRequests,
  sepaAnswers,
  sepaCollectionItems,
  sepaCollections,
  sepaCreditors,
  sepaMandateAccounts,
  sepaMandates,
} from '../../db/schema/index.js';

export type CreditorRow = typeof sepaCreditors.$inferSelect;
export type CollectionRow = typeof sepaCollections.$inferSelect;
export type ItemRow = typeof sepaCollectionItems.$inferSelect;

export async function creditorOf(db: Executor, coproprieteId: string) {
  const [row] = await db.select().from(sepaCreditors).where(eq(sepaCreditors.copropriete_id, coproprieteId));
  return row ?? null;
}

export async function saveCreditor(db: Executor, v: typeof sepaCreditors.$inferInsert) {
  const [row] = await db
    .insert(sepaCreditors)
    .values(v)
    .onConflictDoUpdate({
      target: sepaCreditors.copropriete_id,
      set: { name: v.name, ics: v.ics, iban: v.iban, bic: v.bic ?? null, updated_at: new Date() },
    })
    .returning();
  return row;
}

export async function saveMandateAccount(db: Executor, mandateId: string, iban: string) {
  await db
    .insert(sepaMandateAccounts)
    .values({ mandate_id: mandateId, iban })
    .onConflictDoUpdate({ target: sepaMandateAccounts.mandate_id, set: { iban } });
}

/** The building's active mandates collected by file, with the debtor's account and name. */
export function fileMandates(db: Executor, coproprieteId: string) {
  return db
    .select({
      mandate: sepaMandates,
      iban: sepaMandateAccounts.iban,
      bic: sepaMandateAccounts.bic,
      owner_name: coproprietaires.display_name,
    })
    .from(sepaMandates)
    .innerJoin(sepaMandateAccounts, eq(sepaMandateAccounts.mandate_id, sepaMandates.id))
    .innerJoin(coproprietaires, eq(coproprietaires.id, sepaMandates.coproprietaire_id))
    .where(
      and(
        eq(coproprietaires.copropriete_id, coproprieteId),
        isNull(sepaMandates.revoked_at),
        isNull(coproprietaires.removed_at),
        eq(sepaMandates.provider, 'fichier'),
      ),
    );
}

export async function insertCollection(tx: Tx, v: typeof sepaCollections.$inferInsert) {
  const [row] = await tx.insert(sepaCollections).values(v).returning();
  return row;
}

export async function insertItems(tx: Tx, rows: (typeof sepaCollectionItems.$inferInsert)[]) {
  if (!rows.length) return [];
  return tx.insert(sepaCollectionItems).values(rows).returning();
}

export function collectionsOf(db: Executor, coproprieteId: string) {
  return db
    .select()
    .from(sepaCollections)
    .where(eq(sepaCollections.copropriete_id, coproprieteId))
    .orderBy(desc(sepaCollections.due_date), desc(sepaCollections.created_at));
}

export async function collection(
  db: Executor,
  coproprieteId: string,
  id: string,
  opts: { lock?: boolean } = {},
) {
  const q = db
    .select()
    .from(sepaCollections)
    .where(and(eq(sepaCollections.id, id), eq(sepaCollections.copropriete_id, coproprieteId)));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row ?? null;
}

/** A collection's items with the debtor's name, account and mandate, in file order. */
export function itemsOf(db: Executor, collectionIds: string[]) {
  if (!collectionIds.length) return Promise.resolve([]);
  return db
    .select({
      item: sepaCollectionItems,
      owner_name: coproprietaires.display_name,
      reference: sepaMandates.reference,
      account_holder: sepaMandates.account_holder,
      signed_at: sepaMandates.signed_at,
      iban: sepaMandateAccounts.iban,
      bic: sepaMandateAccounts.bic,
      request_debits: paymentRequests.debits,
    })
    .from(sepaCollectionItems)
    .innerJoin(coproprietaires, eq(coproprietaires.id, sepaCollectionItems.coproprietaire_id))
    .innerJoin(sepaMandates, eq(sepaMandates.id, sepaCollectionItems.mandate_id))
    .innerJoin(paymentRequests, eq(paymentRequests.id, sepaCollectionItems.payment_request_id))
    .leftJoin(sepaMandateAccounts, eq(sepaMandateAccounts.mandate_id, sepaCollectionItems.mandate_id))
    .where(inArray(sepaCollectionItems.collection_id, collectionIds))
    .orderBy(asc(coproprietaires.display_name), asc(sepaCollectionItems.id));
}

/** The items named by the bank's answer, locked: each changes state once. */
export function itemsByEndToEnd(tx: Tx, coproprieteId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([] as ItemRow[]);
  return tx
    .select()
    .from(sepaCollectionItems)
    .where(
      and(
        eq(sepaCollectionItems.copropriete_id, coproprieteId),
        inArray(sepaCollectionItems.end_to_end_id, ids),
      ),
    )
    .for('update');
}

export async function updateItem(tx: Tx, id: string, v: Partial<typeof sepaCollectionItems.$inferInsert>) {
  await tx.update(sepaCollectionItems).set(v).where(eq(sepaCollectionItems.id, id));
}

export async function markSettled(tx: Tx, id: string) {
  await tx
    .update(sepaCollections)
    .set({ status: 'settled', settled_at: new Date() })
    .where(eq(sepaCollections.id, id));
}

/** Claims an answer file; false when it was imported before. */
export async function claimAnswer(tx: Tx, v: typeof sepaAnswers.$inferInsert) {
  const rows = await tx.insert(sepaAnswers).values(v).onConflictDoNothing().returning({ id: sepaAnswers.id });
  return rows.length > 0;
}

export async function requestOf(tx: Tx, id: string) {
  const [row] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, id)).for('update');
  return row;
}

/** A remise named in a body that is not the building's: the field is wrong (400), not the route. */
export const unknownCollection = () =>
  new AppError('VALIDATION_ERROR', 'Remise inconnue.', {
    status: 400,
    errors: { collection_id: 'Remise inconnue.' },
  });
