import {
  consoleCollectionEndpoints as c,
  consoleRecouvrementEndpoints as r,
  syndicCollectionEndpoints as e,
  syndicMoneyEndpoints as money,
} from '@tantieme/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerLines, syndicAuditLog } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { claimExternalId } from '../kit/index.js';
import { camt054, pain002, sepaWorld } from './sepa.fixture.js';

let t: TestApp;
beforeAll(async () => {
  // The remise's earliest date follows the day: the tests live on 10 January 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-10T09:00:00Z'));
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const DUE = '2026-01-20';

async function audit(syndicId: string, resource: string) {
  const rows = await t.database.db
    .select()
    .from(syndicAuditLog)
    .where(and(eq(syndicAuditLog.syndic_id, syndicId), eq(syndicAuditLog.resource, resource)))
    .orderBy(asc(syndicAuditLog.id));
  return rows.map((x) => ({ by: x.api_key_id ? 'key' : 'console', action: x.action, changes: x.changes }));
}

describe('SEPA collections on the syndic API', () => {
  it('generates a remise once per external_id, gives the console its file, and audits it as the console', async () => {
    const w = await sepaWorld(t);
    const body = { external_id: 'REM-2026-01', due_date: DUE };
    const made = await w.apiCall(e.generate, w.building, body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      result: 'created',
      external_id: 'REM-2026-01',
      due_date: DUE,
      status: 'generated',
      items: 2,
    });
    const again = await w.apiCall(e.generate, w.building, body);
    expect(again.body.data).toEqual({ ...made.body.data, result: 'unchanged' });
    const moved = await w.apiCall(e.generate, w.building, { ...body, due_date: '2026-01-27' });
    expect(moved.status).toBe(409);
    expect(Object.keys(moved.body.errors)).toEqual(['due_date']);
    const page = (await w.consoleCall(c.page)).body.data;
    expect(page.collections.map((x: { id: string }) => x.id)).toEqual([made.body.data.id]);
    expect(page.collections[0].total_cents).toBe(made.body.data.total_cents);

    // The same XML through both entrances.
    const remise = { ...w.building, collection: 'REM-2026-01' };
    const file = await w.apiCall(e.file, remise);
    expect(file.status).toBe(200);
    const viaConsole = await w.consoleCall(c.file, {}, { collection_id: made.body.data.id });
    expect(file.body.data).toEqual(viaConsole.body.data);
    expect(file.body.data.content).toContain('pain.008.001.02');

    // Too early for the mandate's notice: the field named, nothing made.
    const early = await w.apiCall(e.generate, w.building, { external_id: 'REM-TOT', due_date: '2026-01-11' });
    expect(early.status).toBe(400);
    expect(Object.keys(early.body.errors)).toEqual(['due_date']);
    const bad = await w.apiCall(e.generate, w.building, { external_id: 'REM-X', due_date: '20/01/2026' });
    expect(Object.keys(bad.body.errors)).toEqual(['due_date']);
    expect((await w.apiCall(e.file, { ...w.building, collection: 'REM-TOT' })).status).toBe(404);

    const lines = await audit(w.b.syndicId, 'sepa_collection');
    expect(lines).toEqual([
      {
        by: 'key',
        action: 'created',
        changes: { due_date: DUE, items: 2, total_cents: made.body.data.total_cents },
      },
    ]);
  });

  it('settles once, and a rejection then a return each move their debit once and raise payment.failed', async () => {
    const w = await sepaWorld(t);
    // The back office knows the quarter's appels by its own ids.
    const appels = await t.database.db
      .select()
      .from(ledgerLines)
      .where(and(eq(ledgerLines.copropriete_id, w.b.coproId), eq(ledgerLines.amount_type, 'debit')));
    const named = new Map<string, string>();
    for (const line of appels) {
      const ext = `APPEL-T1-${line.coproprietaire_id.slice(0, 8)}`;
      await claimExternalId(t.database.db, w.b.syndicId, 'ledger_line', ext, line.id);
      named.set(line.id, ext);
    }
    const made = await w.apiCall(e.generate, w.building, { external_id: 'REM-1', due_date: DUE });
    const remise = { ...w.building, collection: 'REM-1' };
    const [item] = (await w.consoleCall(c.page)).body.data.collections;
    const e2e = (owner: string) =>
      item.items.find((i: { coproprietaire: { id: string } }) => i.coproprietaire.id === owner).end_to_end_id;
    const martin = w.b.owners.martin.id;
    const leroy = w.b.owners.leroy.id;

    // Leroy's bank refuses before the due date (pain.002): nothing to reverse.
    const rejected = await w.apiCall(e.answers, w.building, { content: pain002('PAIN-1', e2e(leroy)) });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ format: 'pain002', known: false, rejected: 1 });

    const settled = await w.apiCall(e.settle, remise);
    expect(settled.body.data).toEqual({ settled: 1 });
    expect((await w.apiCall(e.settle, remise)).body.data).toEqual({ settled: 0 });
    const afterSettle = (await w.apiCall(money.balances, { external_id: w.ids.year })).body.data;

    // Weeks later Martin's bank takes the money back (camt.054): the credit is reversed.
    const returned = await w.apiCall(e.answers, w.building, { content: camt054('CAMT-1', e2e(martin)) });
    expect(returned.body.data).toMatchObject({ format: 'camt054', known: false, returned: 1 });
    const journal = (await w.apiCall(money.journal, { external_id: w.ids.year })).body.data.ecritures;
    const balances = (await w.apiCall(money.balances, { external_id: w.ids.year })).body.data;
    expect(balances).not.toEqual(afterSettle);

    // The same answers again: known, nothing moves, no second webhook.
    for (const content of [pain002('PAIN-1', e2e(leroy)), camt054('CAMT-1', e2e(martin))]) {
      const replay = await w.apiCall(e.answers, w.building, { content });
      expect(replay.body.data).toMatchObject({ known: true, rejected: 0, returned: 0 });
    }
    // A new file naming the same debit again: still nothing.
    const other = await w.apiCall(e.answers, w.building, { content: camt054('CAMT-2', e2e(martin)) });
    expect(other.body.data).toMatchObject({ known: false, returned: 0, unchanged: 1 });
    expect((await w.apiCall(money.journal, { external_id: w.ids.year })).body.data.ecritures).toEqual(
      journal,
    );
    expect((await w.apiCall(money.balances, { external_id: w.ids.year })).body.data).toEqual(balances);

    const failed = await w.deliveries('payment.failed');
    expect(failed).toHaveLength(2);
    const owners = failed.map((f) => f.data.coproprietaire.external_id);
    expect(owners).toEqual([w.ids.leroy, w.ids.martin]);
    for (const f of failed) {
      // The lines the debit was to settle, each named by the syndic's external id.
      expect(f.data.lines.length).toBeGreaterThan(0);
      expect(f.data.payment_request.debits.map((d: { id: string }) => d.id)).toEqual(
        f.data.lines.map((l: { ledger_line: { id: string } }) => l.ledger_line.id),
      );
      for (const l of f.data.lines) expect(l.ledger_line.external_id).toBe(named.get(l.ledger_line.id));
    }
    expect(made.body.data.total_cents).toBe(
      failed.reduce((s, f) => s + f.data.payment_request.amount_cents, 0),
    );
    const answerLines = await audit(w.b.syndicId, 'sepa_answer');
    expect(answerLines.map((l) => l.changes)).toEqual([
      { format: 'pain002', rejected: 1, returned: 0, unknown: 0 },
      { format: 'camt054', rejected: 0, returned: 1, unknown: 0 },
      { format: 'camt054', rejected: 0, returned: 0, unknown: 0 },
    ]);
    const bogus = await w.apiCall(e.answers, w.building, { content: '<pas du xml' });
    expect(bogus.status).toBe(400);
    expect(Object.keys(bogus.body.errors)).toEqual(['content']);
  });

  it('the console settles the same way: its settlement and the API answer the same and log the same line', async () => {
    const w = await sepaWorld(t);
    const made = await w.apiCall(e.generate, w.building, { external_id: 'REM-C', due_date: DUE });
    const viaConsole = await w.consoleCall(c.settle, {}, { collection_id: made.body.data.id });
    expect(viaConsole.body.data).toEqual({ settled: 2 });
    expect((await w.apiCall(e.settle, { ...w.building, collection: 'REM-C' })).body.data).toEqual({
      settled: 0,
    });
    const lines = await audit(w.b.syndicId, 'sepa_collection');
    expect(lines.map((l) => [l.by, l.action])).toEqual([
      ['key', 'created'],
      ['console', 'updated'],
    ]);
  });
});

