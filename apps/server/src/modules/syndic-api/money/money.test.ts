import {
  consoleMoneyEndpoints as c,
  consoleRecouvrementEndpoints as r,
  type Endpoint,
  syndicMoneyEndpoints as e,
} from '@tantieme/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicAuditLog } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { moneyWorld } from './money.fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The syndic's audit lines of a resource, oldest first, without who wrote them nor when. */
async function audit(syndicId: string, resource: string) {
  const rows = await t.database.db
    .select()
    .from(syndicAuditLog)
    .where(and(eq(syndicAuditLog.syndic_id, syndicId), eq(syndicAuditLog.resource, resource)))
    .orderBy(asc(syndicAuditLog.id));
  return rows.map((r) => ({
    by: r.api_key_id ? 'key' : 'console',
    action: r.action,
    resource_id: r.resource_id,
    changes: r.changes,
  }));
}

describe('the budget and the appels on the syndic API', () => {
  it('reads and sets the budget as the console does: idempotent, audited once, a 400 naming the field', async () => {
    const w = await moneyWorld(t);
    const year = { external_id: w.ids.year };
    const api = await w.apiCall(e.budget, year);
    expect(api.status).toBe(200);
    expect(api.body.data).toEqual((await w.consoleCall(c.overview)).body.data);

    const body = { repartition: w.ids.asc, kind: 'budget', amount_cents: 380_000, periods: 4 };
    const set = await w.apiCall(e.setBudget, year, body);
    expect(set.status).toBe(200);
    expect(set.body.data.result).toBe('updated');
    expect(set.body.data.budget).toEqual((await w.consoleCall(c.overview)).body.data);
    expect((await w.apiCall(e.setBudget, year, body)).body.data.result).toBe('unchanged');
    // The console's same change of the other key writes the same kind of line.
    await w.consoleCall(
      c.setBudget,
      {},
      {
        financial_year_id: w.b.yearId,
        repartition_id: w.b.keys.cg,
        amount_cents: 2_500_000,
        periods: 4,
      },
    );
    expect(await audit(w.b.syndicId, 'budget')).toEqual([
      {
        by: 'key',
        action: 'updated',
        resource_id: w.b.yearId,
        changes: { [`budget:${w.b.keys.asc}`]: { before: 360_000, after: 380_000 } },
      },
      {
        by: 'console',
        action: 'updated',
        resource_id: w.b.yearId,
        changes: { [`budget:${w.b.keys.cg}`]: { before: 2_400_001, after: 2_500_000 } },
      },
    ]);

    const negative = await w.apiCall(e.setBudget, year, { ...body, amount_cents: -1 });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body.errors)).toEqual(['amount_cents']);
    const stranger = await w.apiCall(e.setBudget, year, { ...body, repartition: 'INCONNUE' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toEqual({ repartition: 'Clé de répartition inconnue\u202f: INCONNUE' });
    const periods = await w.apiCall(e.setBudget, year, { ...body, periods: 5 });
    expect(Object.keys(periods.body.errors)).toEqual(['periods']);
    // Nothing half-written: the refused calls left the budget and the log as they were.
    expect((await w.apiCall(e.budget, year)).body.data).toEqual((await w.consoleCall(c.overview)).body.data);
    expect(await audit(w.b.syndicId, 'budget')).toHaveLength(2);
  });

  it('generates a period once, and the console and the API read the same journal and balances', async () => {
    const w = await moneyWorld(t);
    const year = { external_id: w.ids.year };
    const made = await w.apiCall(e.generateAppels, year, { period: 1 });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ created: true, total_cents: 690_001, coproprietaires: 3 });
    const again = await w.apiCall(e.generateAppels, year, { period: 1 });
    expect(again.body.data).toMatchObject({ created: false, ecriture_id: made.body.data.ecriture_id });
    expect((await w.apiCall(e.generateAppels, year, { period: 13 })).body.errors).toHaveProperty('period');
    // The console's second quarter: the same audit line as the API's first.
    await w.consoleCall(c.generateAppels, {}, { financial_year_id: w.b.yearId, period: 2 });
    const lines = await audit(w.b.syndicId, 'appel');
    expect(lines.map((l) => [l.by, l.changes])).toEqual([
      ['key', { kind: 'budget', period: 1, total_cents: 690_001 }],
      ['console', { kind: 'budget', period: 2, total_cents: 690_000 }],
    ]);

    const journal = await w.apiCall(e.journal, year);
    expect(journal.body.data).toEqual((await w.consoleCall(c.journal)).body.data);
    expect(journal.body.data.ecritures.map((x: { number: number }) => x.number)).toEqual([1, 2]);
    // Exact pages: one écriture a page, then none.
    const first = await w.apiCall(e.journal, year, undefined, '?limit=1');
    expect(first.body.data.ecritures.map((x: { number: number }) => x.number)).toEqual([1]);
    expect(first.body.data.next_after).toBe(1);
    const second = await w.apiCall(e.journal, year, undefined, '?limit=1&after=1');
    expect(second.body.data.ecritures.map((x: { number: number }) => x.number)).toEqual([2]);
    expect(second.body.data.next_after).toBeNull();
    const future = await w.apiCall(e.journal, year, undefined, '?updated_since=2100-01-01T00:00:00Z');
    expect(future.body.data.ecritures).toEqual([]);
    const past = await w.apiCall(e.journal, year, undefined, '?updated_since=2000-01-01T00:00:00Z');
    expect(past.body.data.ecritures).toHaveLength(2);
    const bad = await w.apiCall(e.journal, year, undefined, '?updated_since=hier');
    expect(Object.keys(bad.body.errors)).toEqual(['updated_since']);

    const ecriture = { ...year, ecriture_id: made.body.data.ecriture_id };
    const rev = await w.apiCall(e.reverse, ecriture, { date: '2026-01-02' });
    expect(rev.status).toBe(200);
    expect(rev.body.data.number).toBe(3);
    expect((await w.apiCall(e.reverse, ecriture, { date: '2026-01-02' })).status).toBe(409);
    expect((await w.apiCall(e.reverse, ecriture, { date: '2026-02-30' })).body.errors).toHaveProperty('date');
    expect(await audit(w.b.syndicId, 'ecriture')).toEqual([
      {
        by: 'key',
        action: 'created',
        resource_id: rev.body.data.id,
        changes: { reverses: ecriture.ecriture_id },
      },
    ]);

    const balances = await w.apiCall(e.balances, year);
    expect(balances.body.data).toEqual((await w.consoleCall(c.balances)).body.data);
    // The first quarter reversed: only the second remains called.
    expect(balances.body.data.budget).toMatchObject({ voted_cents: 2_760_001, called_cents: 690_000 });
  });
});

