import { buildPath, type Endpoint, syntheseEndpoints as e } from '@tantieme/contract';
import { makeDashboard } from '../../test/factories.synthese.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** The fixture of the dashboard tests: each test file builds its own app and dashboard, fresh. */
export let t: TestApp;
export let d: Awaited<ReturnType<typeof makeDashboard>>;
export async function setUp() {
  t = await createTestApp();
  d = await makeDashboard(t.database.db, { member: true, submit: 1 });
}

export const get = (ep: Endpoint, params: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api${buildPath(ep.path, params)}`, headers });

/** Every call of the dashboard with the fixture's ids. */
export const calls = () =>
  [
    [e.previewInfo, { id: d.record.id }],
    [e.syndicInfo, { id: d.copro.id }],
    [e.administrators, { id: d.copro.id }],
    [e.verificationStatus, { id: d.copro.id }],
    [e.lots, { coproprieteId: d.copro.id, coproprietaireId: d.record.id }],
    [e.lotTantiemes, { coproprietaireId: d.record.id, lotId: d.lots.lot10.id }],
    [e.general, { coproId: d.copro.id, coproprietaireId: d.record.id }],
    [e.transactions, { coproId: d.copro.id, coproprietaireId: d.record.id }],
    [e.budgetFonctionnement, { coproId: d.copro.id }],
    [e.budgetAlurAvance, { coproId: d.copro.id }],
  ] as [Endpoint, Record<string, string>][];
