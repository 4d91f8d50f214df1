import { documentEndpoints as d, documentSearchEndpoints as s } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentGroups, documents } from '../../db/schema/index.js';
import { makeFile, PDF } from '../../test/factories.documents.js';
import { json } from '../../test/harness.js';
import { call, setUp, t, w } from './documents.fixture.js';

/**
 * A building's council shelf (document_groups.audience 'council', décret 2019-502 art. 3): its
 * conseil syndical reads it, in the building's documents and in the search; another co-owner
 * of the building sees neither the shelf nor its documents.
 */

beforeAll(async () => {
  await setUp();
  const [g] = await t.database.db
    .insert(documentGroups)
    .values({
      scope: 'copropriete',
      copropriete_id: w.copro.id,
      name: 'Comptes du syndicat',
      audience: 'council',
    })
    .returning();
  const f = await makeFile(t.app, 'balance.pdf', 'application/pdf', PDF);
  await t.database.db
    .insert(documents)
    .values({ group_id: g!.id, file_id: f.id, name: 'Balance générale 2025', date: '2026-02-01' });
});
afterAll(() => t.close());

const shelves = async (headers: Record<string, string>) =>
  (
    json(await call(d.coproDocuments, { body: { copro_ids: [w.copro.id] } }, headers)).data as {
      name: string;
    }[]
  ).map((g) => g.name);
const found = async (headers: Record<string, string>) =>
  JSON.stringify(
    json(await call(s.search, { params: { coproId: w.owner.id }, query: { q: 'balance' } }, headers)),
  );

describe('council shelves', () => {
  it('the council reads them; another co-owner does not see them', async () => {
    expect(await shelves(w.memberUser.headers)).toContain('Comptes du syndicat');
    const mine = await shelves(w.ownerUser.headers);
    expect(mine).toContain('Règlement de copropriété');
    expect(mine).not.toContain('Comptes du syndicat');
  });

  it('the search finds them for the council only', async () => {
    const member = await call(
      s.search,
      { params: { coproId: w.member.id }, query: { q: 'balance' } },
      w.memberUser.headers,
    );
    expect(JSON.stringify(json(member))).toContain('Balance générale 2025');
    expect(await found(w.ownerUser.headers)).not.toContain('Balance générale 2025');
  });
});
