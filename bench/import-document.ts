/** The building `bench:import` pushes: BENCH_LOTS lots, 80 % as many co-owners, BENCH_LEDGER_LINES lines. */
export const LOTS = Number(process.env.BENCH_LOTS ?? 500);
export const LEDGER = Number(process.env.BENCH_LEDGER_LINES ?? 20_000);

export function building(prefix: string) {
  const owners = Math.ceil(LOTS * 0.8);
  const lots = Array.from({ length: LOTS }, (_, i) => ({
    external_id: `${prefix}-L${i + 1}`,
    copropriete: `${prefix}-IMM`,
    number: String(i + 1),
    name: `${i % 5 === 4 ? 'Cave' : 'Appartement'} ${i + 1}`,
    type_name: i % 5 === 4 ? 'Cave' : 'Appartement',
  }));
  const per = Math.floor(10_000 / LOTS);
  return {
    coproprietes: [
      {
        external_id: `${prefix}-IMM`,
        name: 'Résidence Les Grands Cèdres',
        address: { full_address: '40 boulevard des Belges 69006 Lyon', city: 'Lyon', zip_code: '69006' },
      },
    ],
    lots,
    repartitions: [
      {
        external_id: `${prefix}-GEN`,
        copropriete: `${prefix}-IMM`,
        code: 'GEN',
        name: 'Charges générales',
        total_tantieme: per * LOTS,
        tantiemes: lots.map((l) => ({ lot: l.external_id, tantieme: per })),
      },
    ],
    coproprietaires: Array.from({ length: owners }, (_, i) => ({
      external_id: `${prefix}-C${i + 1}`,
      copropriete: `${prefix}-IMM`,
      civility: i % 2 ? 'mr' : 'mrs',
      first_name: i % 2 ? 'Jean' : 'Claire',
      last_name: `Propriétaire ${i + 1}`,
      lots: lots.filter((_, k) => k % owners === i).map((l) => l.external_id),
    })),
    ledger_lines: Array.from({ length: LEDGER }, (_, i) => ({
      external_id: `${prefix}-E${i + 1}`,
      coproprietaire: `${prefix}-C${(i % owners) + 1}`,
      date: `20${16 + (i % 10)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
      name: i % 3 === 2 ? 'Règlement par virement' : `Appel de fonds n° ${i + 1}`,
      amount_type: i % 3 === 2 ? 'credit' : 'debit',
      amount_cents: 10_000 + (i % 50_000),
      remaining_cents: 0,
      ...(i % 3 === 2 ? { payment_method: 'transfer' } : {}),
    })),
  };
}
