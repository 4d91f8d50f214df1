import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { correspondenceDeadline, formatParisDate } from '@tantieme/contract';
import { checkChain } from '../src/modules/assemblees/chain.service.js';
import { createSession } from '../src/modules/identity/session.service.js';
import {
  assembleeParticipants,
  assembleeProxies,
  assembleeRecords,
  assemblees,
  files,
  resolutions,
  pvNotifications,
  signatureTokens,
} from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import type { localStorageAdapter } from '../src/platform/storage.js';
import { pdfsig } from '../src/test/pdfsig.js';
import { json, type TestApp } from '../src/test/harness.js';
import type { DemoResult } from './demo.js';
import { demoSuite, seededTexts } from './demo.suite.js';

let t: TestApp;
let storage: ReturnType<typeof localStorageAdapter>;
let demo: DemoResult;
const db = () => t.database.db;

/** Checks of the assemblies: the upcoming vote, the syndic API's view, consents and convocations, one deadline. */
export function demoAssembleeChecks() {
  beforeAll(() => {
    ({ t, storage, demo } = demoSuite);
  });

  it('prepares the upcoming assembly for an online vote', async () => {
    const [ag] = await db().select().from(assemblees).where(eq(assemblees.id, demo.upcomingAssembleeId));
    expect(ag).toMatchObject({ status: 1, priority: 1, status_convocation: 1, status_session: null });
    expect(ag.date.getTime()).toBeGreaterThan(Date.now());
    // Three clear days before the meeting (décret de 1967, art. 9 bis), and the chain of the two online
    // ballots, then Paul's proxy to Claire (its signature and the attendance it gives), holds.
    expect(ag.valid_to?.toISOString()).toBe(correspondenceDeadline(ag.date).toISOString());
    expect(await checkChain(db(), ag.id)).toEqual({ ok: true, length: 4, first_broken: null });
    const [proxy] = await db()
      .select()
      .from(assembleeProxies)
      .where(eq(assembleeProxies.assemblee_id, ag.id));
    expect(proxy).toMatchObject({ mandataire_id: demo.claireTilleulsId, status: 'active' });
    const [given] = await db()
      .select()
      .from(assembleeRecords)
      .where(and(eq(assembleeRecords.assemblee_id, ag.id), eq(assembleeRecords.kind, 'signature')));
    expect((given.payload.document as { sha256: string }).sha256).toBe(proxy.document_sha256);
    expect(ag.visio_url).toBe('https://meet.jit.si/tantieme-tilleuls-ag-2026');
    const res = await db()
      .select()
      .from(resolutions)
      .where(eq(resolutions.assemblee_id, ag.id))
      .orderBy(resolutions.number);
    expect(res.length).toBeGreaterThanOrEqual(8);
    expect(res.map((r) => r.number)).toEqual(res.map((_, i) => i + 1));
    expect(res.some((r) => r.no_vote)).toBe(true);
    expect(new Set(res.map((r) => r.article))).toEqual(new Set(['ART-24', 'ART-25', 'ART-26']));
    const participants = await db()
      .select()
      .from(assembleeParticipants)
      .where(
        and(
          eq(assembleeParticipants.assemblee_id, ag.id),
          eq(assembleeParticipants.is_send_convocation, true),
        ),
      );
    expect(participants).toHaveLength(18);
    const [past] = await db().select().from(assemblees).where(eq(assemblees.id, demo.pastAssembleeId));
    expect(past).toMatchObject({ status: 3, status_convocation: 1, status_proces_verbal: 1 });
    expect(past.pv_file_id).toBeTruthy();
    expect(past.feuille_file_id).toBeTruthy();
    // Signed by the president, the secretary and the scrutateur, then sealed: a valid seal for pdfsig.
    const [sealed] = await db()
      .select()
      .from(files)
      .where(eq(files.id, past.pv_sealed_file_id as string));
    const out = await pdfsig(await storage.get(sealed.storage_key));
    expect(out).toContain('Signature is Valid');
    const chain = await db()
      .select()
      .from(assembleeRecords)
      .where(and(eq(assembleeRecords.assemblee_id, past.id), eq(assembleeRecords.kind, 'signature')));
    expect(chain.map((r) => r.payload.mode).sort()).toEqual([
      'PV_PRESIDENT',
      'PV_SCRUTATEUR',
      'PV_SECRETAIRE',
    ]);
    // Notified to the four défaillants (and any opposant), each with its first presentation.
    const notified = await db()
      .select()
      .from(pvNotifications)
      .where(eq(pvNotifications.assemblee_id, past.id));
    expect(notified.length).toBeGreaterThanOrEqual(4);
    expect(notified.every((n) => n.first_presented_at && n.pv_file_id === past.pv_sealed_file_id)).toBe(true);
    const [token] = await db()
      .select()
      .from(signatureTokens)
      .where(eq(signatureTokens.token_hash, sha256('SIGN-DEMO-CLAIRE')));
    expect(token).toMatchObject({
      mode: 'ATTENDANCE',
      coproprietaire_id: demo.claireTilleulsId,
      assemblee_id: ag.id,
    });
  });

  it('lets the demo syndic key read its assemblies, their chain and tally through the syndic API', async () => {
    const headers = { 'x-api-key': demo.syndicApiKey };
    const list = json(await t.app.inject({ method: 'GET', url: '/api/syndic/v1/assemblees', headers })).data;
    const byId = new Map(list.items.map((a: { id: string; external_id: string }) => [a.id, a]));
    const past = byId.get(demo.pastAssembleeId) as { external_id: string; general_repartition: string };
    const next = byId.get(demo.upcomingAssembleeId) as { external_id: string; participants: unknown[] };
    expect(past.external_id).toMatch(/^AG-\d{4}-\d{2}-\d{2}$/);
    expect(past.general_repartition).toBe('REP-CG');
    expect(next.participants).toHaveLength(18);
    const chain = await t.app.inject({
      method: 'GET',
      url: `/api/syndic/v1/assemblees/${next.external_id}/chain-check`,
      headers,
    });
    expect(json(chain).data.ok).toBe(true);
    const tally = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/syndic/v1/assemblees/${past.external_id}/tally`,
        headers,
      }),
    ).data as { number: number; decision: string; repartition: string | null }[];
    // The legal count of the API agrees with the minutes (PV) of the past assembly.
    const minutes = await db()
      .select()
      .from(resolutions)
      .where(eq(resolutions.assemblee_id, demo.pastAssembleeId));
    expect(tally.map((r) => [r.number, r.decision])).toEqual(
      minutes
        .sort((a, b) => a.number - b.number)
        .map((m) => [m.number, (m.result as { decision?: string } | null)?.decision ?? 'no_vote']),
    );
    expect(tally.some((r) => r.decision === 'rejected')).toBe(true);
    expect(
      tally.filter((r) => r.decision !== 'no_vote').every((r) => r.repartition?.startsWith('REP-')),
    ).toBe(true);
  });

  it("seeds consents and the upcoming assembly's convocations: LRE with proofs for Claire and Paul, the post for the others", async () => {
    const headers = { authorization: `Bearer ${await createSession(db(), demo.claireUserId)}` };
    const consent = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/coproprietaires/${demo.claireTilleulsId}/consentement-notification-electronique`,
        headers,
      }),
    ).data;
    expect(consent.active).toMatchObject({ given_by: 'onboarding', revoked_at: null });
    const key = { 'x-api-key': demo.syndicApiKey };
    const list = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/assemblees', headers: key }),
    ).data;
    const next = list.items.find((a: { id: string }) => a.id === demo.upcomingAssembleeId);
    const rows = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/syndic/v1/assemblees/${next.external_id}/convocations`,
        headers: key,
      }),
    ).data as {
      name: string;
      channel: string;
      first_presentation_source: string;
      deadline_ok: boolean;
      sending_id: string | null;
    }[];
    expect(rows).toHaveLength(18);
    const lre = rows.filter((r) => r.channel === 'lre');
    expect(lre.map((r) => r.name).sort()).toEqual([
      expect.stringContaining('Durand'),
      expect.stringContaining('Martin'),
    ]);
    expect(lre.every((r) => r.first_presentation_source === 'provider' && r.sending_id)).toBe(true);
    expect(rows.filter((r) => r.channel === 'postal')).toHaveLength(16);
    expect(rows.every((r) => r.deadline_ok)).toBe(true);
  });

  it("tells one vote deadline everywhere: the upcoming assembly's", async () => {
    const upcoming = (await db().select().from(assemblees)).filter(
      (a) => a.valid_to && a.valid_to > new Date(),
    );
    const deadlines = new Set(upcoming.map((a) => formatParisDate(a.valid_to as Date)));
    const texts = await seededTexts();
    const said = texts.flatMap((x) => [...x.matchAll(/jusqu.au (\d{2}\/\d{2}\/\d{4})/g)].map((m) => m[1]));
    expect(said.length).toBeGreaterThan(0);
    for (const d of said) expect(deadlines, d).toContain(d);
  });
}
