import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outbox,
  syndicAuditLog,
  syndicWebhookDeliveries,
  syndicWebhookEndpoints,
} from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { consoleCall, makeStaff } from './console.fixture.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';

/**
 * The same action through the syndic API and through the console: the same audit line (but for
 * who wrote it), the same message queued, the same webhooks (the syndic's endpoint listens to all).
 */

/** An invitation expires 30 days after it is sent: the two sends compare by day, not by millisecond. */
function sameDay(changes: Record<string, unknown>) {
  const e = changes.expiration_date as { before: null; after: string } | undefined;
  return e ? { ...changes, expiration_date: { ...e, after: e.after.slice(0, 10) } } : changes;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('one action, two entrances', () => {
  it('writes equal audit lines, messages and webhooks whether the key or a staff member acts', async () => {
    const db = t.database.db;
    const s = await makeSyndicWithKey(db);
    await db.insert(syndicWebhookEndpoints).values({
      syndic_id: s.syndic.id,
      url: 'https://erp.cabinet-exemple.fr/webhooks',
      events: ['*'],
      secret_encrypted: 'x',
    });
    const api = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url: `/api/syndic/v1${url}`, headers: s.headers, payload });
    await api('PUT', '/coproprietes/IMM', {
      name: 'Les Acacias',
      address: { full_address: '2 rue des Acacias 69008 Lyon' },
    });
    const owner = (ext: string, email: string) =>
      api('PUT', `/coproprietaires/${ext}`, {
        copropriete: 'IMM',
        civility: 'mrs',
        first_name: 'Léa',
        last_name: 'Fontaine',
        contacts: [{ last_name: 'Fontaine', emails: [{ value: email }] }],
      });
    const viaApi = json(await owner('O1', 'lea@example.fr')).data.id as string;
    const viaConsole = json(await owner('O2', 'lea@example.fr')).data.id as string;
    const coproId = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietes/IMM', headers: s.headers }),
    ).data.id;
    const staff = await makeStaff(db, s.syndic.id, 'gestionnaire', [coproId]);
    const since = new Date();

    // Making the co-owner a council member, then inviting them.
    await api('PUT', '/coproprietaires/O1', {
      copropriete: 'IMM',
      civility: 'mrs',
      first_name: 'Léa',
      last_name: 'Fontaine',
      contacts: [{ last_name: 'Fontaine', emails: [{ value: 'lea@example.fr' }] }],
      is_member_syndicat: true,
    });
    await api('POST', '/coproprietaires/O1/invitations', { channel: 'email' });
    const call = consoleCall(t);
    const base = `/gestion/coproprietes/${coproId}/coproprietaires/${viaConsole}`;
    const put = await call('PUT', base, staff.headers, {
      civility: 'mrs',
      first_name: 'Léa',
      last_name: 'Fontaine',
      email: 'lea@example.fr',
      is_member_syndicat: true,
    });
    expect(put.statusCode).toBe(200);
    expect((await call('POST', `${base}/invitation`, staff.headers, { channel: 'email' })).statusCode).toBe(
      200,
    );

    const lines = await db
      .select()
      .from(syndicAuditLog)
      .where(
        and(eq(syndicAuditLog.syndic_id, s.syndic.id), inArray(syndicAuditLog.action, ['updated', 'sent'])),
      )
      .orderBy(asc(syndicAuditLog.at), asc(syndicAuditLog.id));
    const of = (who: string) =>
      lines
        .filter(
          (l) => l.at >= since && (l.resource_id === who || l.external_id === (who === viaApi ? 'O1' : 'O2')),
        )
        .map((l) => ({ action: l.action, resource: l.resource, changes: sameDay(l.changes) }));
    expect(of(viaApi)).toHaveLength(2);
    expect(of(viaConsole)).toEqual(of(viaApi));
    // Who wrote each: the key, or the staff member by name and account.
    const byConsole = lines.filter((l) => l.actor_user_id === staff.user.id);
    expect(byConsole.map((l) => [l.actor, l.api_key_id])).toEqual([
      ['Agent gestionnaire', null],
      ['Agent gestionnaire', null],
    ]);
    const mails = await db.select().from(outbox).where(eq(outbox.recipient, 'lea@example.fr'));
    expect(mails.map((m) => m.subject)).toEqual([mails[0]!.subject, mails[0]!.subject]);
    // Neither write is an event for the syndic's own systems: no webhook from either entrance.
    expect(
      await db
        .select()
        .from(syndicWebhookDeliveries)
        .where(eq(syndicWebhookDeliveries.syndic_id, s.syndic.id)),
    ).toEqual([]);
  });
});
