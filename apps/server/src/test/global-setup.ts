import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

import './harness.js';

/**
 * Migrates one PGlite database once and dumps it; every test file then starts from a copy
 * (Epic Stack's "migrated base database copied per test file"), instead of migrating again.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const pg = new PGlite();
  const database = await openDatabase({ pglite: pg });
  await database.migrate();
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = path.join(os.tmpdir(), `tantieme-pglite-template-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}
