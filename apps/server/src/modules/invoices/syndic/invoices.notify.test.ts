import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { syndicNotifyWorld } from '../../../test/syndic-notify.fixture.js';

/** A supplier invoice the syndic API creates tells the building's records the invoice scope allows (decision 57). */

const w = await syndicNotifyWorld();
const { t, a, call, ok, notified, whoGot } = w;
afterAll(() => t.close());
beforeEach(() => w.reset());
describe('supplier invoices', () => {
  it("a new invoice: the building's records the invoice scope allows; a replay tells nobody", async () => {
    const invoice = {
      copropriete: 'IMM',
      invoice_date: '2026-02-10',
      amount_cents: 48_000,
      fournisseur_name: 'Otis',
      compte_name: '615 Entretien ascenseur',
      number: 'F-2026-0042',
      status: 1,
      file: null,
      depenses: [],
      ecritures: [],
    };
    await ok(call('PUT', '/invoices/INV1', a.headers, invoice));
    const title = 'Nouvelle facture fournisseur';
    expect(await whoGot(title)).toEqual(['P1', 'P2', 'P3']);
    const [n] = (await notified('P3')).filter((r) => r.title === title);
    expect(n).toMatchObject({
      type: 'INVOICE',
      body: 'Une facture de Otis du 10/02/2026 a été ajoutée.',
      data: { url: '/{id}/invoices' },
    });
    expect((await ok(call('PUT', '/invoices/INV1', a.headers, invoice))).result).toBe('unchanged');
    expect(await whoGot(title)).toEqual(['P1', 'P2', 'P3']);
    // AUTRE shows no invoices (show_invoice_scope absent): an invoice there tells nobody.
    await ok(
      call('PUT', '/invoices/INV2', a.headers, {
        ...invoice,
        copropriete: 'AUTRE',
        fournisseur_name: 'Dalkia',
      }),
    );
    expect((await notified('PX')).filter((r) => r.type === 'INVOICE')).toEqual([]);
  });
});
