import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, syndicAuditLog, syndicWebhookDeliveries } from '../../../db/schema/index.js';
import { TINY_PNG } from '../../../test/factories.assemblees.js';
import { json } from '../../../test/harness.js';
import {
  call,
  castForms,
  enterSessionVotes,
  ok,
  owners,
  prepare,
  publishAssemblee,
  setUp,
  startSession,
  state,
  syndic,
  t,
} from './assemblees.fixture.js';

/**
 * After the meeting of AG2026 (forms of C1 and C2, C3 present, C4 represented: nine chained
 * records), the syndic sends signature links through the outbox and closes the assembly.
 */

beforeAll(async () => {
  await setUp();
  await prepare();
  await publishAssemblee();
  await castForms();
  await startSession();
  await enterSessionVotes();
});
afterAll(() => t.close());

describe('signatures after the meeting', () => {
  it('sends signature links by e-mail and SMS through the outbox; a bad request sends nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const noPhone = await call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
      mode: 'ATTENDANCE',
      channel: 'sms',
      coproprietaires: ['C3', 'C4'],
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.errors).toEqual({
      'coproprietaires.1': 'Aucun numéro de téléphone (format international) pour C4.',
    });
    const noProxy = await call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
      mode: 'PROCURATION',
      channel: 'email',
      coproprietaires: ['C1'],
    });
    expect(noProxy.body.errors).toEqual({ 'procurations.C1': 'Indiquez les copropriétaires représentés.' });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0].n).toBe(before[0].n);

    const sent = await ok(
      call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
        mode: 'PROCURATION',
        channel: 'email',
        coproprietaires: ['C1'],
        procurations: { C1: ['C4'] },
      }),
    );
    expect(sent).toMatchObject([
      {
        coproprietaire: { external_id: 'C1' },
        mode: 'PROCURATION',
        status: 'pending',
        channel: 'email',
        signed_at: null,
      },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/auth_token/);
    const sms = await ok(
      call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
        mode: 'PV_PRESIDENT',
        channel: 'sms',
        coproprietaires: ['C3'],
      }),
    );
    expect(sms[0]).toMatchObject({ channel: 'sms', recipient_masked: '+336******78' });

    // The link works on the public signature page, and names the represented owner.
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.meta}->>'kind' = 'signature_request' and ${outbox.channel} = 'email'`)
      .orderBy(desc(outbox.created_at))
      .limit(1);
    const token = /auth_token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    const info = await t.app.inject({ method: 'GET', url: `/api/assemblee/signatures/tokens/${token}` });
    expect(info.statusCode).toBe(200);
    expect(json(info).data).toMatchObject({
      mode: 'PROCURATION',
      year_id: state.agId,
      coproprietaire_id: owners.C1.id,
    });
    expect(Object.values(json(info).data.coproprietaire.procurations)).toHaveLength(1);

    const list = await ok(call('GET', '/assemblees/AG2026/signatures', syndic.headers));
    expect(list.map((s: { mode: string; status: string }) => [s.mode, s.status])).toEqual([
      ['PROCURATION', 'pending'],
      ['PV_PRESIDENT', 'pending'],
    ]);

    // C1 signs on the public page: the syndic reads it signed, chained, and its webhook hears it.
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/assemblee/signatures',
      payload: {
        copr_id: state.coproId,
        year_id: state.agId,
        coproprietaire_id: owners.C1.id,
        mode: 'PROCURATION',
        auth_token: token,
        signature: { name: 'signature.png', content_type: 'image/png', data: TINY_PNG },
        signed_on_paper: false,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const after2 = await ok(call('GET', '/assemblees/AG2026/signatures', syndic.headers));
    expect(after2[0]).toMatchObject({
      status: 'signed',
      record: { seq: 10, digest: json(signed).data.digest },
    });
    const [event] = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.event_type, 'signature.saved'));
    expect(JSON.parse(event.body).data).toMatchObject({
      assemblee: { external_id: 'AG2026' },
      coproprietaire: { external_id: 'C1' },
      signature_request: { mode: 'PROCURATION' },
      digest: json(signed).data.digest,
    });
    // A new request for the same co-owner and mode replaces a pending link: the old one expires.
    await ok(
      call('POST', '/assemblees/AG2026/signature-requests', syndic.headers, {
        mode: 'PV_PRESIDENT',
        channel: 'email',
        coproprietaires: ['C3'],
      }),
    );
    const modes = (await ok(call('GET', '/assemblees/AG2026/signatures', syndic.headers))).map(
      (s: { mode: string; status: string; channel: string }) => [s.mode, s.channel, s.status],
    );
    expect(modes).toEqual([
      ['PROCURATION', 'email', 'signed'],
      ['PV_PRESIDENT', 'sms', 'expired'],
      ['PV_PRESIDENT', 'email', 'pending'],
    ]);
  });
});

describe('closing the assembly', () => {
  it('sets status_session 2 once, audits it and raises assemblee.closed with the tally; a second close is unchanged', async () => {
    await ok(
      call('POST', '/webhooks', syndic.headers, {
        url: 'http://127.0.0.1:9/closed',
        events: ['assemblee.closed'],
      }),
    );
    const tally = await ok(call('GET', '/assemblees/AG2026/tally', syndic.headers));
    const { id } = await ok(call('GET', '/assemblees/AG2026', syndic.headers));
    expect(await ok(call('POST', '/assemblees/AG2026/close', syndic.headers))).toMatchObject({
      result: 'updated',
      status_session: 2,
      head: { count: expect.any(Number), digest: expect.any(String) },
    });
    expect(await ok(call('POST', '/assemblees/AG2026/close', syndic.headers))).toEqual({
      result: 'unchanged',
      status_session: 2,
      head: null,
    });
    const events = (
      await t.database.db
        .select()
        .from(syndicWebhookDeliveries)
        .where(
          and(
            eq(syndicWebhookDeliveries.syndic_id, syndic.syndic.id),
            eq(syndicWebhookDeliveries.event_type, 'assemblee.closed'),
          ),
        )
    ).map((d) => JSON.parse(d.body));
    expect(events).toHaveLength(1);
    expect(events[0].data.assemblee).toEqual({ id, external_id: 'AG2026' });
    expect(events[0].data.tally).toEqual(tally);
    expect(events[0].data.tally[0]).toMatchObject({ resolution: 'R1', decision: 'adopted', rule: 'ART-24' });
    const closes = (
      await t.database.db
        .select()
        .from(syndicAuditLog)
        .where(and(eq(syndicAuditLog.syndic_id, syndic.syndic.id), eq(syndicAuditLog.resource_id, id)))
    ).filter((a) => (a.changes.status_session as { after?: unknown } | undefined)?.after === 2);
    expect(closes.map((a) => a.changes)).toEqual([{ status_session: { before: 1, after: 2 } }]);
    expect((await ok(call('GET', '/assemblees/AG2026', syndic.headers))).status_session).toBe(2);
  });
});
