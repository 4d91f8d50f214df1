/**
 * `tsx deploy/backup/drill.ts <backup dir> <database url>`: the restore drill. The backup's
 * dump (`db.dump`) is restored by the caller into a new, empty database (restore.sh); this
 * checks it against the backup's manifest and its own rules, and exits 1 on the first kind of
 * failure it lists:
 * - every assembly's register recomputes its chain and checks against each of its signed heads
 *   (the contract's verifyRegister, with the signing key's fingerprint of ASSEMBLY_SIGNING_KEY);
 * - every co-owner's statement (what the co-owner is shown) equals the balance of their ledger
 *   rows, and the balance the backup recorded;
 * - every stored object a row names is in the backup with the size its row says and the
 *   SHA-256 the manifest recorded.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { assembleeSigner } from '../../apps/server/src/platform/signing.js';
import { verifyRegisters } from './registers.js';
import { ledgerBalances, namedFiles, statementBalances } from './stored-files.js';

const [dirArg, url] = process.argv.slice(2);
if (!dirArg || !url) throw new Error('usage: drill.ts <backup dir> <database url>');
const dir = path.resolve(dirArg);
const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
  objects: Record<string, { size: number; sha256: string }>;
  balances: Record<string, number>;
};
const database = await openDatabase({ url });
const db = database.db;
const failures: string[] = [];

// 1. Every assembly's register against its signed heads.
const signer = assembleeSigner({ ...loadConfig(), env: 'production' });
const registers = await verifyRegisters(db, signer);
failures.push(...registers.failures);

// 2. Statements against the ledger and against the backup's figures.
const shown = await statementBalances(db);
const ledger = await ledgerBalances(db);
for (const [id, solde] of Object.entries(shown)) {
  if (ledger[id] !== solde) failures.push(`co-owner ${id}: statement ${solde} ≠ ledger ${ledger[id]}`);
  if (manifest.balances[id] !== solde)
    failures.push(`co-owner ${id}: statement ${solde} ≠ ${manifest.balances[id]} at the backup`);
}
for (const id of Object.keys(manifest.balances))
  if (!(id in shown)) failures.push(`co-owner ${id}: in the backup's figures, not in the database`);

// 3. The stored objects.
const named = await namedFiles(db);
for (const { key, size } of named) {
  const want = manifest.objects[key];
  const body = await readFile(path.join(dir, 'files', key)).catch(() => null);
  if (!want || !body) {
    failures.push(`object ${key}: named by a row, not in the backup`);
    continue;
  }
  const digest = createHash('sha256').update(body).digest('hex');
  if (digest !== want.sha256) failures.push(`object ${key}: SHA-256 differs from the manifest`);
  // An image's original is stored re-encoded without its metadata (GPS, serial…), so its row keeps
  // the size announced at upload; its bytes are checked by the manifest's digest above.
  const reencoded = /\/original\/[^/]+\.(jpe?g|png|webp|gif)$/i.test(key);
  if (size !== null && !reencoded && size !== body.length)
    failures.push(`object ${key}: ${body.length} bytes, the row says ${size}`);
}

await database.close();
console.log(
  `restore drill: ${registers.registers} registers (${registers.records} records, ${registers.heads} earlier signed heads), ${Object.keys(shown).length} statements, ${named.length} stored objects checked`,
);
if (failures.length > 0) {
  console.log(`${failures.length} failure(s):\n${failures.slice(0, 50).join('\n')}`);
  process.exit(1);
}
console.log('restore drill: everything verifies');
process.exit(0);
