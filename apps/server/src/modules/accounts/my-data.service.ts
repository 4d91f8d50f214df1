import type { MyDataExport } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { consentHistories } from '../settings/consent.service.js';
import * as repo from './my-data.repo.js';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const dated = <T extends Record<string, unknown>>(r: T) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/**
 * Everything the product holds about the signed-in user (RGPD art. 15, and art. 20 as JSON):
 * the account, the co-owner records they hold, settings, consents to electronic notification, devices, notifications, the messages
 * they wrote and their payments. Only the user's own rows: every query is keyed by their id or
 * by the records they hold. Secrets (password hash, device tokens) are never part of it.
 */
export async function myData(db: Db, userId: string): Promise<MyDataExport> {
  const user = await repo.account(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const held = await repo.records(db, userId);
  const ids = held.map((r) => r.c.id);
  const [recordSettings, settings, devices, notifications, messages, [requests, transactions], consents] =
    await Promise.all([
      repo.recordSettings(db, ids),
      repo.settings(db, userId),
      repo.userDevices(db, userId),
      repo.userNotifications(db, userId, ids),
      repo.messagesBy(db, ids),
      repo.payments(db, userId, ids),
      consentHistories(db, ids),
    ]);
  return {
    exported_at: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      phone: user.phone,
      first_name: user.first_name,
      last_name: user.last_name,
      address: user.address ?? null,
      has_avatar: !!user.avatar,
      created_at: iso(user.created_at),
    },
    records: held.map(({ c, copropriete, syndic }) => ({
      id: c.id,
      copropriete,
      syndic,
      display_name: c.display_name,
      civility: c.civility,
      first_name: c.first_name,
      last_name: c.last_name,
      company: c.company,
      address: c.address ?? null,
      contacts: c.contacts,
      members: c.members,
      user_supplement_info: c.user_supplement_info ?? null,
      is_member_syndicat: c.is_member_syndicat,
      is_president: c.is_president,
      attached_at: iso(c.attached_at),
      settings: Object.fromEntries(
        recordSettings.filter((s) => s.coproprietaire_id === c.id).map((s) => [s.key, s.value]),
      ),
    })),
    settings: Object.fromEntries(settings.map((s) => [s.key, s.value])),
    consents,
    devices: devices.map(dated),
    notifications: notifications.map(dated),
    messages: messages.map(dated),
    payments: [
      ...requests.map((r) => ({ kind: 'checkout', ...dated(r) })),
      ...transactions.map((t) => ({ kind: 'payment', ...dated(t) })),
    ],
  };
}
