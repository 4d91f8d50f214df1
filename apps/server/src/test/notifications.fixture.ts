import { makeCoproprietaire, makeCopropriete, makeSignedInUser } from './factories.js';
import type { TestApp } from './harness.js';

/** A browser's push subscription, as the device-token calls carry it. */
export const SUB = (n: number) =>
  JSON.stringify({
    endpoint: `https://push.example.test/send/${n}`,
    keys: { p256dh: `p${n}`, auth: `a${n}` },
  });

/**
 * The notification tests' co-owners and calls, on the app `app()` gives once the file's beforeAll
 * made it.
 */
export function notificationCalls(app: () => TestApp) {
  const db = () => app().database.db;
  /** What notify() and sendMessage() take. */
  const deps = () => app().app;

  /** A signed-in user holding one record of a new copropriété. */
  async function owner() {
    const s = await makeSignedInUser(db());
    const copro = await makeCopropriete(db());
    const rec = await makeCoproprietaire(db(), { user_id: s.user.id, copropriete_id: copro.id });
    return { ...s, copro, rec };
  }

  const get = (url: string, headers: Record<string, string>) =>
    app().app.inject({ method: 'GET', url, headers });
  const put = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    payload === undefined
      ? app().app.inject({ method: 'PUT', url, headers })
      : app().app.inject({ method: 'PUT', url, headers, payload });
  const del = (url: string, headers: Record<string, string>) =>
    app().app.inject({ method: 'DELETE', url, headers });

  return { db, deps, owner, get, put, del };
}
