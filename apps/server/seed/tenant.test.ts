import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../src/test/harness.js';
import { type Tenant, TENANT_PASSWORD } from './tenant.spec.js';
import { tenantRoutes } from './tenant.routes.js';

describe('POST /dev/tenants (e2e tenants)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ devRoutes: tenantRoutes });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (body: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/dev/tenants', payload: body as object });
    return { status: res.statusCode, body: json(res) };
  };
  const get = (url: string, token: string) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  it('builds a building whose co-owners sign in, with what the spec asked for', async () => {
    const res = await create({
      owners: [
        {
          key: 'paul',
          first_name: 'Paul',
          last_name: 'Durand',
          lots: ['Appartement B21', 'Cave C05'],
          onboarded: false,
          consent: 'settings',
        },
        { key: 'claire', first_name: 'Claire', last_name: 'Martin', owing: true, unread_notifications: 3 },
      ],
    });
    expect(res.status).toBe(200);
    const tenant = res.body.data as Tenant;
    expect(tenant.password).toBe(TENANT_PASSWORD);
    expect(tenant.owners.paul.email).toMatch(/^paul\.durand\.[0-9a-f]{8}@example\.fr$/);
    expect(tenant.owners.claire.compte).toBe('450002');

    const paul = json(await get('/api/coproprietaires/all', tenant.owners.paul.token)).data;
    expect(paul).toHaveLength(1);
    expect(paul[0]).toMatchObject({ id: tenant.owners.paul.coproprietaire_id, init_settings_done: false });
    expect(paul[0].coproprietes[0]).toMatchObject({
      id: tenant.copropriete.id,
      name: tenant.copropriete.name,
    });

    // The sign-in with the tenant's password works too.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: tenant.owners.claire.email, password: tenant.password },
    });
    expect(login.statusCode).toBe(200);

    const claire = tenant.owners.claire;
    const ledger = json(
      await get(
        `/api/finances/coproprietes/${tenant.copropriete.id}/coproprietaires/${claire.coproprietaire_id}/ledger`,
        claire.token,
      ),
    ).data;
    expect(ledger.solde).toBe(41_250 + 39_875 - 2_000);
    const unread = json(
      await get(
        `/api/coproprietaires/notifications/unread-count?coproprietaire_id=${claire.coproprietaire_id}`,
        claire.token,
      ),
    ).data;
    expect(unread.find((c: { category: string }) => c.category === 'all').totalUnread).toBe(3);

    // The syndic API key of the tenant reaches its co-owners by account number.
    const sent = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/notifications/essai-1',
      headers: { 'x-api-key': tenant.syndic.api_key },
      payload: {
        title: "Coupure d'eau",
        body: 'Jeudi de 9 h à 12 h.',
        to: { coproprietaire: claire.compte },
      },
    });
    expect(sent.statusCode).toBe(200);

    // An assembly put through the same key, on the building's and its charges générales' external ids.
    const meeting = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const ag = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/assemblees/essai-ag',
      headers: { 'x-api-key': tenant.syndic.api_key },
      payload: {
        copropriete: tenant.copropriete.external_id,
        name: 'Assemblée générale ordinaire',
        year: Number(meeting.slice(0, 4)),
        date: meeting,
        general_repartition: tenant.copropriete.charges_generales,
        resolutions: [
          {
            external_id: 'R1',
            number: 1,
            title: 'Approbation des comptes',
            article: 'ART-24',
            repartition: tenant.copropriete.charges_generales,
          },
        ],
        participants: [{ coproprietaire: claire.compte }, { coproprietaire: tenant.owners.paul.compte }],
      },
    });
    expect(ag.statusCode, ag.body).toBe(200);
    expect(json(ag).data.resource).toMatchObject({ total_coproprietaires: 2, total_tantiemes: 10_000 });
  });

  it('gives each owner a civility: read from the first name, or the one the spec names', async () => {
    const tenant = (
      await create({
        owners: [
          { key: 'paul', first_name: 'Paul', last_name: 'Durand' },
          { key: 'claire', first_name: 'Claire', last_name: 'Martin' },
          { key: 'camille', civility: 'mr' },
        ],
      })
    ).body.data as Tenant;
    const shown = async (key: string) =>
      json(await get('/api/coproprietaires/all', tenant.owners[key].token)).data[0].display_name.fr;
    expect(await shown('paul')).toBe('M. Paul Durand');
    expect(await shown('claire')).toBe('Mme Claire Martin');
    expect(await shown('camille')).toBe('M. Camille Bernard');
  });

  it("keeps tenants apart: another tenant's co-owner gets 404 on a record", async () => {
    const a = (await create({ owners: [{ key: 'a', owing: true }] })).body.data as Tenant;
    const b = (await create({ owners: [{ key: 'b' }] })).body.data as Tenant;
    const url = `/api/finances/coproprietes/${a.copropriete.id}/coproprietaires/${a.owners.a.coproprietaire_id}/ledger`;
    expect((await get(url, a.owners.a.token)).statusCode).toBe(200);
    expect((await get(url, b.owners.b.token)).statusCode).toBe(404);
    expect(a.owners.a.email).not.toBe(b.owners.b.email);
  });

  it('refuses a bad spec with 400 naming the field', async () => {
    const res = await create({ owners: [{ key: 'Paul!' }] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain('key');
  });
});

describe('POST /dev/tenants in production', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ env: { NODE_ENV: 'production' }, devRoutes: tenantRoutes });
  });
  afterAll(async () => {
    await p.close();
  });

  it('does not exist (404), even when the entry hands the routes in', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: '/dev/tenants',
      payload: { owners: [{ key: 'x' }] },
    });
    expect(res.statusCode).toBe(404);
  });
});