describe('the scopes of the money endpoints', () => {
  it('answers 403 to every write with a read-only key, and lets it read', async () => {
    const w = await moneyWorld(t);
    const ro = await makeSyndicWithKey(t.database.db, ['read'], { id: w.b.syndicId });
    const year = { external_id: w.ids.year };
    const building = { external_id: w.ids.copro };
    const writes: [Endpoint, Record<string, string>][] = [
      [e.setBudget, year],
      [e.generateAppels, year],
      [e.reverse, { ...year, ecriture_id: w.b.yearId }],
      [e.importStatement, building],
      [e.match, { ...building, line_id: w.b.yearId }],
      [e.sendStep, { ...building, coproprietaire: w.ids.martin }],
    ];
    for (const [x, params] of writes)
      expect((await w.apiCall(x, params, {}, '', ro.headers)).status, x.path).toBe(403);
    expect((await w.apiCall(e.journal, year, undefined, '', ro.headers)).status).toBe(200);
    expect((await w.apiCall(e.bank, building, undefined, '', ro.headers)).status).toBe(200);
  });
});

describe('the bank on the syndic API', () => {
  it('imports a statement once, queues the unknown credit, matches it by external ids, as the console', async () => {
    const w = await moneyWorld(t);
    await w.apiCall(e.generateAppels, { external_id: w.ids.year }, { period: 1 });
    const building = { external_id: w.ids.copro };
    const csv = `Date;Libellé;Montant;Donneur\n05/01/2026;VIR ${w.b.owners.martin.unique_code};3204,01;MARTIN\n06/01/2026;VIR FAMILLE;1000,00;X\n`;
    const mapping = { date: 'Date', label: 'Libellé', amount: 'Montant', name: 'Donneur' };
    const body = { format: 'csv', content: csv, mapping, bank_name: 'Crédit Mutuel' };
    const imported = await w.apiCall(e.importStatement, building, body);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ matched: 1, unmatched: 1, known: 0 });
    const same = await w.apiCall(e.importStatement, building, body);
    expect(same.body.data).toMatchObject({ matched: 0, unmatched: 0, known: 2 });
    expect(await audit(w.b.syndicId, 'bank_statement')).toHaveLength(1);
    const noColumns = await w.apiCall(e.importStatement, building, { format: 'csv', content: csv });
    expect(noColumns.body.errors).toEqual({ mapping: expect.any(String) });
    expect(
      (await w.apiCall(e.importStatement, building, { format: 'pdf', content: csv })).body.errors,
    ).toHaveProperty('format');

    const bank = await w.apiCall(e.bank, building);
    expect(bank.body.data).toEqual((await w.consoleCall(c.bank)).body.data);
    const waiting = bank.body.data.unmatched[0];
    const line = { ...building, line_id: waiting.id };
    const unknown = await w.apiCall(e.match, line, {
      parts: [{ coproprietaire: 'CP-X', amount_cents: 100_000 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ 'parts.0.coproprietaire': 'Copropriétaire inconnu\u202f: CP-X' });
    const short = await w.apiCall(e.match, line, {
      parts: [{ coproprietaire: w.ids.leroy, amount_cents: 99_999 }],
    });
    expect(short.status).toBe(400);
    const split = await w.apiCall(e.match, line, {
      parts: [
        { coproprietaire: w.ids.leroy, amount_cents: 60_000 },
        { coproprietaire: w.ids.sci, amount_cents: 40_000 },
      ],
    });
    expect(split.body.data).toEqual({ payments: 2 });
    // Matched once: the same line again is refused and pays no one twice.
    const twice = await w.apiCall(e.match, line, {
      parts: [{ coproprietaire: w.ids.leroy, amount_cents: 100_000 }],
    });
    expect(twice.status).toBeGreaterThanOrEqual(400);
    const after = (await w.consoleCall(c.bank)).body.data;
    expect(after.unmatched).toEqual([]);
    expect((await w.apiCall(e.bank, building)).body.data).toEqual(after);
    expect(await audit(w.b.syndicId, 'bank_line')).toEqual([
      {
        by: 'key',
        action: 'updated',
        resource_id: waiting.id,
        changes: { status: { before: 'unmatched', after: 'matched' } },
      },
    ]);
    // The console's import of another statement writes the same kind of line as the API's.
    await w.consoleCall(
      c.importStatement,
      {},
      {
        format: 'csv',
        content: 'Date;Libellé;Montant\n07/01/2026;VIR INCONNU;12,00\n',
        mapping: { date: 'Date', label: 'Libellé', amount: 'Montant' },
      },
    );
    const statements = await audit(w.b.syndicId, 'bank_statement');
    expect(statements.map((s) => [s.by, s.changes])).toEqual([
      ['key', { format: 'csv', matched: 1, unmatched: 1 }],
      ['console', { format: 'csv', matched: 0, unmatched: 1 }],
    ]);
  });
});

