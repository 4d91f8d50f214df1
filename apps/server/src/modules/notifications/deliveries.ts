import { channelsFor, type NotificationKind, type PushPayload } from '@tantieme/contract';
import type { outbox } from '../../db/schema/index.js';
import { notificationEmail, notificationSms } from '../../templates/index.js';
import type { Recipient } from './audience.js';

export interface DeliveryItem {
  row: { id: string; title: string; body: string };
  r: Recipient;
  /** Path inside the app the delivery opens. */
  url: string;
  /** The caller e-mails this recipient itself. */
  noEmail?: boolean;
}

/**
 * The outbox rows of new rows, each channel where the recipient's preferences for this kind of
 * event ask and something exists to reach: a push per registered device, an e-mail to the
 * account's address, an SMS to a phone.
 */
export function deliveries(
  publicUrl: string,
  rowKind: PushPayload['kind'],
  eventKind: NotificationKind,
  items: DeliveryItem[],
) {
  const values: (typeof outbox.$inferInsert)[] = [];
  const meta = { kind: rowKind, event: eventKind };
  for (const { row, r, url, noEmail } of items) {
    if (!r.user_id) continue;
    const go = channelsFor(r.matrix, eventKind, {
      allow: r.allow,
      email: r.email,
      phone: r.phone,
      deviceCount: r.deviceIds.length,
    });
    const link = `${publicUrl}${url}`;
    if (go.push) {
      const payload: PushPayload = {
        title: row.title,
        body: row.body,
        url,
        tag: `${rowKind}-${row.id}`,
        kind: rowKind,
        id: row.id,
      };
      for (const deviceId of r.deviceIds)
        values.push({
          channel: 'push',
          recipient: deviceId,
          body: JSON.stringify(payload),
          ref_id: row.id,
          meta,
        });
    }
    if (go.email && r.email && !noEmail) {
      const m = notificationEmail({ kind: rowKind, title: row.title, body: row.body, link });
      values.push({
        channel: 'email',
        recipient: r.email,
        subject: m.subject,
        body: m.text,
        ref_id: row.id,
        meta,
      });
    }
    if (go.sms && r.phone)
      values.push({
        channel: 'sms',
        recipient: r.phone,
        body: notificationSms({ title: row.title, link }),
        ref_id: row.id,
        meta,
      });
  }
  return values;
}
