import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { coproprietaires, coproprietes, syndics } from '../db/schema/index.js';
import { isId } from '@tantieme/contract';

/** What the admin commands share: options, the database, finding a record or a syndic, errors. */

export const DAY = 86_400_000;

export class CliError extends Error {}

export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) throw new CliError(`L'option --${name} attend une valeur.`);
  return value;
}

export function days(args: string[]): number {
  const raw = option(args, 'days');
  if (raw === undefined) return 30;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 3650)
    throw new CliError('--days doit être un nombre entier de jours (1 à 3650).');
  return n;
}

export async function open(config: Config): Promise<Database> {
  if (!config.databaseUrl) await mkdir(path.join(config.dataDir, 'db'), { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  await database.migrate();
  return database;
}

export async function findRecord(database: Database, id: string | undefined) {
  if (!id) throw new CliError("Indiquez l'identifiant du copropriétaire (uuid).");
  if (!isId(id)) throw new CliError(`Identifiant invalide : ${id}`);
  const [row] = await database.db
    .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietaires.id, id))
    .limit(1);
  if (!row) throw new CliError(`Aucun copropriétaire avec l'identifiant ${id}.`);
  return row;
}

export async function findSyndic(database: Database, args: string[]) {
  const alias = option(args, 'syndic');
  if (!alias) throw new CliError('Indiquez le syndic : --syndic <alias>.');
  const [row] = await database.db.select().from(syndics).where(eq(syndics.alias, alias)).limit(1);
  if (!row) throw new CliError(`Aucun syndic avec l'alias ${alias}.`);
  return row;
}

export const frDate = (d: Date | null) =>
  d ? d.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }) : 'jamais';
