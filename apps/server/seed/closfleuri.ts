import { addDays, isoOf } from './clock.js';
import type { SeedContext } from './context.js';
import type { CoproInfo, LotDef, OwnerDef } from './copro.js';
import { seedCopro } from './copro.building.js';
import type { ChargeDef, FinanceInfo, LedgerEntry } from './finances.js';
import { seedFinance } from './finances.calls.js';
import { seedLedger } from './finances.ledger.js';
import type { SyndicInfo } from './syndics.js';
import { chargeInvoices } from '../src/db/schema/index.js';
import { chargeInvoiceRow } from './builders/finances.js';

/** Le Clos Fleuri, Nice (Gestion Azur): small building, one repartition, one financial year. */
export function seedClosFleuri(
  ctx: SeedContext,
  syndic: SyndicInfo,
  claireUserId: string,
): { copro: CoproInfo; finance: FinanceInfo; ledger: Map<string, LedgerEntry[]> } {
  const surfaces: [string, string, number][] = [
    ['101', 'Appartement 101', 58],
    ['102', 'Appartement 102', 44],
    ['201', 'Appartement 201', 58],
    ['202', 'Appartement 202', 44],
    ['301', 'Appartement 301', 61],
    ['302', 'Appartement 302', 47],
  ];
  const lots: LotDef[] = surfaces.map(([key, name, m2], i) => ({
    key,
    lot_id: String(i + 1),
    name,
    type_name: 'Appartement',
    weights: { CG: m2 * 10 },
  }));
  lots.push(
    { key: 'G1', lot_id: '7', name: 'Garage G1', type_name: 'Parking', weights: { CG: 45 } },
    { key: 'G2', lot_id: '8', name: 'Garage G2', type_name: 'Parking', weights: { CG: 45 } },
  );
  const l202 = lots.find((l) => l.key === '202') as LotDef;
  l202.agency_info = {
    name: 'Riviera Location',
    phone: '04 93 62 18 40',
    email: 'gestion@riviera-location.fr',
  };
  l202.locataire = {
    civility: 'mr',
    first_name: 'Kevin',
    last_name: 'Arnaud',
    phone: '06 58 20 47 13',
    email: 'kevin.arnaud@example.com',
  };
  const owners: OwnerDef[] = [
    {
      key: 'claire',
      civility: 'mrs',
      people: [
        {
          civility: 'mrs',
          first_name: 'Claire',
          last_name: 'Martin',
          email: 'claire.martin@example.fr',
          phone: '06 12 34 56 78',
        },
      ],
      lots: ['202', 'G2'],
      address: { number: '12', street: 'rue des Tilleuls', zip_code: '69003', city: 'Lyon', country: 'FR' },
      pay: { method: 'virement' },
      user: { id: claireUserId, attachedDaysAgo: 240 },
      init_settings_done: true,
      supplement: {
        contact: { phone: '+33612345678', email: 'claire.martin@example.fr' },
        lots: {
          '202': {
            use_type: 'rent',
            agency_name: 'Riviera Location',
            agency_phone: '04 93 62 18 40',
            agency_email: 'gestion@riviera-location.fr',
            locataire_name: 'Kevin Arnaud',
            locataire_phone: '06 58 20 47 13',
            locataire_email: 'kevin.arnaud@example.com',
          },
          G2: { use_type: 'rent', ignore: true },
        },
      },
      permissions: {
        view_invoices: true,
        view_invoice_status: true,
        view_copro_documents: true,
        view_releves_bancaires: false,
        view_syndic_documents: false,
      },
    },
    {
      key: 'ferrero',
      civility: 'mr_and_mrs',
      people: [
        {
          civility: 'mr',
          first_name: 'Robert',
          last_name: 'Ferrero',
          email: 'robert.ferrero@example.fr',
          phone: '06 11 84 29 50',
        },
        { civility: 'mrs', first_name: 'Lucienne', last_name: 'Ferrero' },
      ],
      lots: ['101'],
      additional: 'Rez-de-chaussée',
      council: true,
      president: true,
      pay: { method: 'cheque' },
    },
    {
      key: 'castellani',
      civility: 'mrs',
      people: [
        {
          civility: 'mrs',
          first_name: 'Élodie',
          last_name: 'Castellani',
          email: 'elodie.castellani@example.fr',
          phone: '06 49 13 75 28',
        },
      ],
      lots: ['102'],
      additional: 'Rez-de-chaussée',
      pay: { method: 'virement' },
    },
    {
      key: 'giordano',
      civility: 'mr',
      people: [
        {
          civility: 'mr',
          first_name: 'Alain',
          last_name: 'Giordano',
          email: 'alain.giordano@example.fr',
          phone: '06 80 36 51 97',
        },
      ],
      lots: ['201', 'G1'],
      additional: '2e étage',
      pay: { method: 'prelevement' },
    },
    {
      key: 'baudin',
      civility: 'mrs',
      people: [{ civility: 'mrs', first_name: 'Danielle', last_name: 'Baudin', phone: '04 93 55 27 81' }],
      lots: ['301'],
      additional: '3e étage',
      pay: { method: 'cheque', unpaidQuarters: 1 },
    },
    {
      key: 'lambertini',
      civility: 'mr',
      people: [
        {
          civility: 'mr',
          first_name: 'Marc',
          last_name: 'Lambertini',
          email: 'marc.lambertini@example.fr',
          phone: '06 25 90 64 33',
        },
      ],
      lots: ['302'],
      address: { number: '7', street: 'rue de la Buffa', zip_code: '06000', city: 'Nice', country: 'FR' },
      pay: { method: 'virement' },
    },
  ];
  const copro = seedCopro(ctx, {
    name: 'Le Clos Fleuri',
    address: {
      full_address: '5 avenue des Mimosas 06000 Nice',
      number: '5',
      street: 'avenue des Mimosas',
      zip_code: '06000',
      city: 'Nice',
      country: 'FR',
      latitude: 43.7066,
      longitude: 7.2617,
    },
    email: 'closfleuri@gestion-azur.fr',
    phone: '04 93 87 25 10',
    settings: {
      show_invoice: '1',
      show_invoice_scope: '1',
      show_invoice_status: '1',
      show_invoice_status_scope: '1',
      show_copro_document: '1',
      show_copro_document_scope: '1',
      show_syndic_document: '0',
      show_syndic_document_scope: '1',
      show_releves_bancaires: '0',
      show_releves_bancaires_scope: '1',
      show_assemblee_function: false,
    },
    alur_cents: 0,
    avance_cents: 250_000,
    syndic,
    admins: [syndic.gestionnaire.id],
    reps: [{ code: 'CG', name: 'Charges générales', total: 1_000 }],
    lots,
    owners,
    since: 260,
  });
  const charges: ChargeDef[] = [
    { key: 'eau', code: '601', name: 'Eau', rep: 'CG', type: 1, budget: 210_000, supplier: 'none' },
    {
      key: 'elec',
      code: '602',
      name: 'Électricité parties communes',
      rep: 'CG',
      type: 1,
      budget: 64_000,
      supplier: 'none',
    },
    {
      key: 'jardin',
      code: '6152',
      name: 'Entretien des espaces verts',
      rep: 'CG',
      type: 1,
      budget: 180_000,
      supplier: 'none',
    },
    {
      key: 'assurance',
      code: '616',
      name: 'Assurance immeuble',
      rep: 'CG',
      type: 1,
      budget: 156_000,
      supplier: 'none',
    },
    {
      key: 'honoraires',
      code: '621',
      name: 'Honoraires syndic',
      rep: 'CG',
      type: 1,
      budget: 230_000,
      supplier: 'none',
    },
  ];
  const y = ctx.clock.year;
  const finance = seedFinance(ctx, copro, {
    years: [y],
    billYears: [y],
    charges,
    factor: () => 1,
    alurRate: 0,
  });
  // A few expenses booked for the year (no supplier documents for this syndic).
  const booked: [string, string, string][] = [
    ['eau', "Eau de la Métropole Nice Côte d'Azur – relevé semestriel", isoOf(y, 6, 30)],
    ['elec', 'EDF – électricité des parties communes, 1er semestre', isoOf(y, 7, 8)],
    ['jardin', 'Jardins de la Riviera – entretien du jardin, 1er semestre', isoOf(y, 6, 30)],
    ['jardin', 'Jardins de la Riviera – taille des haies et élagage', isoOf(y, 10, 14)],
    ['assurance', 'Prime annuelle multirisque immeuble', isoOf(y, 1, 20)],
    ['honoraires', 'Gestion Azur – honoraires de gestion courante, 1er semestre', isoOf(y, 6, 30)],
  ];
  for (const [key, text, date] of booked) {
    if (date > ctx.clock.today) continue;
    const c = finance.charge(key);
    const share = key === 'jardin' ? 0.3 : key === 'assurance' ? 1 : 0.5;
    const amount = Math.round((c.budgets.get(y) ?? 0) * share * ctx.rng.vary(0.05));
    ctx.rows.add(
      chargeInvoices,
      chargeInvoiceRow({
        charge_id: c.id,
        financial_year_id: finance.year(y).id,
        ecriture_description: text,
        description: text,
        amount_cents: amount,
        date,
        verification_syndic: 1,
        verification_syndicat: 0,
        created_date: ctx.clock.past(ctx.clock.paris(addDays(date, 2), '10:00')),
      }),
    );
  }
  const ledger = seedLedger(ctx, copro, finance, {
    destination: 'Syndicat des copropriétaires Le Clos Fleuri',
  });
  return { copro, finance, ledger };
}
