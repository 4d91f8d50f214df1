import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalementRow } from '../../../seed/builders/inbox.js';
import { signalements } from '../../db/schema/index.js';
import { makeCoproprietaire, makeCopropriete } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { checklistOf } from '../documents/checklist.service.js';
import { type ConsoleWorld, consoleCall, consoleWorld } from './console.fixture.js';

/** The portfolio's sort and limit, the search's order and kinds, the co-owners' pages (decision 223). */

let t: TestApp;
let w: ConsoleWorld;
let call: ReturnType<typeof consoleCall>;
beforeAll(async () => {
  t = await createTestApp();
  w = await consoleWorld(t);
  call = consoleCall(t);
});
afterAll(() => t.close());

type Building = { id: string; name: string; actions: Record<string, number> };
const sum = (b: Building) => Object.values(b.actions).reduce((a, n) => a + n, 0);

describe('the portfolio home at scale', () => {
  it('puts the buildings with most to do first, the first `limit`, and counts them all', async () => {
    const db = t.database.db;
    // A third building of syndic A with many new reports: the most to do.
    const busy = await makeCopropriete(db, { syndic_id: w.a.syndic.id, name: 'Aaa Résidence Calme' });
    const author = await makeCoproprietaire(db, { copropriete_id: busy.id, name: 'Roux Paul' });
    for (let k = 0; k < 30; k++)
      await db.insert(signalements).values(
        signalementRow({
          syndic_id: w.a.syndic.id,
          copropriete_id: busy.id,
          author_id: author.id,
          title: 'Fuite',
        }),
      );
    const byName = json(await call('GET', '/gestion/portefeuille', w.admin.headers)).data;
    expect(byName.total).toBe(3);
    expect(byName.buildings.map((b: Building) => b.name)).toEqual([
      'Aaa Résidence Calme',
      'Le Clos Fleuri',
      'Résidence Les Tilleuls',
    ]);
    const first = json(await call('GET', '/gestion/portefeuille?sort=actions&limit=2', w.admin.headers)).data;
    expect(first.total).toBe(3);
    expect(first.buildings).toHaveLength(2);
    expect(first.buildings[0].id).toBe(busy.id);
    expect(sum(first.buildings[0])).toBeGreaterThanOrEqual(sum(first.buildings[1]));
    // Each building's missing documents: the décret 2019-502 checklist's missing items.
    for (const b of byName.buildings as Building[]) {
      const list = await checklistOf(db, b.id, w.a.syndic.id);
      expect(b.actions.missing_documents).toBe(list.items.filter((i) => i.status === 'missing').length);
    }
  });
});

describe('the search at scale', () => {
  it('finds co-owners by name or e-mail within reach, those starting with the words first, 20 at most', async () => {
    const db = t.database.db;
    for (let k = 0; k < 25; k++)
      await makeCoproprietaire(db, {
        copropriete_id: w.a1.coproId,
        name: `Vasseur ${String(k).padStart(2, '0')}`,
      });
    await makeCoproprietaire(db, { copropriete_id: w.a1.coproId, name: 'Aubert-Vasseur Lina' });
    await makeCoproprietaire(db, {
      copropriete_id: w.a1.coproId,
      name: 'Petit Marc',
      contacts: [{ id: 'c1', emails: [{ value: 'marc.lefranc@exemple.fr' }] }],
    });
    const found = json(await call('GET', '/gestion/recherche?q=vasseur', w.gestionnaire.headers)).data;
    expect(found.coproprietaires).toHaveLength(20);
    // "Aubert-Vasseur" holds the words but does not start with them: after the 20 who do.
    expect(found.coproprietaires.map((o: { name: string }) => o.name)).not.toContain('Aubert-Vasseur Lina');
    expect(found.coproprietaires[0].name).toBe('Vasseur 00');
    const byMail = json(
      await call('GET', '/gestion/recherche?q=lefranc@exemple', w.gestionnaire.headers),
    ).data;
    expect(byMail.coproprietaires.map((o: { name: string }) => o.name)).toEqual(['Petit Marc']);
    // Another syndic's staff finds none of them.
    const other = json(await call('GET', '/gestion/recherche?q=vasseur', w.otherAdmin.headers)).data;
    expect(other.coproprietaires).toEqual([]);
  });
});

describe("a building's co-owners by pages", () => {
  it('gives the whole list by keyset pages, and refuses a cursor it did not make', async () => {
    const url = `/gestion/coproprietes/${w.a1.coproId}/coproprietaires`;
    const all = json(await call('GET', url, w.gestionnaire.headers)).data;
    expect(all.next_cursor).toBeNull();
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = json(await call('GET', `${url}?limit=7${q}`, w.gestionnaire.headers)).data;
      expect(page.coproprietaires.length).toBeLessThanOrEqual(7);
      paged.push(...page.coproprietaires);
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all.coproprietaires);
    expect(all.coproprietaires.length).toBeGreaterThan(7);
    const bad = await call('GET', `${url}?limit=7&cursor=bm9wZQ`, w.gestionnaire.headers);
    expect(bad.statusCode).toBe(400);
  });
});
