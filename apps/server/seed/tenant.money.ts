import type { Db } from '../src/db/client.js';
import { financialYears } from '../src/db/schema/index.js';
import { setBudget } from '../src/modules/appels/appels.service.js';
import type { tenantSpecSchema } from './tenant.spec.js';
import type { z } from 'zod';

/** A tenant's exercice with a voted budget, when the spec asks for one (its syndic bénévole: tenant.ts). */
export async function setUpMoney(
  db: Db,
  spec: z.output<typeof tenantSpecSchema>,
  coproId: string,
  cgId: string,
  year: number,
) {
  if (!spec.budget_cents) return;
  const [y] = await db
    .insert(financialYears)
    .values({
      copropriete_id: coproId,
      year,
      couple: String(year),
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
    })
    .returning();
  await setBudget(db, {
    coproprieteId: coproId,
    financialYearId: y.id,
    repartitionId: cgId,
    kind: 'budget',
    amountCents: spec.budget_cents,
    periods: 4,
  });
}
