import { type JournalEcriture, numberingGaps } from '@tantieme/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYears } from '../../db/schema/index.js';
import { financialYearRow } from '../../../seed/builders/finances.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeCopropriete, makeCoproprietaire } from '../../test/factories.js';
import { AppError } from '../../http/errors.js';
import * as repo from './journal.repo.js';
import { post, postIn, reverse } from './journal.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function building() {
  const copro = await makeCopropriete(t.database.db);
  const [year] = await t.database.db
    .insert(financialYears)
    .values(financialYearRow({ copropriete_id: copro.id }))
    .returning();
  const owners = await Promise.all(
    [0, 1, 2].map(() => makeCoproprietaire(t.database.db, { copropriete_id: copro.id })),
  );
  return { coproId: copro.id, yearId: year.id, owners: owners.map((o) => o.id) };
}

const appel = (owners: string[], amounts: number[], date = '2026-01-01'): JournalEcriture => ({
  date,
  libelle: 'Appel de fonds du 1er trimestre',
  piece: 'AF-T1',
  source: 'appel',
  lines: [
    ...owners.map((o, i) => ({ account: '4501', coproprietaireId: o, debit: amounts[i], credit: 0 })),
    { account: '701', debit: 0, credit: amounts.reduce((s, a) => s + a, 0) },
  ],
});

