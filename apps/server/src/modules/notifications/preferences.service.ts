import {
  FUND_CALL_EMAIL_CELL,
  hasContactEmail,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  preferenceMatrix,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type { OwnedRecord } from '../access/access.service.js';
import { getRecordSettings, updateRecordSettings } from '../settings/settings.service.js';
import * as repo from './preferences.repo.js';

/** A record's channels per kind of event, with the switches and addresses they depend on. */
export async function getPreferences(db: Db, row: OwnedRecord): Promise<NotificationPreferences> {
  const [settings, stored, phone] = await Promise.all([
    getRecordSettings(db, row),
    repo.findPreferences(db, row.coproprietaire.id),
    repo.accountPhone(db, row.coproprietaire.user_id),
  ]);
  const contact = row.coproprietaire.user_supplement_info?.contact;
  return {
    matrix: preferenceMatrix(stored, settings['receive-appel-de-fond-via-email']),
    allow: settings['allow-receive-notifications'] === '1',
    has_phone: !!(phone ?? contact?.phone),
    has_contact_email: hasContactEmail(contact),
  };
}

const isFundCallCell = (c: { kind: string; channel: string }) =>
  c.kind === FUND_CALL_EMAIL_CELL.kind && c.channel === FUND_CALL_EMAIL_CELL.channel;

/**
 * Changes some cells. The fund-call e-mail cell is the SPEC §3 setting itself: written through
 * the settings (its contact e-mail rule and the syndic's webhook), before anything else so a
 * refusal changes nothing.
 */
export async function updatePreferences(
  db: Db,
  row: OwnedRecord,
  userId: string,
  changes: NotificationPreferencesUpdate['changes'],
): Promise<NotificationPreferences> {
  const last = [...new Map(changes.map((c) => [`${c.kind}:${c.channel}`, c])).values()];
  const fundCall = last.find(isFundCallCell);
  if (fundCall)
    await updateRecordSettings(db, row, userId, [
      { key: 'receive-appel-de-fond-via-email', value: fundCall.enabled ? '1' : '0' },
    ]);
  await repo.upsertPreferences(
    db,
    row.coproprietaire.id,
    last.filter((c) => !isFundCallCell(c)),
  );
  return getPreferences(db, row);
}
