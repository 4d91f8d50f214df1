import { buildPath } from '@tantieme/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** The fixture of the settings tests: each test file builds its own app on a fresh database. */
export let t: TestApp;
export async function setUp() {
  t = await createTestApp();
}

export const url = (path: string, params?: Record<string, string>) => `/api${buildPath(path, params)}`;
export type Method = 'GET' | 'POST' | 'PUT';
export const call = (method: Method, u: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: u, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

export const withEmail = { contact: { phone: '+33612345678', email: 'paul@example.fr' }, lots: {} };
