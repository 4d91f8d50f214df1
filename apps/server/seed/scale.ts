import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { seedScaleBuildings } from './scale.buildings.js';
import {
  int,
  isScaleSeeded,
  type Log,
  type ScaleOptions,
  type Step,
  validateScaleOptions,
} from './scale.kit.js';
import { seedScaleGroupDocuments, seedScaleRecords } from './scale.records.js';

/** Fills the database; refuses when scale data is already there (same ids). */
export async function seedScale(
  db: Db,
  o: ScaleOptions,
  log: Log = () => {},
): Promise<Record<string, number>> {
  const problem = validateScaleOptions(o);
  if (problem) throw new Error(problem);
  if ((await isScaleSeeded(db)) > 0)
    throw new Error('Des données seed-scale sont déjà présentes dans cette base.');
  const C = o.coproprietes;
  const O = o.coproprietaires;
  const counts: Record<string, number> = {};
  const t0 = Date.now();
  const step: Step = async (ex, name, q) => {
    const t = Date.now();
    const r = (await ex.execute(q)) as unknown as { rowCount?: number; affectedRows?: number };
    const n = Number(r.rowCount ?? r.affectedRows ?? 0);
    counts[name] = (counts[name] ?? 0) + n;
    log(
      `  ${name.padEnd(28)} +${n.toLocaleString('fr-FR').padStart(10)}  ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
  };
  const coproOf = sql`(((n - 1)::bigint * ${int(C)}) / ${int(O)} + 1)::int`;
  log(`seed-scale : ${C} copropriétés, ${O} copropriétaires, ${o.ledgerLines} lignes de compte`);
  await seedScaleBuildings(db, step, o, coproOf);
  await seedScaleRecords(db, step, o, coproOf, log);
  await seedScaleGroupDocuments(db, step, o);
  await db.execute(sql`analyze`);
  log(`seed-scale terminé en ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return counts;
}
