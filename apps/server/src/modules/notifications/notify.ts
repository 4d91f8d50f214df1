import { insertAtOnce } from '../../db/bulk.js';
import { type Audience, resolveAudience, type Writer } from './audience.js';
import {
  type MessageInput,
  type NotificationInput,
  type NotifyDeps,
  type Plan,
  planMessage,
  planNotification,
  type Staged,
} from './plan.js';

/**
 * THE way every domain speaks to co-owners (documents, assemblies, chat, signalements, syndic API):
 * `notify` / `sendMessage` write the rows and their outbox entries (push per device, e-mail and
 * SMS where the record's preferences for that kind of event ask) in one transaction, then emit
 * the realtime events after the commit. A caller already inside its own transaction uses
 * `stageNotification` / `stageMessage` with its `tx` and calls the returned `afterCommit()` once
 * committed. The parts: `audience.ts` (who, with their addresses and preferences), `plan.ts`
 * (the rows), `deliveries.ts` (their outbox entries), `events.ts` (the realtime events).
 */

export { type Audience, type Recipient, resolveAudience, type Tx } from './audience.js';
export { emitMessageEvents, emitNotificationEvents } from './events.js';
export {
  type MessageInput,
  type NotificationInput,
  type NotifyDeps,
  type Plan,
  planMessage,
  planNotification,
  type Staged,
  SYSTEM_SENDER,
} from './plan.js';

const EMPTY: Staged = { ids: [], recipients: [], afterCommit: async () => {} };

/** Writes a plan (one statement) and answers what it staged. */
export async function writePlan(tx: Writer, plan: Plan): Promise<Staged> {
  if (plan.parts[0].rows.length === 0) return EMPTY;
  const [returned] = await insertAtOnce(tx, plan.parts);
  return plan.finish(returned);
}

/** Writes the notifications and their deliveries inside `tx`; emit with `afterCommit()`. */
export async function stageNotification(
  tx: Writer,
  deps: NotifyDeps,
  audience: Audience,
  input: NotificationInput,
): Promise<Staged> {
  const recipients = await resolveAudience(tx, audience);
  return writePlan(tx, planNotification(deps, recipients, input));
}

/** Writes the messages (only to records) and their deliveries inside `tx`. */
export async function stageMessage(
  tx: Writer,
  deps: NotifyDeps,
  audience: Exclude<Audience, { userId: string }>,
  input: MessageInput,
): Promise<Staged> {
  const recipients = await resolveAudience(tx, audience);
  return writePlan(tx, planMessage(deps, recipients, input));
}

/** Creates notifications for the audience (own transaction), then emits them live. */
export async function notify(deps: NotifyDeps, audience: Audience, input: NotificationInput) {
  const staged = await deps.db.transaction((tx) => stageNotification(tx, deps, audience, input));
  await safeEmit(staged);
  return { ids: staged.ids, recipients: staged.recipients };
}

/** Creates syndic messages for the audience (own transaction), then emits them live. */
export async function sendMessage(
  deps: NotifyDeps,
  audience: Exclude<Audience, { userId: string }>,
  input: MessageInput,
) {
  const staged = await deps.db.transaction((tx) => stageMessage(tx, deps, audience, input));
  await safeEmit(staged);
  return { ids: staged.ids, recipients: staged.recipients };
}

/** A realtime failure must not fail what is already committed: clients re-fetch on reconnect. */
async function safeEmit(staged: Staged) {
  try {
    await staged.afterCommit();
  } catch {
    // Already stored and queued for push; the next fetch shows it.
  }
}
