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
