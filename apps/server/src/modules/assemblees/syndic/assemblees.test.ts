import { syndicAssembleeEndpoints, correspondenceDeadline } from '@tantieme/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assembleeConvocations,
  communications,
  coproprietaires,
  notifications,
  outbox,
  resolutions,
  syndicAuditLog,
} from '../../../db/schema/index.js';
import { json } from '../../../test/harness.js';
import {
  assembly,
  assembleeUpdated,
  call,
  meeting,
  ok,
  owners,
  PDF,
  setUp,
  state,
  syndic,
  t,
} from './assemblees.fixture.js';

/**
 * A syndic prepares a general assembly through its API: the assembly with its resolutions and
 * participants, what the PUT refuses, and the convocation published (a lettre recommandée
 * électronique or the post per each co-owner's recorded consent).
 */

beforeAll(setUp);
afterAll(() => t.close());

describe('a syndic runs a general assembly through the API', () => {
  it('creates the assembly with resolutions, participants, convocation and link; valid_to follows décret art. 9 bis', async () => {
    const r = await call('PUT', '/assemblees/AG2026', syndic.headers, assembly());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.result).toBe('created');
    const ag = r.body.data.resource;
    state.agId = r.body.data.id;
    expect(ag).toMatchObject({
      external_id: 'AG2026',
      copropriete: 'IMM',
      date: meeting.toISOString(),
      valid_to: correspondenceDeadline(meeting).toISOString(),
      visio_url: 'https://meet.jit.si/residence-les-tilleuls',
      convocation: { name: 'Convocation AG.pdf', content_type: 'application/pdf', size: PDF.length },
      status_convocation: 0,
      published_at: null,
      total_coproprietaires: 4,
      total_lots: 4,
      total_tantiemes: 1000,
    });
    expect(ag.resolutions.map((x: { external_id: string }) => x.external_id)).toEqual([
      'R1',
      'R2',
      'R3',
      'R4',
    ]);
    expect(ag.participants.map((p: { coproprietaire: string }) => p.coproprietaire)).toEqual([
      'C1',
      'C2',
      'C3',
      'C4',
    ]);
    const [{ copropriete_id }] = await t.database.db
      .select({ copropriete_id: coproprietaires.copropriete_id })
      .from(coproprietaires)
      .where(eq(coproprietaires.id, owners.C1.id));
    expect(copropriete_id).toBe(state.coproId);

    // The same PUT again, and the stored form of the convocation, change nothing.
    expect((await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assembly()))).result).toBe(
      'unchanged',
    );
    const again = await ok(
      call('PUT', '/assemblees/AG2026', syndic.headers, assembly({ convocation: ag.convocation })),
    );
    expect(again.result).toBe('unchanged');
    expect(await ok(call('GET', '/assemblees/AG2026', syndic.headers))).toEqual(ag);
    const list = await ok(call('GET', '/assemblees?limit=10', syndic.headers));
    expect(list.items.map((x: { external_id: string }) => x.external_id)).toEqual(['AG2026']);
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.resource, 'assemblee'), eq(syndicAuditLog.external_id, 'AG2026')));
    expect(audit.map((a) => a.action)).toEqual(['created']);
    expect(JSON.stringify(audit[0].changes)).not.toContain('content_base64');
  });

  it('answers 400 naming each bad field and writes nothing', async () => {
    const before = await ok(call('GET', '/assemblees/AG2026', syndic.headers));
    const bad = await call(
      'PUT',
      '/assemblees/AG2026',
      syndic.headers,
      assembly({
        name: 'Renommée',
        resolutions: [
          { external_id: 'R1', number: 1, title: 'A', article: 'ART-24', repartition: 'NOPE' },
          { external_id: 'R1', number: 2, title: 'B', article: 'ART-25' },
        ],
        participants: [{ coproprietaire: 'C9' }, { coproprietaire: 'C1', tantiemes: { XX: 3 } }],
        valid_to: new Date(meeting.getTime() - 86_400_000).toISOString(),
        convocation: { name: 'x.pdf', content_type: 'application/pdf', content_base64: 'aGVsbG8=' },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'resolutions.0.repartition': 'Clé de répartition inconnue\u202f: NOPE',
      'resolutions.1.external_id': 'La résolution R1 est en double.',
      'resolutions.1.repartition': 'Une résolution soumise au vote a une clé de répartition.',
      'participants.0.coproprietaire': 'Copropriétaire inconnu\u202f: C9',
      'participants.1.tantiemes.XX': 'Clé de répartition inconnue\u202f: XX',
      'convocation.content_base64': "Ce fichier n'est pas un PDF.",
    });
    expect(bad.body.errors.valid_to).toMatch(/trois jours francs/);
    const schema = await call('PUT', '/assemblees/AG2026', syndic.headers, assembly({ date: '15/06/2026' }));
    expect(schema.status).toBe(400);
    expect(Object.keys(schema.body.errors)).toEqual(['date']);
    expect(await ok(call('GET', '/assemblees/AG2026', syndic.headers))).toEqual(before);
  });

  it('updates in place: resolution ids stay, a changed field is audited', async () => {
    const [r1] = await t.database.db.select().from(resolutions).where(eq(resolutions.external_id, 'R1'));
    const body = assembly();
    body.resolutions[0] = { ...body.resolutions[0], title: 'Approbation des comptes 2025' };
    const up = await ok(call('PUT', '/assemblees/AG2026', syndic.headers, body));
    expect(up.result).toBe('updated');
    const [r1b] = await t.database.db.select().from(resolutions).where(eq(resolutions.id, r1.id));
    expect(r1b.title).toBe('Approbation des comptes 2025');
  });

  it('publishes the convocation: a notification each, an LRE unless the post was asked for, once', async () => {
    const pub = await ok(call('POST', '/assemblees/AG2026/publish', syndic.headers));
    // Loi art. 42-1 as rewritten: C1 (account e-mail) and C3 (contact e-mail) by LRE; C2 asked for
    // the post; C4 has no e-mail.
    expect(pub.sent).toEqual({ lre: 2, postal: 2 });
    expect(pub.already_sent).toBe(0);
    expect(pub.warnings).toEqual([]);
    const comms = await t.database.db
      .select()
      .from(communications)
      .where(eq(communications.module, 'convocation'));
    const byOwner = Object.fromEntries(comms.map((c) => [c.coproprietaire_id, c.sending_method]));
    expect(byOwner).toEqual({
      [owners.C1.id]: 'email',
      [owners.C2.id]: 'postal',
      [owners.C3.id]: 'email',
      [owners.C4.id]: 'postal',
    });
    const postal = comms.find((c) => c.coproprietaire_id === owners.C4.id)!;
    expect(postal.recipient_info.sending_address?.address_1).toBe('C4 rue des Tilleuls 69003 Lyon');
    // No plain e-mail: the electronic notice is the registered letter, deposited with the provider.
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.meta}->>'kind' = 'convocation'`);
    expect(mails).toHaveLength(0);
    const letters = await t.database.db
      .select()
      .from(assembleeConvocations)
      .where(eq(assembleeConvocations.assemblee_id, state.agId));
    const lre = letters.find((l) => l.coproprietaire_id === owners.C1.id)!;
    expect(lre).toMatchObject({ channel: 'lre', provider: 'local' });
    expect(lre.sending_id).toMatch(/^local-/);
    expect(letters.filter((l) => l.channel === 'postal')).toHaveLength(2);
    // C2's letter keeps the request for the post it went under.
    expect(letters.find((l) => l.coproprietaire_id === owners.C2.id)?.demande_postale_id).toEqual(
      expect.any(String),
    );
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.coproprietaire_id,
          Object.values(owners).map((o) => o.id),
        ),
      );
    expect(notes.filter((n) => n.type === 'ASSEMBLEE')).toHaveLength(4);

    const again = await ok(call('POST', '/assemblees/AG2026/publish', syndic.headers));
    expect(again).toMatchObject({ sent: { lre: 0, postal: 0 }, already_sent: 4, warnings: [] });
    const ag = await ok(call('GET', '/assemblees/AG2026', syndic.headers));
    expect(ag.status_convocation).toBe(1);
    expect(ag.published_at).toBe(pub.published_at);
    // Tantièmes are fixed at publication.
    expect(ag.participants[0]).toEqual({
      coproprietaire: 'C1',
      tantiemes: { ASC: 60, CG: 400 },
      attendance: null,
    });
    // A PUT that omits them keeps them.
    expect((await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assembleeUpdated()))).result).toBe(
      'unchanged',
    );
  });
  it('two identical PUTs at once make one assembly', async () => {
    const body = assembly({ name: 'Assemblée générale extraordinaire', type: 'EXTRAORDINAIRE' });
    const results = await Promise.all([
      call('PUT', '/assemblees/AGE2026', syndic.headers, body),
      call('PUT', '/assemblees/AGE2026', syndic.headers, body),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.data.result).sort()).toEqual(['created', 'unchanged']);
    expect(results[0].body.data.id).toBe(results[1].body.data.id);
    const list = await ok(call('GET', '/assemblees', syndic.headers));
    expect(list.items.map((x: { external_id: string }) => x.external_id)).toEqual(['AG2026', 'AGE2026']);
  });
});

describe('OpenAPI', () => {
  it('documents every assembly endpoint under the syndic-api tag with the API key', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/api/docs/json' }));
    for (const e of Object.values(syndicAssembleeEndpoints)) {
      const path = `/api${e.path.replace(':external_id', '{external_id}')}`;
      const op = doc.paths[path]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${path}`).toBeDefined();
      expect(op.tags).toEqual(['syndic-api']);
      expect(op.security).toEqual([{ syndicApiKey: [] }]);
    }
  });
});
