import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { coproprietaires, financialYears, ledgerLines, repartitions } from '../src/db/schema/index.js';
import { generate, setBudget } from '../src/modules/appels/appels.service.js';
import { matchByHand, unmatchedQueue } from '../src/modules/bank/bank.service.js';
import { importConsole } from '../src/modules/console/bank.console.service.js';
import { addDays, type Clock } from './clock.js';

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const frDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The money of Résidence Les Lilas, run by its volunteer syndic: the year's budget (38 500 € of
 * charges générales, called by quarter), the current quarter's appels, and the bank statement
 * that followed, imported as the syndic's bank writes its CSV: Antoine Girard and Sylvie Lambert
 * paid with their reference (matched), Nathalie Faure with a wrong one (matched by hand),
 * a transfer from an unknown payer still waits in 471, and the lift's maintenance went out.
 */
export async function seedLilasMoney(db: Db, lilasId: string, syndicId: string, clock: Clock) {
  const [year] = await db
    .insert(financialYears)
    .values({
      copropriete_id: lilasId,
      year: clock.year,
      couple: String(clock.year),
      start_date: `${clock.year}-01-01`,
      end_date: `${clock.year}-12-31`,
    })
    .returning();
  const [cg] = await db.select().from(repartitions).where(eq(repartitions.copropriete_id, lilasId));
  const base = { coproprieteId: lilasId, financialYearId: year.id };
  await setBudget(db, { ...base, repartitionId: cg.id, kind: 'budget', amountCents: 3_850_000, periods: 4 });
  const quarter = Math.floor((Number(clock.today.slice(5, 7)) - 1) / 3) + 1;
  const called = await generate(db, { ...base, kind: 'budget', period: quarter });

  const owners = await db.select().from(coproprietaires).where(eq(coproprietaires.copropriete_id, lilasId));
  const debits = await db
    .select()
    .from(ledgerLines)
    .where(eq(ledgerLines.bill_id, called.billId as string));
  const who = (last: string) => {
    const o = owners.find((x) => x.name.includes(last) || x.display_name?.includes(last));
    const due = debits.find((d) => d.coproprietaire_id === o?.id)?.amount_cents ?? 0;
    return { id: o?.id ?? '', code: o?.unique_code ?? '', due };
  };
  const girard = who('Girard');
  const lambert = who('Lambert');
  const faure = who('Faure');
  // Paid within the quarter's first days, never after today.
  const day = (n: number) => {
    const d = addDays(called.dueDate, n);
    return frDate(d > clock.today ? clock.today : d);
  };
  const csv = [
    'Date opération;Libellé;Débit;Crédit;Tiers',
    `${day(2)};VIR SEPA ${girard.code} APPEL T${quarter};;${euros(girard.due)};M. ANTOINE GIRARD`,
    `${day(3)};VIR CHARGES COPRO ${lambert.code};;${euros(lambert.due)};MME SYLVIE LAMBERT`,
    `${day(4)};PRLV ASCENSEURS RHONE ENTRETIEN;318,60;;ASCENSEURS RHONE`,
    `${day(5)};VIR PROVISION LOT 4 REF 123456789;;${euros(faure.due)};N. FAURE`,
    `${day(6)};VIR M. DUPUIS;;150,00;M. PIERRE DUPUIS`,
  ].join('\n');
  await importConsole(db, lilasId, syndicId, {
    format: 'csv',
    content: `${csv}\n`,
    mapping: { date: 'Date opération', label: 'Libellé', debit: 'Débit', credit: 'Crédit', name: 'Tiers' },
    bank_name: 'Crédit Agricole Centre-Est',
  });
  const queue = await unmatchedQueue(db, lilasId);
  const wrongRef = queue.find((l) => l.amount_cents === faure.due && l.name === 'N. FAURE');
  if (wrongRef)
    await matchByHand(db, { coproprieteId: lilasId, bankLineId: wrongRef.id, coproprietaireId: faure.id });
}
