import { buildPath } from '@tantieme/contract';
import type { makeFinanceOwner } from '../../test/factories.finances.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** The fixture of the finances tests: each test file builds its own app on a fresh database. */
export let t: TestApp;
export async function setUp() {
  t = await createTestApp();
}

export const url = (e: { path: string }, params: Record<string, string>, query = '') =>
  `/api${buildPath(e.path, params)}${query}`;

export type Owner = Awaited<ReturnType<typeof makeFinanceOwner>>;
export const ownerParams = (o: Owner) => ({ coproId: o.coproId, id: o.rec.id });
