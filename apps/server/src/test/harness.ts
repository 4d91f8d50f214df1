import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { newPglite, openDatabase, type Database } from '../db/client.js';
import type { Platform } from '../platform/index.js';
import { memoryRealtime } from '../realtime/index.js';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/** The migrated template of global-setup.ts, when running under vitest. */
async function template(kind: 'pgliteTemplate' | 'pgTemplate'): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject(kind) || undefined;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  realtime: ReturnType<typeof memoryRealtime>;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped at close). Nothing is shared between files.
 */
export async function createTestApp(
  opts: {
    platform?: Partial<Platform>;
    env?: Record<string, string>;
    /** Collects the server's log lines (at LOG_LEVEL, default 'info' then). */
    logStream?: DestinationStream;
    webDist?: string;
    /** The /dev routes the development entry hands in (seed/main.ts). */
    devRoutes?: FastifyPluginAsync;
  } = {},
): Promise<TestApp> {
  const base = process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop: (() => Promise<void>) | null = null;
  if (base) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const pgTemplate = await template('pgTemplate');
    await admin.query(`create database ${name}${pgTemplate ? ` template ${pgTemplate}` : ''}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dump = await template('pgliteTemplate');
    database = dump
      ? await openDatabase({ pglite: newPglite({ loadDataDir: new Blob([await readFile(dump)]) }) })
      : await openDatabase({ dataDir: null });
  }
  await database.migrate();
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), `tantieme-test-${randomBytes(4).toString('hex')}`),
      APP_SECRET: 'test-secret-not-for-production',
      // Webhook and push tests deliver to a receiver on 127.0.0.1 (the refusals are tested with it off).
      OUTBOUND_ALLOW_LOOPBACK: '1',
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      RATE_LIMIT_NAMESPACE: `t-${randomBytes(6).toString('hex')}-`,
      ...(opts.logStream ? { LOG_LEVEL: 'info' } : {}),
      ...opts.env,
    }),
  };
  const realtime = memoryRealtime();
  const app = await buildApp({
    database,
    config,
    realtime,
    platform: opts.platform,
    logger: false,
    logStream: opts.logStream,
    webDist: opts.webDist,
    devRoutes: opts.devRoutes,
  });
  await app.ready();
  return {
    app,
    database,
    realtime,
    close: async () => {
      await app.close();
      await database.close();
      if (drop) await drop();
    },
  };
}

/** Parses an inject() response as the envelope. */
export function json<T = any>(res: { body: string }): T {
  return JSON.parse(res.body) as T;
}