describe('the recovery settings on the syndic API', () => {
  it('reads and sets them as the console does, names each wrong field, and writes nothing then', async () => {
    const w = await sepaWorld(t);
    const read = await w.apiCall(e.settings, w.building);
    expect(read.body.data).toEqual({
      reminder_days: [15, 30],
      mise_en_demeure_days: 45,
      mise_en_demeure_fee_cents: 0,
      relance_fee_cents: 0,
    });
    expect(read.body.data).toEqual((await w.consoleCall(r.debtors)).body.data.settings);
    const next = {
      reminder_days: [10, 20, 30],
      mise_en_demeure_days: 40,
      mise_en_demeure_fee_cents: 4_000,
      relance_fee_cents: 0,
    };
    const set = await w.apiCall(e.setSettings, w.building, next);
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual(next);
    expect((await w.consoleCall(r.debtors)).body.data.settings).toEqual(next);
    // The same values again through the console: same answer, no line.
    expect((await w.consoleCall(r.settings, {}, next)).body.data).toEqual(next);
    await w.consoleCall(r.settings, {}, { ...next, relance_fee_cents: 1_000 });
    expect(await audit(w.b.syndicId, 'recouvrement_settings')).toEqual([
      {
        by: 'key',
        action: 'updated',
        changes: {
          reminder_days: { before: [15, 30], after: [10, 20, 30] },
          mise_en_demeure_days: { before: 45, after: 40 },
          mise_en_demeure_fee_cents: { before: 0, after: 4_000 },
        },
      },
      { by: 'console', action: 'updated', changes: { relance_fee_cents: { before: 0, after: 1_000 } } },
    ]);

    const stored = (await w.apiCall(e.settings, w.building)).body.data;
    const wrong = await w.apiCall(e.setSettings, w.building, {
      ...next,
      reminder_days: [30, 20],
      mise_en_demeure_fee_cents: 200_000,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      reminder_days: 'Les délais des relances vont croissant.',
      mise_en_demeure_fee_cents: 'Un frais va de 0 à 1\u202f000\u202f€.',
    });
    const late = await w.apiCall(e.setSettings, w.building, { ...next, mise_en_demeure_days: 25 });
    expect(Object.keys(late.body.errors)).toEqual(['mise_en_demeure_days']);
    const typed = await w.apiCall(e.setSettings, w.building, { ...next, relance_fee_cents: 'dix' });
    expect(Object.keys(typed.body.errors)).toEqual(['relance_fee_cents']);
    expect((await w.apiCall(e.settings, w.building)).body.data).toEqual(stored);
    expect(await audit(w.b.syndicId, 'recouvrement_settings')).toHaveLength(2);

    // A read-only key reads, and writes nothing.
    const reader = await makeSyndicWithKey(t.database.db, ['read'], { id: w.b.syndicId });
    const call = (x: (typeof e)[keyof typeof e], body?: object) =>
      w.apiCall(x, w.building, body, '', reader.headers);
    expect((await call(e.settings)).status).toBe(200);
    expect((await call(e.setSettings, next)).status).toBe(403);
    expect((await call(e.generate, { external_id: 'REM-R', due_date: DUE })).status).toBe(403);
    expect((await call(e.answers, { content: '<Document/>' })).status).toBe(403);
  });
});
