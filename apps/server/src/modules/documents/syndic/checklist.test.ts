import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { PDF, upload, syndicDocumentsWorld } from '../../../test/syndic-documents.fixture.js';

/** The décret 2019-502 checklist of a building, read by the syndic and by the council. */

const { t, a, b, call, ok, owner } = await syndicDocumentsWorld();
afterAll(() => t.close());
describe('décret 2019-502 checklist', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const file = upload('f.pdf', PDF);

  // The building's rules in its group 'Règlement', the syndic's professional card in its own.
  beforeAll(async () => {
    await ok(
      call('PUT', '/document-groups/REGL', a.headers, {
        scope: 'copropriete',
        copropriete: 'IMM',
        name: 'Règlement',
      }),
    );
    await ok(
      call('PUT', '/document-groups/CARTE', a.headers, {
        scope: 'syndic',
        name: 'Carte professionnelle',
        number: 'CPI 6901 2024 000 012 345',
        approve_date: '2024-02-01',
      }),
    );
    for (const [ext, group, name, date] of [
      ['G1', 'REGL', 'Règlement de copropriété', '2019-05-01'],
      ['G2', 'CARTE', 'Carte T', '2024-02-01'],
    ])
      await ok(call('PUT', `/documents/${ext}`, a.headers, { place: 'group', group, name, date, file }));
  });

  it('the syndic reads it: present, missing and stale items, with the document each matched', async () => {
    await ok(
      call('PUT', '/documents/FS', a.headers, {
        place: 'group',
        group: 'REGL',
        name: 'Fiche synthétique de la copropriété',
        date: daysAgo(500),
        file,
      }),
    );
    await ok(
      call('PUT', '/documents/CE', a.headers, {
        place: 'group',
        group: 'REGL',
        name: 'Carnet d’entretien',
        date: daysAgo(30),
        file,
      }),
    );
    const list = await ok(call('GET', '/coproprietes/IMM/document-checklist', a.headers));
    const by = Object.fromEntries(list.items.map((i: { code: string }) => [i.code, i]));
    expect(list.items).toHaveLength(19);
    expect(by.reglement).toMatchObject({ status: 'present', document: { name: 'Règlement de copropriété' } });
    expect(by.fiche_synthetique).toMatchObject({
      status: 'stale',
      document: { name: 'Fiche synthétique de la copropriété' },
    });
    expect(by.carnet_entretien.status).toBe('present');
    expect(by.diagnostics).toMatchObject({ status: 'missing', document: null });
    expect(by.carte_professionnelle).toMatchObject({ status: 'present', document: { name: 'Carte T' } });
    expect(by.compte_individuel).toMatchObject({
      status: 'missing',
      counts: { present: 0, stale: 0, missing: 2, total: 2 },
    });
    expect(by.reglement.reference).toBe('Décret n° 2019-502, art. 1, 1°');
    expect((await call('GET', '/coproprietes/IMM/document-checklist', b.headers)).status).toBe(404);
  });

  it('a council member reads it in their documents; an ordinary co-owner gets 404', async () => {
    const p2 = await ok(
      call('PUT', '/coproprietaires/P2', a.headers, {
        copropriete: 'IMM',
        last_name: 'Moreau',
        lots: ['L2'],
        is_member_syndicat: true,
      }),
    );
    const u = await makeSignedInUser(t.database.db);
    await t.database.db
      .update(coproprietaires)
      .set({ user_id: u.user.id })
      .where(eq(coproprietaires.id, p2.id));
    const mine = await ok(call('GET', `/api/documents/${p2.id}/checklist`, u.headers));
    expect(mine.items.find((i: { code: string }) => i.code === 'carnet_entretien').status).toBe('present');
    const refused = await call('GET', `/api/documents/${owner.id}/checklist`, owner.headers);
    expect(refused.status).toBe(404);
    // Someone else's record: 404 too.
    expect((await call('GET', `/api/documents/${p2.id}/checklist`, owner.headers)).status).toBe(404);
  });
});
