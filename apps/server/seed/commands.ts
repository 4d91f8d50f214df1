import type { Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { createPlatform } from '../src/platform/index.js';
import { isDatabaseEmpty, seedDemo } from './demo.js';
import { printDemoLogins } from './demo.banner.js';
import { seedScale } from './scale.js';
import { FULL_SCALE, type ScaleOptions, validateScaleOptions } from './scale.kit.js';
import { CliError, option } from '../src/cli/common.js';

/** `seed-demo` and `seed-scale`. */

export async function seedDemoCommand(config: Config, database: Database) {
  if (!(await isDatabaseEmpty(database.db)))
    throw new CliError(
      'La base contient déjà des comptes utilisateurs : les données de démonstration ne sont créées que dans une base vide.',
    );
  console.log('Création des données de démonstration…');
  const platform = createPlatform(config);
  const demo = await seedDemo(database.db, platform.storage, { sealer: platform.sealer });
  printDemoLogins(config, demo);
}

export const SCALE_FLAGS: Record<string, keyof ScaleOptions> = {
  copros: 'coproprietes',
  owners: 'coproprietaires',
  'ledger-lines': 'ledgerLines',
  'notifications-per-user': 'notificationsPerUser',
  'documents-per-record': 'documentsPerRecord',
  'transactions-per-record': 'transactionsPerRecord',
  'invoices-per-year': 'invoicesPerYear',
};

export function scaleOptions(args: string[]): ScaleOptions {
  const o = { ...FULL_SCALE };
  for (const [flag, key] of Object.entries(SCALE_FLAGS)) {
    const raw = option(args, flag);
    if (raw !== undefined) {
      const n = Number(raw.replace(/[_\s]/g, ''));
      if (!Number.isInteger(n) || n < 0) throw new CliError(`--${flag} attend un nombre entier positif.`);
      o[key] = n;
    }
  }
  const problem = validateScaleOptions(o);
  if (problem) throw new CliError(problem);
  return o;
}

export async function seedScaleCommand(database: Database, args: string[]) {
  const o = scaleOptions(args);
  try {
    const counts = await seedScale(database.db, o, (line) => console.log(line));
    console.log('Lignes créées :');
    for (const [table, n] of Object.entries(counts))
      console.log(`  ${table.padEnd(28)} ${n.toLocaleString('fr-FR')}`);
  } catch (err) {
    if (err instanceof Error && /déjà présentes/.test(err.message)) throw new CliError(err.message);
    throw err;
  }
}
