import { consoleFacturesEndpoints as f, type Endpoint } from '@tantieme/contract';
import type { RouteCase } from './console.matrix.money.fixture.js';

/**
 * Supplier invoices in the permission matrix: reading is building.read; capture, « Envoyer au
 * conseil » and payment finances.write (the comptable's, not the assistant's); the threshold
 * assemblees.write (what the assembly set). A second send or payment answers 409, never 403.
 */
export const FACTURES_CASES: [Endpoint, RouteCase][] = [
  [f.list, { action: 'building.read', scope: 'building' }],
  [
    f.capture,
    {
      action: 'finances.write',
      scope: 'building',
      body: (t) => ({
        fournisseur_name: 'Nettoyage Lumière',
        invoice_date: '2026-02-28',
        amount_cents: 38_400,
        account: '614',
        repartition_id: t.repartitionId,
      }),
    },
  ],
  [f.sendToCouncil, { action: 'finances.write', scope: 'building' }],
  [f.pay, { action: 'finances.write', scope: 'building', body: () => ({ date: '2026-03-15' }) }],
  [f.threshold, { action: 'assemblees.write', scope: 'building', body: () => ({ amount_cents: 300_000 }) }],
];
