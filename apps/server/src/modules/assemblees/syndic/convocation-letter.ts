import {
  estimatedPostalPresentation,
  isEmail,
  notificationChannel,
  requestInForce,
} from '@tantieme/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { convocationEmail } from '../../../templates/index.js';
import { type LreAdapter, LreUnavailableError } from '../../../platform/lre/index.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import * as publishRepo from './publish.repo.js';
import * as convRepo from './convocations.repo.js';
import { depositPvLetters } from '../pv/pv-deposit.js';

/** A participant to convene, with their requests for the post (loi art. 42-1), in force or not. */
export type Target = Awaited<ReturnType<typeof publishRepo.publishTargets>>[number] & {
  postal_requests: { id: string; received_at: Date; withdrawn_at: Date | null }[];
};
type Ag = { id: string; name: string; date: Date; valid_to: Date | null };

/** The address an electronic notice goes to: the account's e-mail, else the record's contact. */
export function emailOf(t: Target): string | null {
  if (t.user_email && isEmail(t.user_email)) return t.user_email;
  return t.owner.contacts.flatMap((c) => c.emails ?? []).find((e) => isEmail(e.value))?.value ?? null;
}

/**
 * Loi 1965 art. 42-1 as rewritten by loi 2024-322 (contract `notificationChannel`): a lettre
 * recommandée électronique unless a request for the post is in force, or no address is known. The
 * first presentation is foreseen at sending for an LRE (the provider notifies the recipient at once)
 * and on the next working day for a lettre recommandée (décret 1967 art. 64 and 64-1: the 21 days
 * run from the day after).
 */
export function channelOf(t: Target, now: Date) {
  const email = emailOf(t);
  const { channel } = notificationChannel({ email, requests: t.postal_requests, at: now });
  const lre = channel === 'lre';
  return {
    channel,
    email: lre ? email : null,
    postalRequestId: requestInForce(t.postal_requests, now)?.id ?? null,
    foreseenPresentation: lre ? now : estimatedPostalPresentation(now),
  };
}

export function convocationText(config: Config, ag: Ag, owner: Target['owner'], coproName: string) {
  const { subject, text } = convocationEmail({
    displayName: owner.display_name,
    assembly: ag.name,
    copropriete: coproName,
    date: ag.date,
    voteUntil: ag.valid_to,
    link: `${config.publicUrl}/${owner.id}/assemblee/${ag.id}`,
  });
  return { subject, content: text };
}

type LetterDeps = { db: Db; config: Config; lre: LreAdapter; storage: StorageAdapter };

/**
 * Deposits with the LRE provider every electronic convocation of the assembly not deposited yet:
 * the outbox's `lre-deposit` kind, queued by the publication's transaction (no network call inside
 * it), tried at once after the commit and retried by the worker. A failure is kept on the letter's
 * row; a letter deposited is never sent again. Returns how many failed, the PV's letters included.
 */
export async function depositPendingLre(deps: LetterDeps, assembleeId: string) {
  const ag = await publishRepo.assembleeForLetters(deps.db, assembleeId);
  if (!ag) return 0;
  const [targets, file, coproName] = await Promise.all([
    publishRepo.publishTargets(deps.db, ag.id),
    ag.convocation_file_id ? publishRepo.findFile(deps.db, ag.convocation_file_id) : null,
    publishRepo.coproprieteName(deps.db, ag.copropriete_id),
  ]);
  // The same kind carries the PV's notifications of the assembly (pv/pv-deposit.ts).
  const pv = await depositPvLetters(deps, ag.id);
  return pv + (await depositLre(deps, ag, targets, coproName, file ?? null));
}

async function depositLre(
  deps: LetterDeps,
  ag: Ag,
  targets: Pick<Target, 'owner'>[],
  coproName: string,
  file: { name: string; content_type: string; storage_key: string } | null,
) {
  const pending = await convRepo.undepositedLre(deps.db, ag.id);
  if (!pending.length) return 0;
  const byOwner = new Map(targets.map((t) => [t.owner.id, t]));
  const data = file ? await deps.storage.get(file.storage_key) : null;
  let failed = 0;
  let unavailable = false;
  for (const row of pending) {
    const t = byOwner.get(row.coproprietaire_id);
    if (!t || !row.recipient) continue;
    // The provider stopped answering: the rest stay undeposited, for the outbox's next try.
    if (unavailable) {
      failed += 1;
      continue;
    }
    const { subject, content } = convocationText(deps.config, ag, t.owner, coproName);
    try {
      const dep = await deps.lre.send({
        reference: `${ag.id}/${t.owner.id}`,
        to: {
          email: row.recipient,
          first_name: t.owner.first_name,
          last_name: t.owner.last_name ?? t.owner.display_name,
          company: t.owner.company,
        },
        subject,
        content,
        attachment: file && data ? { name: file.name, content_type: file.content_type, data } : null,
      });
      await convRepo.updateConvocation(deps.db, ag.id, t.owner.id, {
        provider: dep.provider,
        sending_id: dep.sending_id,
        sent_at: dep.sent_at,
        proof: { deposit: dep.proof },
        error: null,
      });
    } catch (e) {
      failed += 1;
      unavailable = e instanceof LreUnavailableError;
      await convRepo.updateConvocation(deps.db, ag.id, t.owner.id, {
        error: e instanceof Error ? e.message.slice(0, 500) : String(e),
      });
    }
  }
  return failed;
}
