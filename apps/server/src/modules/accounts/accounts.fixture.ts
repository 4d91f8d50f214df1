import { createTestApp, type TestApp } from '../../test/harness.js';

/** The fixture of the accounts tests: each test file builds its own app on a fresh database. */
export let t: TestApp;
export async function setUp() {
  t = await createTestApp();
}

/** A six-digit code other than `code`. */
export const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
