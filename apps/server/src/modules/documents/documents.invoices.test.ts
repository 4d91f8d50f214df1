import { invoiceEndpoints as inv } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/harness.js';
import { call, setUp, t, w } from './documents.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('Factures et Devis', () => {
  const listParams = () => ({ syndicId: w.syndic.id, coproprieteId: w.copro.id });

  it('pages by 30 with page_index the offset loaded, and shows Payé for statuses 5–7', async () => {
    const first = json(
      await call(inv.list, { params: listParams(), query: { page_size: 30 } }, w.memberUser.headers),
    );
    expect(first.data).toHaveLength(30);
    const second = json(
      await call(
        inv.list,
        { params: listParams(), query: { page_size: 30, page_index: 30 } },
        w.memberUser.headers,
      ),
    );
    expect(second.data).toHaveLength(2);
    const all = [...first.data, ...second.data];
    const otis = all.find((i: { fournisseur_name: string }) => i.fournisseur_name === 'Otis');
    expect(otis).toMatchObject({ amount: 12_000, status: 6, paid: true });
    expect(otis.thumbnail.path).toMatch(/^\/files\/test\/.*facture\.pdf\?e=/);
    expect(all.filter((i: { paid: boolean }) => i.paid)).toHaveLength(1);
  });

  it('gives the detail, its écritures and the quote part of the caller’s own lots only', async () => {
    const res = await call(
      inv.detail,
      { params: { syndicId: w.syndic.id, invoiceId: w.invoice.id } },
      w.memberUser.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      copr_name: 'Résidence Les Tilleuls',
      compte_name: '401 OTIS',
      number: 'F-1000',
      internal_note: 'Conforme au contrat',
      paid: true,
      depenses: [
        { charge_name: 'Ascenseur', amount_ttc: 12_000, repartitions: [{ name: 'Charges ascenseur' }] },
      ],
    });
    const ecr = json(
      await call(
        inv.ecritures,
        { params: { coproprieteId: w.copro.id, invoiceId: w.invoice.id } },
        w.memberUser.headers,
      ),
    ).data;
    expect(ecr).toEqual([
      { id: w.ecriture.id, date: '2026-01-10', description: 'Otis – entretien', amount: 12_000 },
    ]);
    const shares = await call(
      inv.lotShares,
      {
        params: { coproprieteId: w.copro.id },
        body: { ecriture_ids: [w.ecriture.id], lot_ids: [w.lots.lotA.id, w.lots.lotB.id] },
      },
      w.memberUser.headers,
    );
    // Lot 12 is the ordinary owner's: the council member reads only their own Lot 30.
    expect(json(shares).data).toEqual([{ lot_id: w.lots.lotB.id, lot_name: 'Lot 30', amount: 5_000 }]);
  });

  it('answers 404 on list, detail, écritures and quote part to an owner on a council-only scope and to another building', async () => {
    for (const who of [w.ownerUser, w.strangerUser]) {
      expect((await call(inv.list, { params: listParams() }, who.headers)).statusCode).toBe(404);
      expect(
        (await call(inv.detail, { params: { syndicId: w.syndic.id, invoiceId: w.invoice.id } }, who.headers))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            inv.ecritures,
            { params: { coproprieteId: w.copro.id, invoiceId: w.invoice.id } },
            who.headers,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            inv.lotShares,
            { params: { coproprieteId: w.copro.id }, body: { ecriture_ids: [w.ecriture.id], lot_ids: [] } },
            who.headers,
          )
        ).statusCode,
      ).toBe(404);
    }
  });

  it('a syndic id that is not the building’s is a 404', async () => {
    const res = await call(
      inv.list,
      { params: { syndicId: w.otherCopro.syndic_id, coproprieteId: w.copro.id } },
      w.memberUser.headers,
    );
    expect(res.statusCode).toBe(404);
  });
});
