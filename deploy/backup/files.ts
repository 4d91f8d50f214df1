/**
 * `tsx deploy/backup/files.ts <backup dir>`: copies every stored object a row names (files,
 * ballot receipts) from the configured storage (S3_* or DATA_DIR/files) into `<dir>/files/`,
 * and writes `<dir>/manifest.json`: each key's size and SHA-256, and each co-owner's statement
 * balance at that moment (the restore drill compares them). Run right after pg_dump: a row
 * written between the two names an object the copy may lack (the drill says which).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createPlatform } from '../../apps/server/src/platform/index.js';
import { namedFiles, statementBalances } from './stored-files.js';

const dir = path.resolve(process.argv[2] ?? '');
if (!process.argv[2]) throw new Error('usage: files.ts <backup dir>');
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ url: config.databaseUrl });
const storage = createPlatform(config).storage;
const objects: Record<string, { size: number; sha256: string }> = {};
const missing: string[] = [];
for (const { key } of await namedFiles(database.db)) {
  const body = await storage.get(key).catch(() => null);
  if (!body) {
    missing.push(key);
    continue;
  }
  const target = path.join(dir, 'files', key);
  if (!target.startsWith(path.join(dir, 'files') + path.sep)) throw new Error(`unsafe key ${key}`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, body);
  objects[key] = { size: body.length, sha256: createHash('sha256').update(body).digest('hex') };
}
const balances = await statementBalances(database.db);
await writeFile(
  path.join(dir, 'manifest.json'),
  JSON.stringify({ taken_at: new Date().toISOString(), objects, missing, balances }, null, 1),
);
await database.close();
console.log(
  `${Object.keys(objects).length} objects copied, ${missing.length} missing at the source; ${Object.keys(balances).length} balances`,
);
process.exit(0);
