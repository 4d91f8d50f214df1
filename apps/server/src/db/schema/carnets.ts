import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coproprietes } from './copro.js';
import { syndics } from './syndic.js';

type InsuranceContract = {
  kind: string;
  insurer: string;
  policy_number: string;
  broker: string | null;
  expires_on: string | null;
};
type MaintenanceContract = {
  equipment: string;
  contractor: string;
  reference: string;
  expires_on: string | null;
};
type MajorWork = { year: number; nature: string; contractor: string; reference?: string };
type DtgWork = {
  work: string;
  planned_year: number;
  estimated_cents: number;
  status: string;
  reference?: string;
};
type WorksPlan = {
  adopted_on: string | null;
  items: { year: number; nature: string; estimated_cents: number | null }[];
};

/**
 * The carnet d'entretien of a copropriété (décret n° 2001-477, art. 3), written by the syndic API.
 * Address and syndic are not copied here: they are read from the copropriété and the syndic.
 */
export const carnetsEntretien = pgTable('carnets_entretien', {
  id: uuid('id').primaryKey().defaultRandom(),
  syndic_id: uuid('syndic_id')
    .notNull()
    .references(() => syndics.id, { onDelete: 'cascade' }),
  copropriete_id: uuid('copropriete_id')
    .notNull()
    .unique()
    .references(() => coproprietes.id, { onDelete: 'cascade' }),
  construction_year: integer('construction_year'),
  insurance_contracts: jsonb('insurance_contracts').$type<InsuranceContract[]>().notNull().default([]),
  maintenance_contracts: jsonb('maintenance_contracts').$type<MaintenanceContract[]>().notNull().default([]),
  major_works: jsonb('major_works').$type<MajorWork[]>().notNull().default([]),
  works_plan: jsonb('works_plan').$type<WorksPlan>(),
  /** The diagnostic technique global's list of works (CCH L.731-1). */
  dtg_works: jsonb('dtg_works').$type<DtgWork[]>().notNull().default([]),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
