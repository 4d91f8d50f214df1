import { assembleeProxyEndpoints as e } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeProxies } from '../../db/schema/index.js';
import { json } from '../../test/harness.js';
import { agId, call, owners, setUp, t, toOwner } from './proxies.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('the same proxy given five times at once', () => {
  it('one is made, the others answer 409 (never a 500), and one pending proxy remains', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(e.give, 'O5', {}, { ...toOwner('O6'), instructions: [] })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(json(r)).toMatchObject({ success: false, code: 'CONFLICT' });
    const rows = await t.database.db
      .select()
      .from(assembleeProxies)
      .where(and(eq(assembleeProxies.assemblee_id, agId), eq(assembleeProxies.mandant_id, owners.O5.id)));
    expect(rows.map((r) => [r.status, r.mandataire_id])).toEqual([['pending', owners.O6.id]]);
  });
});
