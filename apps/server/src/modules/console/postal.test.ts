import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicAuditLog } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { type ConsoleWorld, consoleCall, consoleWorld } from './console.fixture.js';

/**
 * The co-owner's request for the post (loi 1965 art. 42-1) recorded from the console with its date
 * of receipt, through the syndic API's service; and who the building's volunteer syndic is.
 */

let t: TestApp;
let w: ConsoleWorld;
let call: ReturnType<typeof consoleCall>;
beforeAll(async () => {
  t = await createTestApp();
  w = await consoleWorld(t);
  call = consoleCall(t);
});
afterAll(() => t.close());

const url = (coproId: string, ownerId: string) =>
  `/gestion/coproprietes/${coproId}/coproprietaires/${ownerId}/demande-voie-postale`;
const body = { received_at: '2026-11-03T10:12:00+01:00' };
const ownerRow = async (headers: Record<string, string>, coproId: string, ownerId: string) => {
  const list = json(await call('GET', `/gestion/coproprietes/${coproId}/coproprietaires`, headers)).data;
  return list.coproprietaires.find((o: { id: string }) => o.id === ownerId);
};

describe("the co-owner's request for the post, from the console", () => {
  it('is recorded with its date of receipt, shown on the row, kept once, and audited', async () => {
    const { coproId, ownerId } = w.a1;
    const res = await call('PUT', url(coproId, ownerId), w.gestionnaire.headers, body);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.active).toMatchObject({
      received_at: '2026-11-03T09:12:00.000Z',
      made_by: 'syndic',
      withdrawn_at: null,
    });
    expect(await ownerRow(w.gestionnaire.headers, coproId, ownerId)).toMatchObject({
      postal_request_received_at: '2026-11-03T09:12:00.000Z',
    });
    // A second letter changes nothing: the earliest date of receipt is the one that counts.
    const again = await call('PUT', url(coproId, ownerId), w.admin.headers, {
      received_at: '2026-11-20T10:00:00+01:00',
    });
    expect(json(again).data.active.received_at).toBe('2026-11-03T09:12:00.000Z');
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.resource_id, ownerId));
    const postal = audit.filter((a) => a.changes && 'postal_request' in a.changes);
    expect(postal).toHaveLength(1);
    expect(postal[0]!.actor_user_id).toBe(w.gestionnaire.user.id);
  });

  it('is withdrawn from now, and the row says so', async () => {
    const { coproId, ownerId } = w.a1;
    const res = await call('DELETE', url(coproId, ownerId), w.gestionnaire.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.active).toBeNull();
    expect(json(res).data.history[0]).toMatchObject({ withdrawn_by: 'syndic' });
    expect(await ownerRow(w.gestionnaire.headers, coproId, ownerId)).toMatchObject({
      postal_request_received_at: null,
    });
  });

  it("answers 404 to another syndic's staff and for another building's co-owner, 403 to an assistant", async () => {
    const { coproId, ownerId } = w.a1;
    const other = await call('PUT', url(coproId, ownerId), w.otherAdmin.headers, body);
    expect(other.statusCode).toBe(404);
    expect(json(other).data).toBeUndefined();
    // A1's path with A2's co-owner: not in this building.
    expect((await call('PUT', url(coproId, w.a2.ownerId), w.admin.headers, body)).statusCode).toBe(404);
    expect((await call('PUT', url(coproId, ownerId), w.assistant.headers, body)).statusCode).toBe(403);
    expect((await call('DELETE', url(coproId, ownerId), w.comptable.headers)).statusCode).toBe(403);
    expect(
      (await call('PUT', url(w.a2.coproId, w.a2.ownerId), w.gestionnaire.headers, body)).statusCode,
    ).toBe(404);
  });

  it('refuses a date that is not ISO 8601 with its zone, in French', async () => {
    const res = await call('PUT', url(w.a1.coproId, w.a1.ownerId), w.admin.headers, {
      received_at: '03/11/2026',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toContain('Date et heure attendues');
  });
});

describe("the building's volunteer syndic on the co-owners' list", () => {
  it('marks the co-owner whose account is named, and no one else', async () => {
    const rows = json(
      await call('GET', `/gestion/coproprietes/${w.a1.coproId}/coproprietaires`, w.admin.headers),
    ).data.coproprietaires as { id: string; name: string; is_syndic_benevole: boolean }[];
    expect(rows.filter((r) => r.is_syndic_benevole)).toEqual([]);
    const claire = rows.find((r) => r.name.includes('Claire'));
    const named = await call(
      'PUT',
      `/gestion/coproprietes/${w.a1.coproId}/syndic-benevole`,
      w.admin.headers,
      {
        coproprietaire_id: claire!.id,
      },
    );
    expect(named.statusCode).toBe(200);
    const after = json(
      await call('GET', `/gestion/coproprietes/${w.a1.coproId}/coproprietaires`, w.admin.headers),
    ).data.coproprietaires as { name: string; is_syndic_benevole: boolean }[];
    expect(after.filter((r) => r.is_syndic_benevole).map((r) => r.name)).toEqual([claire!.name]);
  });
});
