import {
  chatMessages,
  communications,
  messages,
  notifications,
  signalementEvents,
  signalements,
} from '../src/db/schema/index.js';
import type { TestApp } from '../src/test/harness.js';
import type { localStorageAdapter } from '../src/platform/storage.js';
import type { DemoResult } from './demo.js';

/**
 * The demo seeded once for all its checks (`demo.test.ts` fills it in its `beforeAll`; each
 * `demo.checks.*.ts` reads it in its own): seeding takes minutes, so the checks share one run.
 */
export const demoSuite = {} as {
  t: TestApp;
  storage: ReturnType<typeof localStorageAdapter>;
  demo: DemoResult;
  emptyBefore: boolean;
};

const db = () => demoSuite.t.database.db;

/**
 * The texts of the seed a co-owner reads in the interface: notifications, messages, chat and
 * communications. SMS keep the GSM-7 alphabet (no narrow no-break space): left out on request.
 */
export async function seededTexts({ withSms = true } = {}): Promise<string[]> {
  const n = await db().select({ a: notifications.title, b: notifications.body }).from(notifications);
  const m = await db().select({ a: messages.title, b: messages.body }).from(messages);
  const c = await db().select({ a: chatMessages.text }).from(chatMessages);
  const sg = await db().select({ a: signalements.title, b: signalements.description }).from(signalements);
  const se = await db().select({ a: signalementEvents.text }).from(signalementEvents);
  const k = await db()
    .select({ a: communications.subject, b: communications.content, how: communications.sending_method })
    .from(communications);
  return [
    ...n.flatMap((r) => [r.a, r.b]),
    ...m.flatMap((r) => [r.a, r.b]),
    ...c.map((r) => r.a),
    ...sg.flatMap((r) => [r.a, r.b]),
    ...se.map((r) => r.a),
    ...k
      .filter((r) => withSms || r.how !== 'sms')
      .flatMap((r) => (r.how === 'sms' && !withSms ? [] : [r.a, r.b])),
  ].filter((x): x is string => !!x);
}
