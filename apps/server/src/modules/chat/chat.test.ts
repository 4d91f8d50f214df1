import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../../test/factories.js';
import { base, building, get, openConv, post, rec, setUp, t } from './chat.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('§7 co-owner calls', () => {
  it('syndic-cpptr gives the syndic as a chat contact; another user gets 404', async () => {
    const b = await building();
    const res = await get(`/api/coproprietaires/${b.open.rec.id}/syndic-cpptr`, b.open.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: b.syndic.id,
      type: 'syndic',
      name: 'Cabinet Lefèvre Immobilier',
    });
    const other = await makeSignedInUser(t.database.db);
    expect((await get(`/api/coproprietaires/${b.open.rec.id}/syndic-cpptr`, other.headers)).statusCode).toBe(
      404,
    );
  });

  it('/syndics/{id}/accounts/chat lists the staff with an account; a co-owner of another syndic gets 404', async () => {
    const b = await building();
    const res = await get(`/api/syndics/${b.syndic.id}/accounts/chat`, b.open.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { display_name: string }) => a.display_name)).toEqual(['Sophie Garnier']);
    const elsewhere = await building();
    expect((await get(`/api/syndics/${b.syndic.id}/accounts/chat`, elsewhere.open.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('opt-out rule (SPEC §1), enforced by the server', () => {
  it('ordinary co-owners reach only those who opted in; council and syndic always', async () => {
    const b = await building();
    // ordinary → opted out, and → default (not opted in): refused
    expect((await openConv(b.open, rec(b.closed))).statusCode).toBe(403);
    expect((await openConv(b.open, rec(b.quiet))).statusCode).toBe(403);
    // ordinary → opted in: fine
    expect((await openConv(b.quiet, rec(b.open))).statusCode).toBe(200);
    // an opted-out co-owner can always write to the council (even one who opted out) and the syndic
    expect((await openConv(b.closed, rec(b.council))).statusCode).toBe(200);
    expect((await openConv(b.closed, { id: b.syndic.id, type: 'syndic' })).statusCode).toBe(200);
    // a council member reaches an opted-out co-owner
    const c = await openConv(b.council, rec(b.closed));
    expect(c.statusCode).toBe(200);
    expect(c.json().data.can_write).toBe(true);
    // the candidates say who is reachable, never oneself, syndic first
    const cand = (await get(`${base(b.open.rec.id)}/candidates`, b.open.headers)).json().data as {
      id: string;
      type: string;
      reachable: boolean;
    }[];
    expect(cand[0]).toMatchObject({ id: b.syndic.id, type: 'syndic', reachable: true });
    expect(cand.find((x) => x.id === b.open.rec.id)).toBeUndefined();
    expect(cand.find((x) => x.id === b.closed.rec.id)?.reachable).toBe(false);
    expect(cand.find((x) => x.id === b.council.rec.id)?.reachable).toBe(true);
  });

  it('an opted-out co-owner who wrote first gets answers; otherwise sending is refused', async () => {
    const b = await building();
    const conv = (await openConv(b.closed, rec(b.open))).json().data;
    expect(conv.can_write).toBe(true);
    // open (opted in) cannot write to closed until closed wrote
    const list = (await get(`${base(b.open.rec.id)}/conversations`, b.open.headers)).json().data;
    expect(list.conversations[0].can_write).toBe(false);
    const refused = await post(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers, {
      text: 'Bonjour',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Ce copropriétaire n'accepte pas les messages des autres copropriétaires.",
    );
    const first = await post(`${base(b.closed.rec.id)}/conversations/${conv.id}/messages`, b.closed.headers, {
      text: 'Bonjour Paul, une question sur le parking.',
    });
    expect(first.statusCode).toBe(200);
    const reply = await post(`${base(b.open.rec.id)}/conversations/${conv.id}/messages`, b.open.headers, {
      text: 'Bonjour, je vous écoute.',
    });
    expect(reply.statusCode).toBe(200);
  });
});
