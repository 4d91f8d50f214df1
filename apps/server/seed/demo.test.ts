import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { createSealer } from '../src/platform/sealing/index.js';
import { localStorageAdapter } from '../src/platform/storage.js';
import { createTestApp, type TestApp } from '../src/test/harness.js';
import { type DemoResult, isDatabaseEmpty, seedDemo } from './demo.js';
import { demoAccountChecks } from './demo.checks.accounts.js';
import { demoAssembleeChecks } from './demo.checks.assemblees.js';
import { demoDocumentChecks } from './demo.checks.documents.js';
import { demoFinanceChecks } from './demo.checks.finances.js';
import { demoInboxChecks } from './demo.checks.inbox.js';
import { demoSuite } from './demo.suite.js';

let t: TestApp;
let dir: string;
let storage: ReturnType<typeof localStorageAdapter>;
let demo: DemoResult;
let emptyBefore: boolean;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'tantieme-seed-'));
  storage = localStorageAdapter(dir, 'secret');
  emptyBefore = await isDatabaseEmpty(db());
  demo = await seedDemo(db(), storage, { sealer: createSealer({ dataDir: dir }) });
  console.log(`seedDemo: ${demo.durationMs} ms`);
}, 180_000);

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('demo seed', () => {
  beforeAll(() => {
    Object.assign(demoSuite, { t, storage, demo, emptyBefore });
  });
  demoAccountChecks();
  demoFinanceChecks();
  demoDocumentChecks();
  demoAssembleeChecks();
  demoInboxChecks();
});
