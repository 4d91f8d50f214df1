import {
  assembleeEndpoints,
  assembleeProxyEndpoints as e,
  buildPath,
  formatInt,
  hasSecondVote,
  type VoteBody,
} from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeRecords, notifications, repartitions } from '../../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { json } from '../../test/harness.js';

import { t, owners, agId, api, call, toOwner, toPerson, sign, give, setUp } from './proxies.fixture.js';
import { onMeetingDay } from './meeting-day.fixture.js';

/**
 * Proxies given online (loi du 10 juillet 1965, art. 22 I), through the co-owner's routes and the
 * signature page, read back by the syndic API. Building of 10 000 voix of charges générales; 10 %
 * of the syndicat is 1 000.
 */

beforeAll(setUp);
afterAll(() => t.close());

describe('giving a proxy online', () => {
  it('O7 votes by correspondence, then gives a proxy to O3 with an instruction: signed with the PDF digest, the form is voided', async () => {
    const res = json(await call(assembleeEndpoints.resolutions, 'O7')).data;
    const vote = await call(assembleeEndpoints.vote, 'O7', {}, {
      coproprietaire: { id: owners.O7.id, name: 'x' },
      list_data: res.resolutions.map((r: { id: string; title: string; article: string }) => ({
        id: r.id,
        title: r.title,
        field: {
          vote_1: { vote_value: 'agree' },
          vote_2: { vote_value: hasSecondVote(r.article) ? 'agree' : null },
        },
        has_vote_two: hasSecondVote(r.article),
      })),
    } as VoteBody);
    expect(vote.statusCode, vote.body).toBe(200);
    const r1 = res.resolutions[0].id;
    const { proxy } = await give('O7', {
      ...toOwner('O3'),
      instructions: [{ resolution_id: r1, vote: 'disagree' }],
    });
    expect(proxy!.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    const records = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(eq(assembleeRecords.assemblee_id, agId));
    const sig = records.find((r) => r.kind === 'signature' && r.coproprietaire_id === owners.O7.id)!;
    expect((sig.payload.document as { sha256: string; type: string }).sha256).toBe(proxy!.document_sha256);
    expect((sig.payload.document as { type: string }).type).toBe('procuration');
    const sheet = await api('GET', '/assemblees/AG/attendance');
    expect(sheet.find((l: { coproprietaire: string }) => l.coproprietaire === 'O7')).toMatchObject({
      attendance: 'represented',
      mandataire: { name: owners.O3.name, coproprietaire: 'O3' },
    });
  });

  it('the mandataire holds it, is told, and signs the acceptance (PROCURATION)', async () => {
    const data = json(await call(e.proxies, 'O3')).data;
    expect(data.held).toHaveLength(1);
    expect(data.held[0]).toMatchObject({
      status: 'active',
      mandant: { id: owners.O7.id },
      accepted_at: null,
    });
    expect(data.held[0].instructions).toEqual([expect.objectContaining({ number: 1, vote: 'disagree' })]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.coproprietaire_id, owners.O3.id), eq(notifications.type, 'ASSEMBLEE')));
    expect(notes.map((n) => n.title)).toContain('Pouvoir reçu\u202f: Assemblée générale');
    const acc = await call(e.accept, 'O3', { proxyId: data.held[0].id });
    expect(acc.statusCode, acc.body).toBe(200);
    expect((await sign('O3', json(acc).data.signature_url, 'PROCURATION')).statusCode).toBe(200);
    expect(json(await call(e.proxies, 'O3')).data.held[0].accepted_at).not.toBeNull();
    // The mandant sees it as given, and may not give a second one at the same time.
    expect(json(await call(e.proxies, 'O7')).data.given).toHaveLength(1);
    const again = await call(e.give, 'O7', {}, toOwner('O2'));
    expect(again.statusCode).toBe(409);
  });

  it('three délégations are allowed, a fourth beyond 10 % is refused naming the mandataire and the limit', async () => {
    await give('O4', toOwner('O3'));
    await give('O5', toOwner('O3'));
    const fourth = await call(e.give, 'O6', {}, toOwner('O3'));
    expect(fourth.statusCode).toBe(400);
    expect(json(fourth).errors.mandataire).toBe(
      `${owners.O3.name} détient déjà 3 pouvoirs pour cette assemblée\u202f: un mandataire ne peut en recevoir plus de 3, sauf si ses voix et celles de ses mandants n'excèdent pas 10\u202f% des voix du syndicat (ici ${formatInt(1700)} sur ${formatInt(10_000)}, au-delà de ${formatInt(1000)}). Choisissez un autre mandataire (loi du 10 juillet 1965, art. 22 I).`,
    );
  });

  it('withdrawn until the meeting: chained, kept, and the mandataire is free again', async () => {
    const mine = json(await call(e.proxies, 'O4')).data.given[0];
    const w = await call(e.withdraw, 'O4', { proxyId: mine.id });
    expect(w.statusCode, w.body).toBe(200);
    expect(json(w).data).toMatchObject({ status: 'withdrawn' });
    expect((await call(e.withdraw, 'O4', { proxyId: mine.id })).statusCode).toBe(409);
    // Someone else's proxy cannot be withdrawn.
    const o5 = json(await call(e.proxies, 'O5')).data.given[0];
    expect((await call(e.withdraw, 'O4', { proxyId: o5.id })).statusCode).toBe(404);
    await give('O6', toOwner('O3'));
    expect(json(await call(e.proxies, 'O4')).data.given[0].status).toBe('withdrawn');
  });

  it('the 10 % exception: four délégations to someone whose voix stay within 10 %', async () => {
    await give('O4', toPerson('Jeanne', 'Petit', 'jeanne.petit@example.fr'));
    // O5 withdraws from O3 and gives to Jeanne Petit.
    const o5 = json(await call(e.proxies, 'O5')).data.given[0];
    expect((await call(e.withdraw, 'O5', { proxyId: o5.id })).statusCode).toBe(200);
    await give('O5', toPerson('Jeanne', 'Petit'));
    await give('O8', toPerson('jeanne ', ' PETIT'));
    const { res } = await give('O1', toPerson('Jeanne', 'Petit'));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.mandataire).toContain('Jeanne Petit détient déjà 3 pouvoirs');
    const o6 = json(await call(e.proxies, 'O6')).data.given[0];
    expect((await call(e.withdraw, 'O6', { proxyId: o6.id })).statusCode).toBe(200);
    const fourth = await give('O6', toPerson('Jeanne', 'Petit'));
    expect(fourth.res.statusCode, fourth.res.body).toBe(200);
  });

  it('the syndic and its staff are refused as mandataires; so is oneself', async () => {
    const r = await call(e.give, 'O2', {}, toPerson('Marc', 'Gérant'));
    expect(r.statusCode).toBe(400);
    expect(json(r).errors.mandataire).toBe(
      'Marc Gérant ne peut pas recevoir de mandat\u202f: préposé du syndic (loi du 10 juillet 1965, art. 22 I).',
    );
    const self = await call(e.give, 'O2', {}, toOwner('O2'));
    expect(self.statusCode).toBe(400);
  });

  it('another building cannot read nor give (404)', async () => {
    const other = await makeSignedInUser(t.database.db);
    expect((await call(e.proxies, 'O2', {}, undefined, other.headers)).statusCode).toBe(404);
    expect((await call(e.give, 'O2', {}, toOwner('O3'), other.headers)).statusCode).toBe(404);
    const [cg] = await t.database.db.select().from(repartitions).limit(1);
    const stranger = await makeCoproprietaire(t.database.db, { user_id: other.user.id, name: 'Ailleurs' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${buildPath(e.proxies.path, { agId, coproId: stranger.copropriete_id, id: stranger.id })}`,
      headers: other.headers,
    });
    expect(res.statusCode, cg?.id).toBe(404);
  });

  it('the syndic API lists them: origin, status, instructions', async () => {
    const rows = await api('GET', '/assemblees/AG/proxies');
    const o7 = rows.find((r: { mandant: { external_id: string } }) => r.mandant.external_id === 'O7');
    expect(o7).toMatchObject({
      origin: 'online',
      status: 'active',
      mandataire: { coproprietaire: { external_id: 'O3' } },
      instructions: [{ resolution: 'R1', number: 1, vote: 'disagree' }],
    });
    expect(o7.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(o7.accepted_at).not.toBeNull();
    const o4 = rows.filter((r: { mandant: { external_id: string } }) => r.mandant.external_id === 'O4');
    expect(o4.map((r: { status: string }) => r.status)).toEqual(['withdrawn', 'active']);
    expect(o4[1].mandataire).toEqual({ name: 'Jeanne Petit', coproprietaire: null });
  });

  it('once the meeting starts: no withdrawal; a syndic proxy appears with its origin', async () => {
    await onMeetingDay(t.database.db, () => api('POST', '/assemblees/AG/start-session'));
    const o7 = json(await call(e.proxies, 'O7')).data.given[0];
    expect((await call(e.withdraw, 'O7', { proxyId: o7.id })).statusCode).toBe(409);
    expect((await call(e.give, 'O2', {}, toOwner('O1'))).statusCode).toBe(409);
    await api('POST', '/assemblees/AG/session-votes', {
      votes: [
        {
          coproprietaire: 'O2',
          attendance: 'represented',
          mandataire: { name: owners.O1.name, coproprietaire: 'O1' },
          method: 'saisie_par_admin',
          choices: [],
        },
      ],
    });
    const rows = await api('GET', '/assemblees/AG/proxies');
    expect(
      rows.find((r: { mandant: { external_id: string } }) => r.mandant.external_id === 'O2'),
    ).toMatchObject({
      origin: 'syndic',
      status: 'active',
      instructions: [],
      document_sha256: null,
    });
  });
});
