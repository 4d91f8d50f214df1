import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { revokeApiKey } from './kit/keys.js';
import { allEndpoints, twoSyndics, urlOf } from './security.fixture.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof twoSyndics>>;
let urlFor: ReturnType<typeof urlOf>;
beforeAll(async () => {
  t = await createTestApp();
  w = await twoSyndics(t);
  urlFor = urlOf(w);
});
afterAll(() => t.close());

describe('a key does only what its scopes allow', () => {
  it('answers 403 to every write with a read-only key, and 401 to every call once the key is revoked', async () => {
    const ro = await makeSyndicWithKey(t.database.db, ['read'], w.a.syndic);
    const all = allEndpoints();
    for (const e of all.filter((x) => x.scope !== 'read')) {
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e, { external_id: 'X', id: w.aRecordId }),
        headers: ro.headers,
        payload: {},
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
    await revokeApiKey(t.database.db, w.a.syndic.id, ro.keyId);
    for (const e of all) {
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e, { external_id: 'X', id: w.aRecordId }),
        headers: ro.headers,
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });
});
