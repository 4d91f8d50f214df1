import { describe, expect, it } from 'vitest';
import { type AccountBalance, compteDeGestion, etatFinancier } from './annexes.js';
import { centsCell, parseCsvRecords, toCsv } from './csv.js';
import { type JournalEcriture, balances as journalBalances } from './journal.js';

/** A small exercice of a building: two co-owners, one supplier, one bank. */
const A = 'owner-a';
const B = 'owner-b';
const year: JournalEcriture[] = [
  {
    date: '2026-01-01',
    libelle: 'Appel T1',
    source: 'appel',
    lines: [
      { account: '4501', coproprietaireId: A, debit: 60_000, credit: 0 },
      { account: '4501', coproprietaireId: B, debit: 40_000, credit: 0 },
      { account: '701', debit: 0, credit: 100_000 },
    ],
  },
  {
    date: '2026-01-01',
    libelle: 'Fonds de travaux T1',
    source: 'appel',
    lines: [
      { account: '4505', coproprietaireId: A, debit: 3_000, credit: 0 },
      { account: '4505', coproprietaireId: B, debit: 2_000, credit: 0 },
      { account: '105', debit: 0, credit: 5_000 },
    ],
  },
  {
    date: '2026-01-12',
    libelle: 'Virement de A, trop-perçu',
    source: 'banque',
    lines: [
      { account: '512', debit: 70_000, credit: 0 },
      { account: '4501', coproprietaireId: A, debit: 0, credit: 70_000 },
    ],
  },
  {
    date: '2026-02-03',
    libelle: 'Facture ascenseur',
    source: 'facture',
    lines: [
      { account: '614', debit: 30_000, credit: 0 },
      { account: '401', debit: 0, credit: 30_000 },
    ],
  },
  {
    date: '2026-02-20',
    libelle: 'Règlement ascenseur (partiel)',
    source: 'facture',
    lines: [
      { account: '401', debit: 20_000, credit: 0 },
      { account: '512', debit: 0, credit: 20_000 },
    ],
  },
  {
    date: '2026-03-01',
    libelle: 'Ravalement (travaux votés)',
    source: 'facture',
    lines: [
      { account: '671', debit: 12_345, credit: 0 },
      { account: '702', debit: 0, credit: 12_345 },
    ],
  },
];

const asBalances = (es: JournalEcriture[]): AccountBalance[] =>
  [...journalBalances(es.flatMap((e) => e.lines)).entries()].map(([k, v]) => {
    const [account, owner] = k.split(':');
    return { account, coproprietaireId: owner ?? null, debit: Math.max(v, 0), credit: Math.max(-v, 0) };
  });

describe('annexe 1 — état financier', () => {
  const e = etatFinancier(asBalances(year));
  const line = (ls: { account: string; cents: number }[], a: string) =>
    ls.find((l) => l.account === a)?.cents;

  it.each([
    ['trésorerie 512', () => line(e.tresorerie, '5'), 50_000],
    ['fonds de travaux 105', () => line(e.fonds, '105'), 5_000],
    ['provisions 102 (none)', () => line(e.fonds, '102'), 0],
    // B owes 40 000 + 2 000; A paid 70 000 against 63 000 called: 7 000 ahead.
    ['copropriétaires débiteurs', () => line(e.creances, '450'), 42_000],
    ['copropriétaires créditeurs', () => line(e.dettes, '450'), 7_000],
    ['fournisseurs 401', () => line(e.dettes, '40'), 10_000],
    // Produits 100 000 + 12 345 less charges 30 000 + 12 345.
    ["solde de l'exercice", () => e.soldeExercice, 70_000],
  ])('%s', (_name, get, cents) => {
    expect(get()).toBe(cents);
  });

  it('its two sides are equal when the journal balances', () => {
    expect(e.totalActif).toBe(92_000);
    expect(e.totalPassif).toBe(e.totalActif);
  });

  it('the sum of its lines is the journal balances, to the cent', () => {
    const journal = asBalances(year).reduce((s, b) => s + b.debit - b.credit, 0);
    expect(journal).toBe(0);
    // Actif is debit balances, passif credit balances: their difference is the journal's total.
    expect(e.totalActif - e.totalPassif).toBe(journal);
  });
});

