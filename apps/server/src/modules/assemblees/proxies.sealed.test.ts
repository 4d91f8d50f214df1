import { assembleeProxyEndpoints as e } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/harness.js';
import { call, give, owners, setUp, sign, t, toOwner } from './proxies.fixture.js';

/**
 * The sealed PDF of a proxy given online: its mandant and its mandataire download it from the
 * 'Pouvoir' tab; any other co-owner of the building, a proxy not sealed yet or an unknown one: 404.
 */
beforeAll(setUp);
afterAll(() => t.close());

describe('downloading the sealed proxy', () => {
  it('the mandant and the mandataire get a signed URL of the sealed PDF; another co-owner gets 404', async () => {
    const { proxy } = await give('O5', toOwner('O6'));
    const asMandant = await call(e.sealed, 'O5', { proxyId: proxy!.id });
    expect(asMandant.statusCode, asMandant.body).toBe(200);
    const { url, name } = json(asMandant).data;
    expect(name).toBe('Pouvoir scellé - Assemblée générale.pdf');
    const pdf = await t.app.inject({
      url: new URL(url, 'http://x').pathname + new URL(url, 'http://x').search,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.includes(Buffer.from('/ETSI.CAdES.detached'))).toBe(true);

    // The 'Pouvoir' tab offers the download from the list's flag, for the mandant and the mandataire.
    const given = json(await call(e.proxies, 'O5')).data.given;
    expect(given.find((p: { id: string }) => p.id === proxy!.id)).toMatchObject({ sealed: true });
    const held = json(await call(e.proxies, 'O6')).data.held;
    expect(held.find((p: { id: string }) => p.id === proxy!.id)).toMatchObject({ sealed: true });

    const asMandataire = await call(e.sealed, 'O6', { proxyId: proxy!.id });
    expect(asMandataire.statusCode, asMandataire.body).toBe(200);

    // Another co-owner of the same building, through the same guard: as if the proxy did not exist.
    expect((await call(e.sealed, 'O7', { proxyId: proxy!.id })).statusCode).toBe(404);
    // O7's own record, read with O5's session: the access guard answers 404.
    expect(
      (await call(e.sealed, 'O7', { proxyId: proxy!.id }, undefined, owners.O5.headers)).statusCode,
    ).toBe(404);
    expect((await call(e.sealed, 'O5', { proxyId: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it('a proxy given but not signed yet has no sealed PDF: 404', async () => {
    const res = await call(e.give, 'O8', {}, toOwner('O9'));
    expect(res.statusCode, res.body).toBe(200);
    const pending = json(res).data.proxy as { id: string; sealed: boolean };
    expect(pending.sealed).toBe(false);
    expect((await call(e.sealed, 'O8', { proxyId: pending.id })).statusCode).toBe(404);
    // Signed now: sealed in the signing transaction, so the download follows at once.
    expect((await sign('O8', json(res).data.signature_url, 'PROCURATION_DONNEE')).statusCode).toBe(200);
    expect((await call(e.sealed, 'O8', { proxyId: pending.id })).statusCode).toBe(200);
    expect(json(await call(e.proxies, 'O8')).data.given[0]).toMatchObject({ id: pending.id, sealed: true });
  });
});
