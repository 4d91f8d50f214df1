import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, newTenant, type Page, type Tenant, test } from './tenant.fixture';

export interface Rec {
  id: string;
  coproprietes: { name: string }[];
}

/** A unique external id for what the syndic API sends. */
export const ext = (p: string) => `e2e-${p}-${randomBytes(4).toString('hex')}`;

/**
 * Claire, a co-owner of a tenant of the calling spec's own with three unread notifications (the
 * counts it changes are nobody else's), made in its beforeAll; the syndic API sends to her with
 * the tenant's key and her account number. Call at the top of a spec file.
 */
export function claireOfOwnTenant() {
  const w = {
    t: undefined as unknown as Tenant,
    /** Claire's session as the tenant gave it (after `claire()`). */
    token: '',
    /** Her record at the tenant's building (after `claire()`). */
    tilleuls: undefined as unknown as Rec,
    get apiKey() {
      return w.t.syndic.api_key;
    },
    get account() {
      return w.t.owners.claire.compte;
    },
    claire,
    signIn,
    sendNotification,
    openHomeWithBell,
  };
  test.beforeAll(async () => {
    w.t = await newTenant({
      owners: [{ key: 'claire', first_name: 'Claire', last_name: 'Martin', unread_notifications: 3 }],
    });
  });

  /** Claire's session as the tenant gave it, and her record. */
  async function claire(request: APIRequestContext) {
    if (w.token) return;
    w.token = w.t.owners.claire.token;
    const all = await request.get('/api/coproprietaires/all', {
      headers: { authorization: `Bearer ${w.token}` },
    });
    w.tilleuls = ((await all.json()).data as Rec[])[0];
  }

  async function signIn(page: Page) {
    await claire(page.request);
    await page.goto('/login');
    await page.evaluate((tk) => localStorage.setItem('TOKEN', tk), w.token);
  }

  async function sendNotification(request: APIRequestContext, title: string) {
    const res = await request.put(`/api/syndic/v1/notifications/${ext('n')}`, {
      headers: { 'x-api-key': w.apiKey },
      data: { title, body: 'Le gardien passera entre 9 h et 12 h.', to: { coproprietaire: w.account } },
    });
    expect(res.status()).toBe(200);
    return (await res.json()).data;
  }

  /** Claire signed in on Les Tilleuls' home: the bell, and its count of this record as first loaded. */
  async function openHomeWithBell(page: Page) {
    await signIn(page);
    // A home opened from its URL reads its first screen in one request (POST /api/reads):
    // the count is one of its answers.
    const url = `/api/coproprietaires/notifications/unread-count?coproprietaire_id=${w.tilleuls.id}`;
    const counted = page.waitForResponse((r) => r.url().endsWith('/api/reads') && r.ok());
    await page.goto(`/${w.tilleuls.id}/home`);
    const items = (await (await counted).json()).data as {
      url: string;
      body: { data: { category: string; totalUnread: number }[] };
    }[];
    const before = items.find((i) => i.url === url)?.body.data.find((c) => c.category === 'all')
      ?.totalUnread as number;
    expect(typeof before).toBe('number');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(before ? `Notifications, ${before} non lues` : 'Notifications');
    return { bell, before };
  }

  return w;
}
