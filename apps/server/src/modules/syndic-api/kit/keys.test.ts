import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicApiKeys, syndics } from '../../../db/schema/index.js';
import { makeSyndic } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createApiKey, DisabledSyndicError } from './keys.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API keys', () => {
  it('are not created for a disabled syndic (the key would only ever answer 401)', async () => {
    const s = await makeSyndic(t.database.db);
    await t.database.db.update(syndics).set({ disabled: true }).where(eq(syndics.id, s.id));
    await expect(
      createApiKey(t.database.db, { syndicId: s.id, name: 'Logiciel', scopes: ['read'] }),
    ).rejects.toThrow(DisabledSyndicError);
    await expect(
      createApiKey(t.database.db, { syndicId: s.id, name: 'Logiciel', scopes: ['read'] }),
    ).rejects.toThrow(/est désactivé\u202f: aucune clé API ne peut lui être créée/);
    expect(await t.database.db.select().from(syndicApiKeys).where(eq(syndicApiKeys.syndic_id, s.id))).toEqual(
      [],
    );
    // Enabled again, it gets its key.
    await t.database.db.update(syndics).set({ disabled: false }).where(eq(syndics.id, s.id));
    const k = await createApiKey(t.database.db, { syndicId: s.id, name: 'Logiciel', scopes: ['read'] });
    expect(k.key).toMatch(/^tk_/);
  });
});
