import { DELETE_ACCOUNT_WORD } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { enqueue } from '../../platform/outbox.js';
import { accountDeletedEmail } from '../../templates/index.js';
import { verifyPassword } from '../../lib/password.js';
import { endSessionRows, passwordHashOf, type UserRow } from '../identity/users.js';
import type { SocketCloser } from '../identity/session.service.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import * as repo from './my-data.repo.js';

/**
 * Deletes the user's account (RGPD art. 17), confirmed by the password when the account has one
 * and always by the typed word: every session revoked, devices, settings, codes and own
 * notifications removed, the personal fields of the user erased. The user row stays as an
 * empty shell (deleted_at) so what was paid and written keeps an author id. The co-owner
 * records are the syndic's: they stay, detached, and the syndic hears of each
 * (`coproprietaire.detached`, reason `account_deleted`; decision 113). The address the account had
 * receives one last e-mail confirming the deletion, queued in the same transaction.
 */
export async function deleteMyAccount(
  db: Db,
  user: UserRow,
  body: { password: string | null; confirmation: string },
  sockets?: SocketCloser,
  opts: { production: boolean; now?: Date } = { production: false },
) {
  if (body.confirmation.toUpperCase() !== DELETE_ACCOUNT_WORD)
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: { confirmation: `Tapez ${DELETE_ACCOUNT_WORD} pour confirmer.` },
    });
  const hash = await passwordHashOf(db, user.id);
  if (hash && !(body.password && (await verifyPassword(hash, body.password))))
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: { password: 'Le mot de passe ne correspond pas.' },
    });
  const { sessionIds, detached } = await db.transaction(async (tx) => {
    const records = await repo.detachAll(tx, user.id);
    for (const r of records)
      await queueCoproprietaireEvent(tx, r.id, 'coproprietaire.detached', { reason: 'account_deleted' });
    await repo.deletePersonal(tx, user.id);
    await repo.eraseUser(tx, user.id);
    const sessionIds = await endSessionRows(tx as unknown as Db, user.id);
    if (user.email) {
      const fullName = `${user.first_name} ${user.last_name}`.trim();
      const m = accountDeletedEmail({ fullName, detached: records.length, at: opts.now ?? new Date() });
      await enqueue(
        tx,
        {
          channel: 'email',
          recipient: user.email,
          subject: m.subject,
          body: m.text,
          meta: { kind: 'account-deleted' },
        },
        opts,
      );
    }
    return { sessionIds, detached: records.length };
  });
  for (const id of sessionIds) sockets?.disconnectSession(id);
  return { ok: true, detached };
}
