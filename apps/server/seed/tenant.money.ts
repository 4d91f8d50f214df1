import type { Db } from '../src/db/client.js';
import { financialYears, ledgerLines, sepaMandates } from '../src/db/schema/index.js';
import { sepaMandateRow } from './builders/finances.js';
import { ledgerLineRow } from './builders/rows.js';
import type { SeedContext } from './context.js';
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

/**
 * An owner's open balance (spec `owing`): a settled quarter, two quarterly calls open
 * (412,50 € and 398,75 €) and an open 20 € credit.
 */
export function addOwing(ctx: SeedContext, base: { coproprietaire_id: string; copropriete_id: string }) {
  ctx.rows.add(
    ledgerLines,
    ledgerLineRow({
      ...base,
      name: 'Appel de fonds 2e trimestre',
      date: '2026-04-01',
      amount_cents: 40_000,
      remaining_cents: 0,
    }),
    ledgerLineRow({
      ...base,
      name: 'Règlement par virement',
      date: '2026-04-05',
      amount_type: 'credit',
      bill_type: 'other',
      amount_cents: 40_000,
      remaining_cents: 0,
    }),
    ledgerLineRow({ ...base, name: 'Appel de fonds 3e trimestre', date: '2026-07-01', amount_cents: 41_250 }),
    ledgerLineRow({ ...base, name: 'Appel de fonds 4e trimestre', date: '2026-10-01', amount_cents: 39_875 }),
    ledgerLineRow({
      ...base,
      name: 'Règlement par chèque n° 1234567',
      date: '2026-10-12',
      amount_type: 'credit',
      bill_type: 'other',
      amount_cents: 2_000,
    }),
  );
}

/** An owner's saved SEPA mandate (spec `mandat_sepa`): the demo's Paul's, under a reference of its own. */
export function addSepaMandate(
  ctx: SeedContext,
  o: { coproprietaire_id: string; user_id: string; holder: string; tag: string },
) {
  const signed = ctx.clock.daysAgo(60, '21:12');
  ctx.rows.add(
    sepaMandates,
    sepaMandateRow({
      coproprietaire_id: o.coproprietaire_id,
      user_id: o.user_id,
      reference: `TANTIEME-${o.tag.toUpperCase()}${o.coproprietaire_id.slice(0, 4).toUpperCase()}`,
      account_holder: o.holder,
      iban_prefix: 'FR76',
      iban_last4: '0189',
      notice_days: 5,
      provider_payment_method_id: `pm_sandbox_${o.tag}`,
      signed_at: signed,
      created_at: signed,
    }),
  );
}
