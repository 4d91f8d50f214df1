import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { coproprietes, financialYears } from '../src/db/schema/index.js';
import { setBudget } from '../src/modules/appels/appels.service.js';
import type { tenantSpecSchema } from './tenant.spec.js';
import type { z } from 'zod';

/** A tenant's volunteer syndic and its exercice with a voted budget, when the spec asks for them. */
export async function setUpMoney(
  db: Db,
  spec: z.output<typeof tenantSpecSchema>,
  coproId: string,
  cgId: string,
  year: number,
  userOf: (key: string) => string | undefined,
) {
  const volunteer = spec.volunteer ? userOf(spec.volunteer) : undefined;
  if (volunteer)
    await db
      .update(coproprietes)
      .set({ syndic_benevole_user_id: volunteer })
      .where(eq(coproprietes.id, coproId));
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
