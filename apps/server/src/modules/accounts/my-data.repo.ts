import { desc, eq, inArray, or } from 'drizzle-orm';
import {
  chatMessages,
  coproprietaireSettings,
  coproprietaires,
  coproprietes,
  devices,
  notifications,
  paymentRequests,
  paymentTransactions,
  syndics,
  userSettings,
  users,
  verificationCodes,
} from '../../db/schema/index.js';
import type { Exec } from '../identity/exec.js';

export async function account(db: Exec, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The co-owner records the user holds, with their building and syndic. */
export function records(db: Exec, userId: string) {
  return db
    .select({ c: coproprietaires, copropriete: coproprietes.name, syndic: syndics.name })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietaires.user_id, userId))
    .orderBy(coproprietaires.attached_at);
}

export function recordSettings(db: Exec, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(coproprietaireSettings)
    .where(inArray(coproprietaireSettings.coproprietaire_id, ids));
}

export function settings(db: Exec, userId: string) {
  return db
    .select({ key: userSettings.key, value: userSettings.value })
    .from(userSettings)
    .where(eq(userSettings.user_id, userId));
}

export function userDevices(db: Exec, userId: string) {
  return db
    .select({
      id: devices.id,
      device_name: devices.device_name,
      device_type: devices.device_type,
      device_language: devices.device_language,
      created_at: devices.created_at,
    })
    .from(devices)
    .where(eq(devices.user_id, userId));
}

/** Notifications addressed to the user, and those of the records they hold. */
export function userNotifications(db: Exec, userId: string, recordIds: string[]) {
  const mine = eq(notifications.user_id, userId);
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      category: notifications.category,
      is_read: notifications.is_read,
      created_date: notifications.created_date,
      coproprietaire_id: notifications.coproprietaire_id,
    })
    .from(notifications)
    .where(recordIds.length ? or(mine, inArray(notifications.coproprietaire_id, recordIds)) : mine)
    .orderBy(desc(notifications.created_date));
}

export function messagesBy(db: Exec, recordIds: string[]) {
  if (recordIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: chatMessages.id,
      conversation_id: chatMessages.conversation_id,
      written_as: chatMessages.created_by,
      text: chatMessages.text,
      files: chatMessages.files,
      created_date: chatMessages.created_date,
    })
    .from(chatMessages)
    .where(inArray(chatMessages.created_by, recordIds))
    .orderBy(chatMessages.created_date);
}

export function payments(db: Exec, userId: string, recordIds: string[]) {
  return Promise.all([
    db
      .select({
        id: paymentRequests.id,
        coproprietaire_id: paymentRequests.coproprietaire_id,
        pay_amount_cents: paymentRequests.pay_amount_cents,
        currency: paymentRequests.currency,
        provider: paymentRequests.provider,
        status: paymentRequests.status,
        created_at: paymentRequests.created_at,
        completed_at: paymentRequests.completed_at,
      })
      .from(paymentRequests)
      .where(eq(paymentRequests.user_id, userId)),
    recordIds.length
      ? db
          .select({
            id: paymentTransactions.id,
            coproprietaire_id: paymentTransactions.coproprietaire_id,
            amount_cents: paymentTransactions.amount_cents,
            refunded_cents: paymentTransactions.refunded_cents,
            currency: paymentTransactions.currency,
            date: paymentTransactions.date,
            payment_method: paymentTransactions.payment_method,
            description: paymentTransactions.description,
          })
          .from(paymentTransactions)
          .where(inArray(paymentTransactions.coproprietaire_id, recordIds))
      : Promise.resolve([]),
  ]);
}

// ── deletion ───────────────────────────────────────────────────────────────────

export async function detachAll(db: Exec, userId: string) {
  return db
    .update(coproprietaires)
    .set({ user_id: null, attached_at: null })
    .where(eq(coproprietaires.user_id, userId))
    .returning({ id: coproprietaires.id });
}

/** What belongs to the person alone: their settings, devices, codes and own notifications. */
export async function deletePersonal(db: Exec, userId: string) {
  await db.delete(userSettings).where(eq(userSettings.user_id, userId));
  await db.delete(devices).where(eq(devices.user_id, userId));
  await db.delete(verificationCodes).where(eq(verificationCodes.user_id, userId));
  await db.delete(notifications).where(eq(notifications.user_id, userId));
}

/** The row stays (payments and messages keep an author id); everything that names the person goes. */
export async function eraseUser(db: Exec, userId: string) {
  await db
    .update(users)
    .set({
      email: null,
      phone: null,
      first_name: '',
      last_name: '',
      avatar: null,
      address: null,
      password_hash: null,
      deleted_at: new Date(),
      updated_at: new Date(),
    })
    .where(eq(users.id, userId));
}
