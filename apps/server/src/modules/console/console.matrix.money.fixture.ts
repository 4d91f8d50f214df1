import {
  consoleAnnexesEndpoints,
  consoleMoneyEndpoints,
  type ConsoleAction,
  type Endpoint,
} from '@tantieme/contract';
import type { ConsoleWorld, Target } from './console.fixture.js';

/** The console permission matrix's cases (console.matrix.test.ts): how each route is called. */

export type Scope = 'self' | 'syndic' | 'building';
export interface RouteCase {
  action: ConsoleAction | null;
  scope: Scope;
  body?: (t: Target, w: ConsoleWorld) => object;
  query?: string;
  /** The path names one of syndic A's staff members. */
  namesStaff?: boolean;
  /** The path names the building's duplicate report instead of its first one. */
  mergesDuplicate?: boolean;
}

let n = 0;

/** The money routes: reading is building.read, writing finances.write. */
export const MONEY_CASES: [Endpoint, RouteCase][] = [
  [consoleMoneyEndpoints.overview, { action: 'building.read', scope: 'building' }],
  [
    consoleMoneyEndpoints.setBudget,
    {
      action: 'finances.write',
      scope: 'building',
      body: (t) => ({
        financial_year_id: t.yearId,
        repartition_id: t.repartitionId,
        amount_cents: 1_200_000,
        periods: 4,
      }),
    },
  ],
  [
    consoleMoneyEndpoints.previewAppels,
    {
      action: 'finances.write',
      scope: 'building',
      body: (t) => ({ financial_year_id: t.yearId, period: 1 }),
    },
  ],
  [
    consoleMoneyEndpoints.generateAppels,
    {
      action: 'finances.write',
      scope: 'building',
      body: (t) => ({ financial_year_id: t.yearId, period: 1 }),
    },
  ],
  [consoleMoneyEndpoints.journal, { action: 'building.read', scope: 'building', query: '?compte=512' }],
  [consoleMoneyEndpoints.balances, { action: 'building.read', scope: 'building' }],
  [consoleMoneyEndpoints.bank, { action: 'building.read', scope: 'building' }],
  // The year's close: reading, so every role, the comptable included.
  [consoleAnnexesEndpoints.annexes, { action: 'building.read', scope: 'building' }],
  [consoleAnnexesEndpoints.annexPdf, { action: 'building.read', scope: 'building', query: '?annexe=1' }],
  [consoleAnnexesEndpoints.export, { action: 'building.read', scope: 'building', query: '?fichier=journal' }],
  [
    consoleMoneyEndpoints.importStatement,
    {
      action: 'finances.write',
      scope: 'building',
      body: () => ({
        format: 'csv',
        content: `Date;Libellé;Montant\n13/01/2026;VIR ${++n};10,00\n`,
        mapping: { date: 'Date', label: 'Libellé', amount: 'Montant' },
        bank_name: 'Banque test',
      }),
    },
  ],
  [
    consoleMoneyEndpoints.match,
    {
      action: 'finances.write',
      scope: 'building',
      body: (t) => ({ parts: [{ coproprietaire_id: t.ownerId, amount_cents: 15_000 }] }),
    },
  ],
  [
    consoleMoneyEndpoints.reverse,
    { action: 'finances.write', scope: 'building', body: () => ({ date: '2026-01-31' }) },
  ],
];
