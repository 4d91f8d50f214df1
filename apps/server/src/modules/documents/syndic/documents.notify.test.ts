import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/harness.js';
import { documentTypes, outbox } from '../../../db/schema/index.js';
import { file, syndicNotifyWorld } from '../../../test/syndic-notify.fixture.js';

/**
 * What the syndic API creates among documents tells the co-owners who may see it, through
 * notify.ts (decision 57): written in the PUT's transaction, emitted after its commit; a replay,
 * an update or a refused PUT tells nobody; the §6 scope decides who.
 */

const w = await syndicNotifyWorld();
const { t, a, call, ok, rec, p1User, order, notified, whoGot, notificationRooms } = w;
afterAll(() => t.close());
beforeEach(() => w.reset());
describe('documents created through the syndic API notify who may see them', () => {
  it("a document in a co-owner's space: that record only, after the commit; a replay or an update tells nobody", async () => {
    const doc = {
      place: 'coproprietaire',
      coproprietaire: 'P1',
      type: 'AUTRE',
      name: 'Attestation de propriété',
      date: '2026-01-15',
      file,
    };
    await t.database.db
      .insert(documentTypes)
      .values({ code: 'AUTRE', name: 'Autres', sort: 1 })
      .onConflictDoNothing();
    await ok(call('PUT', '/documents/D1', a.headers, doc));
    expect(await whoGot('Nouveau document\u202f: Attestation de propriété')).toEqual(['P1']);
    const [n] = (await notified('P1')).filter(
      (r) => r.title === 'Nouveau document\u202f: Attestation de propriété',
    );
    expect(n).toMatchObject({
      type: 'DOCUMENT',
      body: 'Il est disponible dans « Mes documents ».',
      is_read: false,
      sender: { id: a.syndic.id, type: 'syndic' },
      data: { url: '/{id}/document/fonctionnement' },
    });
    // Pushed and e-mailed through the outbox like any notification (P1's holder has an e-mail).
    const mail = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ref_id, n.id), eq(outbox.channel, 'email')));
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain(`/${rec.P1}/document/fonctionnement`);
    // Live to the holder's and the record's rooms, once the PUT committed.
    expect(notificationRooms().sort()).toEqual([`coproprietaire:${rec.P1}`, `user:${p1User.user.id}`]);
    expect(order.indexOf('commit')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('emit:notification')).toBeGreaterThan(order.indexOf('commit'));
    // The co-owner's own call shows it with the page to open.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/coproprietaires/notifications?coproprietaire_id=${rec.P1}&page_size=13&page_index=0`,
      headers: p1User.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(json(list).data.data[0]).toMatchObject({
      title: 'Nouveau document\u202f: Attestation de propriété',
      url: `/${rec.P1}/document/fonctionnement`,
    });

    t.realtime.sent.length = 0;
    const before = (await notified('P1')).length;
    expect((await ok(call('PUT', '/documents/D1', a.headers, doc))).result).toBe('unchanged');
    expect(
      (await ok(call('PUT', '/documents/D1', a.headers, { ...doc, name: 'Attestation 2026' }))).result,
    ).toBe('updated');
    expect((await notified('P1')).length).toBe(before);
    expect(notificationRooms()).toEqual([]);
  });

  it('a group of the copropriété: every record of that building allowed, not another building nor syndic', async () => {
    await ok(
      call('PUT', '/document-groups/REGL', a.headers, {
        scope: 'copropriete',
        copropriete: 'IMM',
        name: 'Règlement',
      }),
    );
    await ok(
      call('PUT', '/documents/G1', a.headers, {
        place: 'group',
        group: 'REGL',
        name: 'Règlement de copropriété',
        date: '2019-05-01',
        file,
      }),
    );
    expect(await whoGot('Nouveau document\u202f: Règlement de copropriété')).toEqual(['P1', 'P2', 'P3']);
    const [n] = (await notified('P2')).filter(
      (r) => r.title === 'Nouveau document\u202f: Règlement de copropriété',
    );
    expect(n.body).toBe('Classé dans « Règlement », parmi les documents de la copropriété.');
    expect(n.data).toMatchObject({ url: '/{id}/document/copropriete' });
  });

  it('a bank statement with a council-only scope: the council member, not the ordinary co-owners', async () => {
    await ok(
      call('PUT', '/documents/B1', a.headers, {
        place: 'bank_statement',
        copropriete: 'IMM',
        year: 2026,
        month: 2,
        name: 'Relevé février 2026',
        date: '2026-02-28',
        file,
      }),
    );
    expect(await whoGot('Nouveau document\u202f: Relevé février 2026')).toEqual(['P2']);
    const [n] = await notified('P2').then((r) =>
      r.filter((x) => x.title === 'Nouveau document\u202f: Relevé février 2026'),
    );
    expect(n.body).toBe('Relevé bancaire de février 2026, dans les documents de la copropriété.');
  });

  it("an assembly year: the building's records; a syndic group: the syndic's records allowed by their building", async () => {
    await ok(
      call('PUT', '/documents/A1', a.headers, {
        place: 'ag',
        copropriete: 'IMM',
        year: 2026,
        ag_kind: 'record',
        name: "Procès-verbal de l'AG 2026",
        date: '2026-06-20',
        file,
      }),
    );
    expect(await whoGot("Nouveau document\u202f: Procès-verbal de l'AG 2026")).toEqual(['P1', 'P2', 'P3']);
    await ok(
      call('PUT', '/document-groups/CARTE', a.headers, { scope: 'syndic', name: 'Carte professionnelle' }),
    );
    await ok(
      call('PUT', '/documents/S1', a.headers, {
        place: 'group',
        group: 'CARTE',
        name: 'Carte T 2026',
        date: '2026-01-02',
        file,
      }),
    );
    // PX's building shows no syndic documents (scope absent); PB is another syndic's.
    expect(await whoGot('Nouveau document\u202f: Carte T 2026')).toEqual(['P1', 'P2', 'P3']);
    const [n] = (await notified('P1')).filter((r) => r.title === 'Nouveau document\u202f: Carte T 2026');
    expect(n.data).toMatchObject({ url: '/{id}/document/syndic' });
  });

  it('a refused PUT (400) writes and tells nothing', async () => {
    const count = (await notified('P1', 'P2', 'P3')).length;
    const bad = await call('PUT', '/documents/BAD', a.headers, {
      place: 'group',
      group: 'NOPE',
      name: 'Fantôme',
      date: '2026-01-01',
      file,
    });
    expect(bad.status).toBe(400);
    expect((await notified('P1', 'P2', 'P3')).length).toBe(count);
    expect(notificationRooms()).toEqual([]);
  });
});
