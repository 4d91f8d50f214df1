/**
 * Child process of the outbox crash test: claims due rows on DATABASE_URL, then kills itself
 * with SIGKILL before sending anything (a worker dying between claim and send).
 */
import { openDatabase } from '../db/client.js';
import { deliverPending } from '../outbox/worker.js';

const database = await openDatabase({ url: process.env.DATABASE_URL as string });
const never = async () => {
  throw new Error('must not send');
};
await deliverPending(
  database.db,
  { kind: 'smtp', send: never, close: async () => {} },
  { kind: 'http', send: never },
  undefined,
  {
    push: { kind: 'web-push', publicKey: 'x', send: never },
    afterClaim: (ids) => {
      process.stdout.write(`claimed ${ids.length}\n`);
      process.kill(process.pid, 'SIGKILL');
      return new Promise(() => {});
    },
  },
);
