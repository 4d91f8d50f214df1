import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { newPglite, openDatabase } from '../db/client.js';

import './harness.js';

/**
 * Migrates one database once; every test file then starts from a copy (Epic Stack's "migrated
 * base database copied per test file") instead of migrating again: a PGlite dump, or on the
 * PostgreSQL server of TEST_DATABASE_URL a template database.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    project.provide('pgliteTemplate', '');
    const name = `t_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', name);
    return async () => {
      await adminQuery(base, `drop database if exists ${name} with (force)`);
    };
  }
  project.provide('pgTemplate', '');
  const pg = newPglite();
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

async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