describe('the recovery steps on the syndic API', () => {
  it('lists the debtors as the console, sends a reminder once per debt, audited as the console', async () => {
    const w = await moneyWorld(t);
    await w.apiCall(e.generateAppels, { external_id: w.ids.year }, { period: 1 });
    const building = { external_id: w.ids.copro };
    const list = await w.apiCall(e.debtors, building);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual((await w.consoleCall(r.debtors)).body.data);
    expect(list.body.data.debtors.map((d: { name: string }) => d.name)).toEqual([
      'Jeanne Martin',
      'Paul Leroy',
      'SCI du Parc',
    ]);
    const step = { ...building, coproprietaire: w.ids.martin };
    const sent = await w.apiCall(e.sendStep, step, { step: 'relance' });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ step: 'relance', grade: 1, fee_cents: 0, channel: 'app' });
    expect((await w.apiCall(e.sendStep, step, { step: 'rappel' })).body.errors).toHaveProperty('step');
    expect(
      (await w.apiCall(e.sendStep, { ...step, coproprietaire: 'CP-X' }, { step: 'relance' })).status,
    ).toBe(404);
    // The console's reminder to Leroy: the same audit line as the API's to Martin.
    await w.consoleCall(r.send, { coproprietaireId: w.b.owners.leroy.id }, { step: 'relance' });
    const lines = await audit(w.b.syndicId, 'recouvrement');
    expect(lines.map((l) => [l.by, l.changes])).toEqual([
      [
        'key',
        { coproprietaire: w.b.owners.martin.id, step: 'relance', grade: 1, fee_cents: 0, channel: 'app' },
      ],
      [
        'console',
        { coproprietaire: w.b.owners.leroy.id, step: 'relance', grade: 1, fee_cents: 0, channel: 'app' },
      ],
    ]);
    const after = (await w.apiCall(e.debtors, building)).body.data;
    expect(after.debtors[0].steps.map((x: { step: string }) => x.step)).toEqual(['relance']);
  });
});
