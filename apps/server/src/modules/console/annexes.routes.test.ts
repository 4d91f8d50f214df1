import { buildPath, consoleAnnexesEndpoints as a, type Endpoint, parseCsvRecords } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietes } from '../../db/schema/index.js';
import { extractPdfText } from '../../platform/pdf-text.js';
import { makeSignedInUser } from '../../test/factories.js';
import { makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { post } from '../journal/journal.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A voted building whose first quarter is called, one co-owner paid, one invoice received. */
async function closedQuarter() {
  const { b, base } = await makeVotedBuilding(t.database.db, { callFirstQuarter: true });
  const db = t.database.db;
  await post(db, {
    ...base,
    ecriture: {
      date: '2026-01-15',
      libelle: 'Virement Martin',
      source: 'banque',
      lines: [
        { account: '512', debit: 320_401, credit: 0 },
        { account: '4501', coproprietaireId: b.owners.martin.id, debit: 0, credit: 320_401 },
      ],
    },
  });
  await post(db, {
    ...base,
    ecriture: {
      date: '2026-02-01',
      libelle: 'Facture Otis ; contrat "ascenseur" T1',
      piece: 'F-2026-014',
      source: 'facture',
      lines: [
        { account: '614', debit: 50_000, credit: 0 },
        { account: '401', debit: 0, credit: 50_000 },
      ],
    },
  });
  const syndic = await makeSignedInUser(db, { first_name: 'Hélène', last_name: 'Moreau' });
  await db
    .update(coproprietes)
    .set({ syndic_benevole_user_id: syndic.user.id })
    .where(eq(coproprietes.id, b.coproId));
  const call = async (e: Endpoint, query = '', headers = syndic.headers) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${buildPath(e.path, { coproId: b.coproId })}${query}`,
      headers,
    });
    return { status: res.statusCode, body: json(res) };
  };
  return { b, call };
}

const stored = async (coproId: string, path: string) =>
  (await t.app.platform.storage.get(`coproprietes/${coproId}/cloture/${path}`))!;

describe("the year's close in the console", () => {
  it('computes annexes 1 to 3 from the journal, reconciled to the cent', async () => {
    const { call } = await closedQuarter();
    const res = await call(a.annexes);
    expect(res.status).toBe(200);
    const { etat_financier: e, compte_de_gestion: g, previous } = res.body.data;
    const at = (ls: { account: string; cents: number }[], k: string) =>
      ls.find((l) => l.account === k)?.cents;
    expect(at(e.tresorerie, '5')).toBe(320_401);
    // Called 690 001, Martin paid 320 401.
    expect(at(e.creances, '450')).toBe(369_600);
    expect(at(e.dettes, '40')).toBe(50_000);
    expect(e.solde_exercice).toBe(640_001);
    expect(e.total_actif).toBe(690_001);
    expect(e.total_passif).toBe(e.total_actif);
    expect(previous).toBeNull();
    expect(g.budget_vote).toBe(2_760_001);
    expect(g.totals).toMatchObject({
      charges_courantes: 50_000,
      produits_courantes: 690_001,
      ecart_budget: -2_710_001,
    });
    expect(g.courantes.charges).toEqual([
      { account: '614', label: "Contrats d'entretien", cents: 50_000, previous: null },
    ]);
  });

  it('gives each annex as a PDF and the journal and balances as CSV for French Excel', async () => {
    const { b, call } = await closedQuarter();
    for (const n of ['1', '2', '3', '4']) {
      const res = await call(a.annexPdf, `?annexe=${n}`);
      expect(res.status).toBe(200);
      expect(res.body.data.name).toMatch(new RegExp(`^Annexe ${n} – .+\\.pdf$`));
    }
    const view = (await call(a.annexes)).body.data;
    const pdf = await stored(b.coproId, `${view.exercice.id}/annexe-1.pdf`);
    const text = extractPdfText(pdf);
    expect(text).toContain('État financier');
    expect(text).toContain('Copropriétaires débiteurs');

    const journal = await call(a.export, '?fichier=journal');
    expect(journal.body.data.name).toMatch(/^Journal – .+\.csv$/);
    const csv = (await stored(b.coproId, `${view.exercice.id}/journal.csv`)).toString('utf8');
    expect(csv.startsWith('\ufeffN°;Date;Pièce;Libellé;')).toBe(true);
    const [head, ...lines] = parseCsvRecords(csv, ';');
    expect(head.cells).toHaveLength(9);
    const col = (name: string) => head.cells.indexOf(name);
    const cents = (s: string) => Math.round(Number(s.replace(',', '.')) * 100);
    const sum = (name: string) => lines.reduce((s, l) => s + cents(l.cells[col(name)]), 0);
    expect(sum('Débit')).toBe(690_001 + 320_401 + 50_000);
    expect(sum('Crédit')).toBe(sum('Débit'));
    // A libellé with the separator and quotes comes back whole.
    expect(lines.some((l) => l.cells[col('Libellé')] === 'Facture Otis ; contrat "ascenseur" T1')).toBe(true);

    expect((await call(a.export, '?fichier=balances')).status).toBe(200);
    const bal = parseCsvRecords(
      (await stored(b.coproId, `${view.exercice.id}/balances.csv`)).toString('utf8'),
      ';',
    );
    expect(bal[0].cells).toEqual([
      'Compte',
      'Intitulé',
      'Débit',
      'Crédit',
      'Solde débiteur',
      'Solde créditeur',
    ]);
    const s512 = bal.find((r) => r.cells[0] === '512');
    expect(s512?.cells.slice(2)).toEqual(['3204,01', '0,00', '3204,01', '0,00']);

    // The handover file for a next syndic: the two CSVs and the four annexes in one ZIP.
    const handover = await call(a.export, '?fichier=passation');
    expect(handover.body.data.name).toMatch(/^Dossier de passation – .+\.zip$/);
    const zip = await stored(b.coproId, `${view.exercice.id}/passation.zip`);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const names = zip.toString('latin1');
    for (const part of ['Journal – ', 'Balances – ', 'Annexe 1 – ', 'Annexe 4 – '])
      expect(names).toContain(Buffer.from(part, 'utf8').toString('latin1'));
  });

  it('answers 404 to a user with no console on the building', async () => {
    const { call } = await closedQuarter();
    const other = await makeSignedInUser(t.database.db, { first_name: 'Paul', last_name: 'Durand' });
    expect((await call(a.annexes, '', other.headers)).status).toBe(404);
    expect((await call(a.annexPdf, '?annexe=2', other.headers)).status).toBe(404);
  });
});
