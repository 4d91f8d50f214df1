import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCoproprietaire } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { type ConsoleWorld, consoleCall, consoleWorld } from './console.fixture.js';

/** A co-owner's kind in the console: a person, a couple, a company, SCI or indivision. */

let t: TestApp;
let w: ConsoleWorld;
let call: ReturnType<typeof consoleCall>;
beforeAll(async () => {
  t = await createTestApp();
  w = await consoleWorld(t);
  call = consoleCall(t);
});
afterAll(() => t.close());

const list = async (coproId: string) =>
  json(await call('GET', `/gestion/coproprietes/${coproId}/coproprietaires`, w.admin.headers)).data
    .coproprietaires as { id: string; name: string; civility: string | null; last_name: string | null }[];

describe("a co-owner's kind, from the console", () => {
  it('shows the one person of a record written before the identity columns, then changes it to an indivision of a couple', async () => {
    const rec = await makeCoproprietaire(t.database.db, {
      copropriete_id: w.a2.coproId,
      name: 'Girard Paul',
      members: [{ civility: 'mr', first_name: 'Paul', last_name: 'Girard' }],
    });
    expect((await list(w.a2.coproId)).find((o) => o.id === rec.id)).toMatchObject({
      civility: 'mr',
      first_name: 'Paul',
      last_name: 'Girard',
    });
    const res = await call(
      'PUT',
      `/gestion/coproprietes/${w.a2.coproId}/coproprietaires/${rec.id}`,
      w.admin.headers,
      { civility: 'mr_and_mrs', first_name: 'Paul', last_name: 'Girard', company: 'Indivision Girard' },
    );
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ civility: 'mr_and_mrs', company: 'Indivision Girard' });
    // An assistant may not change a record.
    const refused = await call(
      'PUT',
      `/gestion/coproprietes/${w.a1.coproId}/coproprietaires/${w.a1.ownerId}`,
      w.assistant.headers,
      { last_name: 'Autre' },
    );
    expect(refused.statusCode).toBe(403);
  });
});
