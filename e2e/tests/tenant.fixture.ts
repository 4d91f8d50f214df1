import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { test as a11yTest } from './a11y.fixture';

/**
 * A fresh tenant for a spec: its own syndic (with an API key), one building and co-owners with
 * unique e-mails, built by the server's POST /dev/tenants from the demo seed's builders
 * (apps/server/seed/tenant.ts). A spec that changes data works on its own tenant, so it runs
 * alone, in any order and in parallel with the others; read-only specs may keep the demo data.
 *
 * - `tenant` fixture: one tenant per test, from the spec's `tenantSpec` option
 *   (`test.use({ tenantSpec: { owners: [...] } })`);
 * - `newTenant(spec)`: one tenant shared by the tests of a serial file (call it in beforeAll).
 */

export interface TenantOwnerSpec {
  key: string;
  first_name?: string;
  last_name?: string;
  /** 'M.' or 'Mme'; by default read from the first name (the server's `civilityOf`). */
  civility?: 'mr' | 'mrs';
  lots?: string[];
  onboarded?: boolean;
  consent?: 'onboarding' | 'settings' | 'none';
  owing?: boolean;
  unread_notifications?: number;
}

export interface TenantSpec {
  card_payments?: boolean;
  owners: TenantOwnerSpec[];
  /** The owner (by key) named syndic bénévole of the building: the console is theirs too. */
  benevole?: string;
  /** Whether the syndic has an administrateur with an account (signs in with `password`). */
  staff_admin?: boolean;
}

export interface TenantOwner {
  user_id: string;
  email: string;
  token: string;
  coproprietaire_id: string;
  compte: string;
}

export interface Tenant {
  password: string;
  syndic: { id: string; alias: string; api_key: string };
  /** With the syndic API's external ids of the building and of its charges générales key. */
  copropriete: { id: string; name: string; external_id: string; charges_generales: string };
  owners: Record<string, TenantOwner>;
  staff_admin: { email: string } | null;
}

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Creates a tenant through the given request context, or a new one against the e2e server. */
export async function newTenant(spec: TenantSpec, request?: APIRequestContext): Promise<Tenant> {
  const ctx = request ?? (await playwrightRequest.newContext({ baseURL }));
  try {
    const res = await ctx.post('/dev/tenants', { data: spec });
    if (!res.ok()) throw new Error(`POST /dev/tenants: ${res.status()} ${await res.text()}`);
    return (await res.json()).data as Tenant;
  } finally {
    if (!request) await ctx.dispose();
  }
}

export const test = a11yTest.extend<{ tenantSpec: TenantSpec; tenant: Tenant }>({
  tenantSpec: [{ owners: [{ key: 'owner' }] }, { option: true }],
  tenant: async ({ request, tenantSpec }, use) => {
    await use(await newTenant(tenantSpec, request));
  },
});

export * from './a11y.fixture';
