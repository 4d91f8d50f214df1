import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { allEndpoints, twoSyndics, urlOf } from './security.fixture.js';
import { onMeetingDay } from '../assemblees/meeting-day.fixture.js';
import { syndicMoneyEndpoints as money } from '@tantieme/contract';
import { moneyWorld } from './money/money.fixture.js';
import { syndicCollectionEndpoints as sepa } from '@tantieme/contract';
import { sepaWorld } from './collections/sepa.fixture.js';
import { generate } from '../collections/collections.service.js';
import { claimExternalId } from './kit/index.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof twoSyndics>>;
let urlFor: ReturnType<typeof urlOf>;
beforeAll(async () => {
  t = await createTestApp();
  w = await twoSyndics(t);
  urlFor = urlOf(w);
});
afterAll(() => t.close());

describe('a key reaches only its own syndic', () => {
  it("answers 404 to every endpoint that names one of the other syndic's resources", async () => {
    const targeted = allEndpoints().filter((e) => e.path.includes(':') && e.method !== 'PUT');
    expect(targeted.length).toBeGreaterThanOrEqual(12);
    for (const e of targeted) {
      const url = urlFor(e, { external_id: 'X', id: w.aRecordId });
      if (e.method === 'DELETE') continue; // checked below, after the others (it removes the record)
      const payload =
        e.method === 'PATCH'
          ? {}
          : e.method !== 'POST'
            ? undefined
            : e.path.endsWith('/signature-requests')
              ? { mode: 'ATTENDANCE', channel: 'email', coproprietaires: ['X'] }
              : e.path.startsWith('/syndic/v1/conversations/')
                ? { external_id: `R-${Date.now()}`, staff: 'Y', text: 'Réponse' }
                : e.path.endsWith('/session-votes')
                  ? { votes: [{ coproprietaire: 'X', attendance: 'present', choices: [] }] }
                  : e.path.startsWith('/syndic/v1/assemblees/') ||
                      e.path.startsWith('/syndic/v1/staff/') ||
                      e.path.endsWith('/submit')
                    ? undefined
                    : { channel: 'email', recipient: 'martin@example.fr' };
      const own = () => t.app.inject({ method: e.method, url, headers: w.a.headers, payload });
      // The meeting opens only on its day.
      const mine = e.path.endsWith('/start-session') ? await onMeetingDay(t.database.db, own) : await own();
      expect(mine.statusCode, `${e.method} ${e.path} (own)`).toBe(200);
      const res = await t.app.inject({ method: e.method, url, headers: w.b.headers, payload });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
    }
    for (const e of allEndpoints().filter((x) => x.method === 'DELETE')) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: urlFor(e, { external_id: 'X', id: w.aRecordId }),
        headers: w.b.headers,
      });
      expect(del.statusCode, `DELETE ${e.path}`).toBe(404);
    }
  });

  it("never writes into the other syndic's resources: a PUT with its ids creates one's own or names the unknown reference", async () => {
    const lot = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/lots/Y',
      headers: w.b.headers,
      payload: { copropriete: 'X', number: '9', name: 'Intrus' },
    });
    expect(lot.statusCode).toBe(400);
    expect(json(lot).errors).toEqual({ copropriete: 'Copropriété inconnu(e)\u202f: X' });
    const line = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/ledger-lines/Y',
      headers: w.b.headers,
      payload: {
        coproprietaire: 'X',
        date: '2026-01-01',
        name: 'Intrus',
        amount_type: 'credit',
        amount_cents: 1,
      },
    });
    expect(line.statusCode).toBe(400);
    expect(json(line).errors).toHaveProperty('coproprietaire');
    const ag = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/assemblees/Y',
      headers: w.b.headers,
      payload: {
        copropriete: 'X',
        name: 'Intrus',
        year: 2030,
        date: '2030-06-15T18:00:00+02:00',
        general_repartition: 'X',
        participants: [{ coproprietaire: 'X' }],
      },
    });
    expect(ag.statusCode).toBe(400);
    expect(json(ag).errors).toEqual({
      copropriete: 'Copropriété inconnue\u202f: X',
      general_repartition: 'Clé de répartition inconnue\u202f: X',
      'participants.0.coproprietaire': 'Copropriétaire inconnu\u202f: X',
    });
    const lists = allEndpoints().filter(
      (e) => e.method === 'GET' && !e.path.includes(':') && e.path !== '/syndic/v1/profile',
    );
    for (const e of lists) {
      const res = await t.app.inject({ method: 'GET', url: `/api${e.path}`, headers: w.b.headers });
      expect(res.statusCode, e.path).toBe(200);
      const items = json(res).data.items;
      expect(items, e.path).toEqual([]);
    }
  });

  it("never reaches another syndic's money: its exercice, building, écritures and bank lines are 404", async () => {
    const a = await moneyWorld(t);
    const b = await moneyWorld(t);
    const made = await a.apiCall(money.generateAppels, { external_id: a.ids.year }, { period: 1 });
    const csv = 'Date;Libellé;Montant\n05/01/2026;VIR INCONNU;100,00\n';
    const statement = {
      format: 'csv',
      content: csv,
      mapping: { date: 'Date', label: 'Libellé', amount: 'Montant' },
    };
    await a.apiCall(money.importStatement, { external_id: a.ids.copro }, statement);
    const [line] = (await a.apiCall(money.bank, { external_id: a.ids.copro })).body.data.unmatched;
    const ecritureId = made.body.data.ecriture_id as string;
    const year = { external_id: a.ids.year };
    const building = { external_id: a.ids.copro };
    const cases: [(typeof money)[keyof typeof money], Record<string, string>, object?][] = [
      [money.budget, year],
      [money.setBudget, year, { repartition: a.ids.cg, amount_cents: 1, periods: 4 }],
      [money.generateAppels, year, { period: 2 }],
      [money.journal, year],
      [money.reverse, { ...year, ecriture_id: ecritureId }, { date: '2026-01-02' }],
      [money.balances, year],
      [money.bank, building],
      [money.importStatement, building, statement],
      [
        money.match,
        { ...building, line_id: line.id },
        { parts: [{ coproprietaire: a.ids.leroy, amount_cents: 10_000 }] },
      ],
      [money.debtors, building],
      [money.sendStep, { ...building, coproprietaire: a.ids.martin }, { step: 'relance' }],
    ];
    expect(cases.map(([e]) => e)).toEqual(expect.arrayContaining(Object.values(money)));
    for (const [e, params, body] of cases) {
      const res = await b.apiCall(e, params, body);
      expect(res.status, `${e.method} ${e.path}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    // Through its own exercice and building, the other syndic's écriture and bank line are unknown too.
    const foreign = await b.apiCall(
      money.reverse,
      { external_id: b.ids.year, ecriture_id: ecritureId },
      { date: '2026-01-02' },
    );
    expect(foreign.status).toBe(404);
    const foreignLine = await b.apiCall(
      money.match,
      { external_id: b.ids.copro, line_id: line.id },
      { parts: [{ coproprietaire: b.ids.leroy, amount_cents: 10_000 }] },
    );
    expect(foreignLine.status).toBe(404);
    // Nothing of A moved: its two écritures (the appel, the credit into 471), none reversed; the
    // credit still waits.
    expect((await a.apiCall(money.journal, year)).body.data.ecritures).toHaveLength(2);
    expect((await a.apiCall(money.bank, building)).body.data.unmatched).toHaveLength(1);
  });

  it("never reaches another syndic's SEPA remises nor its recovery settings: 404, nothing written", async () => {
    const a = await sepaWorld(t);
    const b = await moneyWorld(t);
    const building = { external_id: a.ids.copro };
    const remise = { ...building, collection: 'REM-A' };
    // A's remise of 20 January 2026, made on the 10th, named REM-A by A.
    const made = await generate(t.app, a.b.coproId, null, '2026-01-20', '2026-01-10');
    await claimExternalId(t.database.db, a.b.syndicId, 'sepa_collection', 'REM-A', made.id);
    expect((await a.apiCall(sepa.file, remise)).status).toBe(200);
    const settings = {
      reminder_days: [10],
      mise_en_demeure_days: 20,
      mise_en_demeure_fee_cents: 0,
      relance_fee_cents: 0,
    };
    const cases: [(typeof sepa)[keyof typeof sepa], Record<string, string>, object?][] = [
      [sepa.generate, building, { external_id: 'REM-B', due_date: '2099-01-20' }],
      [sepa.file, remise],
      [sepa.settle, remise],
      [sepa.answers, building, { content: '<Document/>' }],
      [sepa.settings, building],
      [sepa.setSettings, building, settings],
    ];
    expect(cases.map(([e]) => e)).toEqual(expect.arrayContaining(Object.values(sepa)));
    for (const [e, params, body] of cases) {
      const res = await b.apiCall(e, params, body);
      expect(res.status, `${e.method} ${e.path}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    // Through its own building, A's remise is unknown too.
    const foreign = await b.apiCall(sepa.file, { external_id: b.ids.copro, collection: 'REM-A' });
    expect(foreign.status).toBe(404);
    expect((await a.apiCall(sepa.settings, building)).body.data.reminder_days).toEqual([15, 30]);
    expect((await b.apiCall(sepa.settle, { external_id: b.ids.copro, collection: 'REM-A' })).status).toBe(
      404,
    );
    expect((await a.apiCall(sepa.settle, remise)).body.data).toEqual({ settled: 2 });
  });
});
