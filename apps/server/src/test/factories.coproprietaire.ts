import { PENDING_ATTACH_SETTING_KEY } from '@tantieme/contract';
import type { Db } from '../db/client.js';
import { notifications, previewTokens, userSettings } from '../db/schema/index.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { previewTokenRow, userSettingRow } from '../../seed/builders/identity.js';
import { notificationRow } from '../../seed/builders/inbox.js';

/** A read-only syndic preview token for one record; returns the header to send. */
export async function makePreviewToken(db: Db, syndicId: string, coproprietaireId: string) {
  const token = randomToken();
  await db.insert(previewTokens).values(
    previewTokenRow({
      token_hash: sha256(token),
      syndic_id: syndicId,
      coproprietaire_id: coproprietaireId,
      expires_at: new Date(Date.now() + 3600_000),
    }),
  );
  return { 'x-preview-token': token };
}

export async function setPendingAttach(db: Db, userId: string, coproprietaireId: string) {
  await db
    .insert(userSettings)
    .values(userSettingRow({ user_id: userId, key: PENDING_ATTACH_SETTING_KEY, value: coproprietaireId }));
}

export async function makeUnreadNotifications(db: Db, userId: string, coproprietaireId: string, n: number) {
  for (let i = 0; i < n; i++) {
    await db.insert(notifications).values(
      notificationRow({
        user_id: userId,
        coproprietaire_id: coproprietaireId,
        title: `Notification ${i + 1}`,
        body: 'Nouvelle information de votre syndic',
        is_read: false,
      }),
    );
  }
}