/** Seeded pseudo-random (the same cases every run). */
function seeded(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

describe('posting to the journal', () => {
  it('numbers the écritures of an exercice from 1, and refuses an unbalanced one in French', async () => {
    const b = await building();
    const first = await post(t.database.db, {
      coproprieteId: b.coproId,
      financialYearId: b.yearId,
      ecriture: appel(b.owners, [41250, 38750, 20000]),
    });
    const second = await post(t.database.db, {
      coproprieteId: b.coproId,
      financialYearId: b.yearId,
      ecriture: appel(b.owners, [1, 2, 3]),
    });
    expect([first.number, second.number]).toEqual([1, 2]);
    const bad = appel(b.owners, [100, 100, 100]);
    bad.lines[3].credit = 299;
    const err = await post(t.database.db, {
      coproprieteId: b.coproId,
      financialYearId: b.yearId,
      ecriture: bad,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.message).toBe("L'écriture n'est pas équilibrée (débit 300, crédit 299).");
    // The refused écriture took no number.
    const third = await post(t.database.db, {
      coproprieteId: b.coproId,
      financialYearId: b.yearId,
      ecriture: appel(b.owners, [5, 5, 5]),
    });
    expect(third.number).toBe(3);
  });

  it('refuses a date outside the exercice, a closed exercice, another building’s co-owner or exercice', async () => {
    const b = await building();
    const other = await building();
    const base = { coproprieteId: b.coproId, financialYearId: b.yearId };
    const outside = await post(t.database.db, {
      ...base,
      ecriture: appel(b.owners, [1, 1, 1], '2027-01-01'),
    }).catch((e) => e);
    expect(outside.message).toBe("La date de l'écriture est hors de l'exercice.");
    const stranger = await post(t.database.db, { ...base, ecriture: appel([other.owners[0]], [10]) }).catch(
      (e) => e,
    );
    expect(stranger.code).toBe('NOT_FOUND');
    const wrongYear = await post(t.database.db, {
      coproprieteId: b.coproId,
      financialYearId: other.yearId,
      ecriture: appel(b.owners, [1, 1, 1]),
    }).catch((e) => e);
    expect(wrongYear.code).toBe('NOT_FOUND');
    await t.database.db.execute(sql`update financial_years set closed = true where id = ${b.yearId}`);
    const closed = await post(t.database.db, { ...base, ecriture: appel(b.owners, [1, 1, 1]) }).catch(
      (e) => e,
    );
    expect(closed.message).toBe("L'exercice est clos\u202f: il ne reçoit plus d'écriture.");
  });

  it('never lets an écriture or a line be updated or deleted (the database refuses)', async () => {
    const b = await building();
    const { id } = await post(t.database.db, {
      coproprieteId: b.coproId,
      financialYearId: b.yearId,
      ecriture: appel(b.owners, [10, 20, 30]),
    });
    for (const statement of [
      sql`update journal_ecritures set libelle = 'autre' where id = ${id}`,
      sql`delete from journal_ecritures where id = ${id}`,
      sql`update journal_lignes set debit_cents = 11 where ecriture_id = ${id} and debit_cents = 10`,
      sql`delete from journal_lignes where ecriture_id = ${id}`,
    ]) {
      const err = await t.database.db.execute(statement).catch((e) => e);
      expect(String(err?.cause?.message ?? err?.message)).toMatch(/Le journal ne se modifie pas/);
    }
    const kept = await repo.ecritureWithLignes(t.database.db, id);
    expect(kept?.lignes.map((l) => l.debit_cents + l.credit_cents).sort((x, y) => x - y)).toEqual([
      10, 20, 30, 60,
    ]);
  });

  it('cancels an écriture by its contre-passation, once', async () => {
    const b = await building();
    const { id } = await post(t.database.db, {
      coproprieteId: b.coproId,
      financialYearId: b.yearId,
      ecriture: appel(b.owners, [41250, 38750, 20000]),
    });
    const r = await reverse(t.database.db, b.coproId, id, '2026-02-03');
    expect(r.number).toBe(2);
    const again = await reverse(t.database.db, b.coproId, id, '2026-02-04').catch((e) => e);
    expect(again.message).toBe('Cette écriture a déjà été contre-passée.');
    const elsewhere = await reverse(t.database.db, (await building()).coproId, id, '2026-02-04').catch(
      (e) => e,
    );
    expect(elsewhere.code).toBe('NOT_FOUND');
    const reversed = await repo.ecritureWithLignes(t.database.db, r.id);
    expect(reversed?.libelle).toBe(
      "Contre-passation de l'écriture n° 1\u202f: Appel de fonds du 1er trimestre",
    );
    expect((await repo.balances(t.database.db, b.coproId)).every((x) => x.debit === x.credit)).toBe(true);
  });
});

describe('journal properties (seeded random cases)', () => {
  it('every écriture balances, the numbering has no gap under concurrent posts and rollbacks, reversal cancels', async () => {
    const b = await building();
    const rnd = seeded(2026);
    const accounts = ['512', '401', '615', '701', '105', '102'];
    const cases = Array.from({ length: 60 }, (_, k) => {
      const n = 1 + rnd(4);
      const lines = Array.from({ length: n }, () => {
        const owner = rnd(3) === 0;
        return {
          account: owner ? '4501' : accounts[rnd(accounts.length)],
          coproprietaireId: owner ? b.owners[rnd(3)] : null,
          debit: 1 + rnd(500_000),
          credit: 0,
        };
      });
      const total = lines.reduce((s, l) => s + l.debit, 0);
      // Split the counterpart in two credits so lines of both sides vary.
      const part = 1 + rnd(Math.max(1, total - 1));
      const credits = part < total ? [part, total - part] : [total];
      const ecriture: JournalEcriture = {
        date: `2026-0${1 + rnd(9)}-1${rnd(9)}`,
        libelle: `Écriture ${k}`,
        source: 'manuel',
        lines: [...lines, ...credits.map((c) => ({ account: '512', debit: 0, credit: c }))],
      };
      return { ecriture, rollback: rnd(5) === 0 };
    });
    const results = await Promise.allSettled(
      cases.map(({ ecriture, rollback }) =>
        t.database.db.transaction(async (tx) => {
          const posted = await postIn(tx, { coproprieteId: b.coproId, financialYearId: b.yearId, ecriture });
          // A failure after the number was taken (the caller's next step) gives the number back.
          if (rollback) throw new Error('rollback');
          return posted;
        }),
      ),
    );
    const kept = results.filter((r) => r.status === 'fulfilled');
    expect(kept.length).toBe(cases.filter((c) => !c.rollback).length);
    const journal = await repo.journalOf(t.database.db, b.yearId);
    expect(journal.length).toBe(kept.length);
    expect(numberingGaps(journal.map((e) => e.number))).toEqual([]);
    expect(Math.max(...journal.map((e) => e.number))).toBe(kept.length);
    for (const e of journal) {
      const d = e.lignes.reduce((s, l) => s + l.debit_cents, 0);
      const c = e.lignes.reduce((s, l) => s + l.credit_cents, 0);
      expect(d).toBe(c);
    }
    for (const e of journal) await reverse(t.database.db, b.coproId, e.id, '2026-12-31');
    const after = await repo.journalOf(t.database.db, b.yearId);
    expect(numberingGaps(after.map((e) => e.number))).toEqual([]);
    expect(after.length).toBe(2 * kept.length);
    const balances = await repo.balances(t.database.db, b.coproId);
    expect(balances.length).toBeGreaterThan(0);
    expect(balances.filter((x) => x.debit !== x.credit)).toEqual([]);
  });
});