describe('annexes 2 and 3 — compte de gestion', () => {
  const previous: AccountBalance[] = [
    { account: '614', debit: 28_000, credit: 0 },
    { account: '602', debit: 9_000, credit: 0 },
    { account: '701', debit: 0, credit: 95_000 },
  ];
  const g = compteDeGestion(asBalances(year), previous, 120_000, (a) => `Compte ${a}`);

  it.each([
    ['charges courantes', g.totals.chargesCourantes, 30_000],
    ['produits courants', g.totals.produitsCourantes, 100_000],
    ['charges de travaux (67x)', g.totals.chargesTravaux, 12_345],
    ['produits de travaux (702)', g.totals.produitsTravaux, 12_345],
    ['solde des opérations courantes', g.totals.soldeCourantes, 70_000],
    ['écart au budget voté', g.totals.ecartBudget, -90_000],
  ])('%s', (_n, got, cents) => {
    expect(got).toBe(cents);
  });

  it('shows each account beside the previous exercice, an account of either year included', () => {
    expect(g.courantes.charges).toEqual([
      { account: '602', label: 'Compte 602', cents: 0, previous: 9_000 },
      { account: '614', label: 'Compte 614', cents: 30_000, previous: 28_000 },
    ]);
    expect(g.travaux.charges.map((l) => l.account)).toEqual(['671']);
  });

  it('the sum of its lines is the class 6 and 7 balances, to the cent', () => {
    const b = asBalances(year);
    const cls = (c: string) =>
      b.filter((x) => x.account.startsWith(c)).reduce((s, x) => s + x.debit - x.credit, 0);
    expect(g.totals.chargesCourantes + g.totals.chargesTravaux).toBe(cls('6'));
    expect(g.totals.produitsCourantes + g.totals.produitsTravaux).toBe(-cls('7'));
  });

  it('has no previous figure when there is no previous exercice', () => {
    const first = compteDeGestion(asBalances(year), null, 0, String);
    expect(first.courantes.charges.every((l) => l.previous === null)).toBe(true);
  });
});

describe('CSV for French spreadsheets', () => {
  it.each([
    [123_456, '1234,56'],
    [-5, '-0,05'],
    [0, '0,00'],
  ])('%i cents → %s', (c, s) => {
    expect(centsCell(c)).toBe(s);
  });

  it('quotes per RFC 4180, separates by ; and starts with a BOM', () => {
    const text = toCsv(['Libellé', 'Montant'], [['Facture "Otis"; ascenseur', centsCell(30_000)]]);
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text).toBe('\ufeffLibellé;Montant\r\n"Facture ""Otis""; ascenseur";300,00\r\n');
    expect(parseCsvRecords(text, ';')[1].cells).toEqual(['Facture "Otis"; ascenseur', '300,00']);
  });
});

describe('any balanced journal', () => {
  // A small deterministic generator: the same 200 journals on every run.
  let seed = 20_050_314;
  const rand = (n: number) => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed % n;
  };
  const ACCOUNTS = [
    '102',
    '103',
    '105',
    '401',
    '4501',
    '4502',
    '4505',
    '471',
    '512',
    '614',
    '671',
    '701',
    '702',
    '716',
  ];
  const owners = ['o1', 'o2', 'o3'];

  it('gives an état financier whose two sides are equal and comptes de gestion that sum to classes 6 and 7', () => {
    for (let run = 0; run < 200; run++) {
      const lines = [];
      for (let k = 0; k < 1 + rand(12); k++) {
        const amount = 1 + rand(500_000);
        const [d, c] = [ACCOUNTS[rand(ACCOUNTS.length)], ACCOUNTS[rand(ACCOUNTS.length)]];
        const who = (a: string) => (a.startsWith('450') ? owners[rand(owners.length)] : null);
        lines.push({ account: d, coproprietaireId: who(d), debit: amount, credit: 0 });
        lines.push({ account: c, coproprietaireId: who(c), debit: 0, credit: amount });
      }
      const b = asBalances([{ date: '2026-01-01', libelle: 'x', source: 'manuel', lines }]);
      const e = etatFinancier(b);
      expect(e.totalActif).toBe(e.totalPassif);
      const g = compteDeGestion(b, null, 0, String);
      const cls = (p: string) =>
        b.filter((x) => x.account.startsWith(p)).reduce((s, x) => s + x.debit - x.credit, 0);
      expect(g.totals.chargesCourantes + g.totals.chargesTravaux).toBe(cls('6'));
      expect(g.totals.produitsCourantes + g.totals.produitsTravaux).toBe(0 - cls('7'));
    }
  });
});
