import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coproprietes } from '../db/schema/index.js';
import { createSession } from '../modules/identity/session.service.js';
import { makeFinanceOwner } from '../test/factories.finances.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { makeSyndicWithKey } from '../test/factories.syndic.js';
import {
  isEnvelope,
  NUL,
  type Op,
  operations,
  sample,
  setAt,
  stringLeaves,
} from './inputs.property.fixture.js';

/**
 * The input properties, generated from the route table (the OpenAPI document): every
 * route the day it is added gets NUL bytes in each string field, malformed ids, an oversize path
 * and an oversize query, and must answer the French error envelope, never a 5xx.
 */

describe('every route × crafted input (generated from the route table)', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof makeFinanceOwner>>;
  let apiKey: string;
  let ops: Op[];
  const failures: string[] = [];

  beforeAll(async () => {
    // Configured as a deployment is (main.ts gives every start VAPID keys): an unconfigured
    // optional service answering 503 would hide what the route does with bad input.
    const vapid = webpush.generateVAPIDKeys();
    t = await createTestApp({
      env: {
        RATE_LIMIT_FACTOR: '1000',
        SYNDIC_API_PER_MINUTE: '100000',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
    });
    f = await makeFinanceOwner(t.database.db);
    // Syndic API routes are called with a key of the owner's syndic, so ids resolve there too.
    const [copro] = await t.database.db.select().from(coproprietes).where(eq(coproprietes.id, f.coproId));
    apiKey = (await makeSyndicWithKey(t.database.db, undefined, { id: copro.syndic_id })).key;
    ops = operations(t.app.swagger() as never);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Real ids of the signed-in owner, by parameter name, so the bad value is the only bad part. */
  function goodValues(name: string): string[] {
    if (/^coproprietaire/i.test(name)) return [f.rec.id];
    if (/^copro/i.test(name)) return [f.coproId];
    if (/^lot/i.test(name)) return [f.lotA.id];
    if (/^bill/i.test(name)) return [f.bills.q2.id];
    if (/^id\d?$/.test(name)) return [f.coproId, f.rec.id];
    return ['abcdefgh1'];
  }

  /** Every combination of good values for the path parameters other than `skip`. */
  function pathCombos(op: Op, skip: string): Record<string, string>[] {
    let combos: Record<string, string>[] = [{}];
    for (const p of op.params.filter((x) => x.in === 'path' && x.name !== skip)) {
      combos = combos.flatMap((c) => goodValues(p.name).map((v) => ({ ...c, [p.name]: v })));
    }
    return combos;
  }

  const fill = (path: string, values: Record<string, string>) =>
    path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(values[n] ?? 'abcdefgh1'));

  async function send(op: Op, url: string, body?: unknown, authenticated = true, rawJson?: string) {
    const headers: Record<string, string> =
      rawJson !== undefined ? { 'content-type': 'application/json' } : {};
    if (authenticated && op.apiKey) headers['x-api-key'] = apiKey;
    else if (authenticated)
      headers.authorization = `Bearer ${await createSession(t.database.db, f.owner.user.id)}`;
    return t.app.inject({
      method: op.method as 'GET',
      url,
      headers,
      ...(body !== undefined ? { payload: body as object } : {}),
      ...(rawJson !== undefined ? { payload: rawJson } : {}),
    });
  }

  function check(
    label: string,
    res: Awaited<ReturnType<typeof send>>,
    expectStatus?: (s: number) => boolean,
  ) {
    if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    else if (res.statusCode >= 400 && !isEnvelope(res))
      failures.push(`${label}: not the envelope (${res.statusCode} ${res.body.slice(0, 120)})`);
    else if (expectStatus && !expectStatus(res.statusCode))
      failures.push(`${label}: status ${res.statusCode}`);
  }

  it('reads a route table that covers the API', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.some((o) => o.path.includes('get-details-provision-bill'))).toBe(true);
  });

  it('a NUL byte in any path parameter, query field or body string answers 400 naming the field', async () => {
    failures.length = 0;
    for (const op of ops) {
      for (const p of op.params) {
        const label = `${op.method} ${op.path} ${p.in}:${p.name}=NUL`;
        const combo = pathCombos(op, p.name)[0];
        const url =
          p.in === 'path'
            ? fill(op.path, { ...combo, [p.name]: NUL })
            : `${fill(op.path, combo)}?${p.name}=${encodeURIComponent(NUL)}`;
        const res = await send(op, url, op.body ? sample(op.body) : undefined);
        check(label, res, (s) => s === 400);
        if (res.statusCode === 400 && isEnvelope(res) && !JSON.parse(res.body).errors?.[p.name]) {
          failures.push(`${label}: 400 does not name the field (${res.body.slice(0, 160)})`);
        }
      }
      if (!op.body) continue;
      const base = sample(op.body);
      const url = fill(op.path, pathCombos(op, '')[0]);
      for (const leaf of stringLeaves(base)) {
        const field = leaf.join('.');
        const res = await send(op, url, setAt(base, leaf, NUL));
        const label = `${op.method} ${op.path} body:${field}=NUL`;
        check(label, res, (s) => s === 400);
        if (res.statusCode === 400 && isEnvelope(res) && !JSON.parse(res.body).errors?.[field]) {
          failures.push(`${label}: 400 does not name the field (${res.body.slice(0, 160)})`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a malformed id in any path parameter or id field of a body answers 400 or 404, never 5xx', async () => {
    failures.length = 0;
    for (const op of ops) {
      for (const p of op.params.filter((x) => x.in === 'path')) {
        for (const combo of pathCombos(op, p.name)) {
          for (const bad of ['abc', '1', '00000000-0000-0000-0000-00000000000g']) {
            const res = await send(
              op,
              fill(op.path, { ...combo, [p.name]: bad }),
              op.body ? sample(op.body) : undefined,
            );
            // Record ids (`id`, `id2`, `coproId`…), not the syndic's own `external_id`.
            const isId = /^(id\d?|[a-z]+Id)$/.test(p.name);
            const label = `${op.method} ${op.path} ${p.name}=${bad}`;
            check(label, res, isId ? (s) => s === 400 || s === 404 : undefined);
            // The contract's schema catches it (400 naming the parameter), not the database.
            if (isId && res.statusCode === 400 && !JSON.parse(res.body).errors?.[p.name]) {
              failures.push(`${label}: 400 does not name the parameter (${res.body.slice(0, 160)})`);
            }
          }
        }
      }
      if (!op.body) continue;
      const base = sample(op.body);
      for (const combo of pathCombos(op, '')) {
        for (const leaf of stringLeaves(base).filter((l) => l.some((k) => /(^id$|_ids?$|Id$|^k$)/.test(k)))) {
          const res = await send(op, fill(op.path, combo), setAt(base, leaf, 'x'));
          check(`${op.method} ${op.path} body:${leaf.join('.')}=x`, res);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('an oversize path parameter or query answers the envelope, never 5xx', async () => {
    failures.length = 0;
    for (const op of ops) {
      const combo = pathCombos(op, '')[0];
      for (const p of op.params.filter((x) => x.in === 'path')) {
        const res = await send(op, fill(op.path, { ...combo, [p.name]: 'a'.repeat(3000) }));
        check(`${op.method} ${op.path} ${p.name}=3000 chars`, res, (s) => s >= 400);
      }
      const query = op.params.find((x) => x.in === 'query')?.name ?? 'q';
      const res = await send(op, `${fill(op.path, combo)}?${query}=${'b'.repeat(200_000)}`);
      check(`${op.method} ${op.path} ?${query}=200 KB`, res);
    }
    expect(failures).toEqual([]);
  });

  it('an anonymous call of an authenticated route is 401 before its body is looked at', async () => {
    failures.length = 0;
    for (const op of ops.filter((o) => o.auth && o.body)) {
      const url = fill(op.path, pathCombos(op, '')[0]);
      check(
        `${op.method} ${op.path} anonymous, bad body`,
        await send(op, url, { bad: NUL }, false),
        (s) => s === 401,
      );
      // Not even parsed: malformed JSON is 401 too, not 400.
      check(
        `${op.method} ${op.path} anonymous, malformed JSON`,
        await send(op, url, undefined, false, '{"a":'),
        (s) => s === 401,
      );
    }
    expect(failures).toEqual([]);
  });

  it('every API answer, success or error, carries Cache-Control: no-store', async () => {
    failures.length = 0;
    for (const op of ops) {
      const url = fill(op.path, pathCombos(op, '')[0]);
      // Reads signed in (changes would alter the owner's data), every route anonymous.
      for (const authenticated of op.method === 'GET' ? [true, false] : [false]) {
        const res = await send(op, url, op.body ? {} : undefined, authenticated);
        const cc = res.headers['cache-control'];
        // A signed file URL may be kept privately for its few minutes; nothing else is kept.
        if (cc !== 'no-store' && !(res.statusCode === 200 && cc === 'private, max-age=300'))
          failures.push(
            `${op.method} ${op.path}${authenticated ? '' : ' anonymous'}: ${res.statusCode} cache-control ${res.headers['cache-control']}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});
