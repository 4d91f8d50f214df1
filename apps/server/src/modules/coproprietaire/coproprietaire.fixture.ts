import { coproprietaireEndpoints as E, buildPath } from '@tantieme/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** The fixture of the co-owner record tests: each test file builds its own app on a fresh database. */
export let t: TestApp;
export async function setUp() {
  t = await createTestApp();
}

export const db = () => t.database.db;
let ipSeq = 0;
/** Each call from its own IP unless one is given, so the per-IP limit does not mix tests. */
export const call = (
  method: string,
  path: string,
  headers: Record<string, string> = {},
  payload?: unknown,
  ip = `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${path}`,
    headers,
    remoteAddress: ip,
    ...(payload ? { payload: payload as object } : {}),
  });
export const attachPath = (code: string) => buildPath(E.attach.path, { code });
export const removePath = (id: string) => buildPath(E.remove.path, { id });
export const detailsPath = (id: string, id2: string) => buildPath(E.details.path, { id, id2 });
export const byCoproPath = (id: string) => buildPath(E.byCopropriete.path, { id });
