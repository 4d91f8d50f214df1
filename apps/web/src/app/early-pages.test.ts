import {
  assembleeEndpoints,
  COMMUNICATION_PAGE_SIZE,
  communicationEndpoints,
  coproprietaireEndpoints,
  createApiClient,
  DOCUMENTS_PAGE_SIZE,
  documentEndpoints,
  financeEndpoints,
  INVOICE_PAGE_SIZE,
  invoiceEndpoints,
  MESSAGES_FIRST_PAGE_SIZE,
  messageEndpoints,
  NOTIFICATIONS_PAGE_SIZE,
  notificationEndpoints,
  paymentEndpoints,
  settingsEndpoints,
  smallImageUrl,
} from '@tantieme/contract';
import { describe, expect, it, vi } from 'vitest';
import { pageReadAhead, startEarlyReads, takeEarly } from './early';
import { COPRO, json, RECORD, record, store } from './early.fixture';

describe("early reads of a record's other pages", () => {
  const SYNDIC = '5c1d2a4e-7b9f-4e21-a3c4-1f2e3d4c5b6a';
  const rec = { ...record, coproprietes: [{ id: COPRO, syndic_id: SYNDIC, syndic_disable: false }] };
  const thumb = (n: number) => ({ path: `/files/x/original/${n}.jpg?e=1&s=2`, content_type: 'image/jpeg' });

  /** The server: the list, the setting, the batch; what the pages' first reads answer. */
  function server(setting: string | null = '1') {
    const gets: string[] = [];
    const posts: { url: string; body: string }[] = [];
    const batched: string[] = [];
    const data = (url: string): unknown => {
      if (url.endsWith('/document-types/list')) return [{ code: 'APPEL_FONDS' }, { code: 'PV_AG' }];
      if (url.includes('/saisies?')) return [{ thumbnail: thumb(1) }, { thumbnail: thumb(2) }];
      return { url };
    };
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const u = String(url);
      if (init?.method === 'POST') posts.push({ url: u, body: String(init.body) });
      if (u === '/api/reads') {
        const asked = JSON.parse(String(init?.body)).urls as string[];
        batched.push(...asked);
        return json(asked.map((a) => ({ url: a, status: 200, body: { success: true, data: data(a) } })));
      }
      if (u === '/api/user-settings/multi-settings') {
        const [key] = JSON.parse(String(init?.body)).keys as string[];
        return json({ [key]: setting });
      }
      gets.push(u);
      return u.endsWith('/coproprietaires/all') ? json([rec]) : json({ url: u });
    });
    return { gets, posts, batched, fetch };
  }

  /** The URLs the API client builds for these calls (the hooks' own). */
  async function asked(calls: (c: ReturnType<typeof createApiClient>) => Promise<unknown>[]) {
    const urls: string[] = [];
    const c = createApiClient({
      getToken: () => 'tok',
      fetch: async (input) => {
        urls.push(String(input));
        return json(null);
      },
    });
    await Promise.all(calls(c));
    return urls;
  }
  const header = () =>
    asked((c) => [
      c.call(notificationEndpoints.unreadCount, { query: { coproprietaire_id: RECORD } }),
      c.call(messageEndpoints.unreadCount, { params: { id: RECORD } }),
    ]);

  const pages: [string, (c: ReturnType<typeof createApiClient>) => Promise<unknown>[]][] = [
    ['assemblee', (c) => [c.call(assembleeEndpoints.list, { params: { coproId: COPRO, id: RECORD } })]],
    [
      'facture-v2',
      (c) => [
        c.call(financeEndpoints.ledger, { params: { coproId: COPRO, id: RECORD } }),
        c.call(paymentEndpoints.checkStripeReady, { params: { coproId: COPRO } }),
      ],
    ],
    ['compte', (c) => [c.call(coproprietaireEndpoints.details, { params: { id: COPRO, id2: RECORD } })]],
    [
      'invoices',
      (c) => [
        c.call(invoiceEndpoints.list, {
          params: { syndicId: SYNDIC, coproprieteId: COPRO },
          query: { page_size: INVOICE_PAGE_SIZE, page_index: 0 },
        }),
      ],
    ],
    [
      'document/fonctionnement',
      (c) => [
        c.call(documentEndpoints.types),
        ...['APPEL_FONDS', 'PV_AG'].map((type) =>
          c.call(documentEndpoints.ownByType, {
            params: { coproId: RECORD, type },
            query: { page_size: DOCUMENTS_PAGE_SIZE, page_state: undefined },
          }),
        ),
      ],
    ],
    [
      'notifications',
      (c) => [
        c.call(notificationEndpoints.list, {
          query: {
            page_size: NOTIFICATIONS_PAGE_SIZE,
            page_index: 0,
            un_read_only: '1',
            coproprietaire_id: RECORD,
          },
        }),
      ],
    ],
    [
      'messages-communication',
      (c) => [
        ...(['postal', 'email', 'sms'] as const).map((m) =>
          c.call(communicationEndpoints[m], {
            query: {
              syndic_id: SYNDIC,
              coproprietaire_id: RECORD,
              page_size: COMMUNICATION_PAGE_SIZE,
              page_index: 0,
            },
          }),
        ),
        c.call(messageEndpoints.list, {
          params: { id: RECORD },
          query: { page_size: MESSAGES_FIRST_PAGE_SIZE, page_index: 0, un_read_only: '1' },
        }),
      ],
    ],
  ];

  it.each(
    pages,
  )('%s: the header counts and the reads its hooks ask, batched, before the app asks', async (page, calls) => {
    const s = server();
    expect(pageReadAhead(`/${RECORD}/${page}`)).toBe(page);
    expect(
      startEarlyReads(`/${RECORD}/${page}`, store({ TOKEN: 'tok' }), store({}), s.fetch as never, () => {}),
    ).toBe(true);
    const want = [...(await header()), ...(await asked(calls))];
    await vi.waitFor(() => expect(new Set(s.batched)).toEqual(new Set(want)));
    expect(s.batched).toHaveLength(want.length);
    expect(s.gets).toEqual(['/api/accounts/profile', '/api/coproprietaires/all']);
    // The app takes each of them instead of asking.
    for (const url of want)
      expect(takeEarly(url, { headers: { authorization: 'Bearer tok' } }), url).toBeDefined();
    const auth = { authorization: 'Bearer tok' };
    takeEarly('/api/accounts/profile', { headers: auth });
    for (const key of ['only_unread_all_message', 'only-unread-all-notification'])
      takeEarly('/api/user-settings/multi-settings', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ keys: [key] }),
      });
  });

  it("reads the page's 'Afficher non lu' setting at once, taken by the very same request only", async () => {
    const s = server('0');
    startEarlyReads(
      `/${RECORD}/messages-communication`,
      store({ TOKEN: 'tok' }),
      store({}),
      s.fetch as never,
    );
    const key = 'only_unread_all_message' as const;
    expect(s.posts).toEqual([
      { url: '/api/user-settings/multi-settings', body: JSON.stringify({ keys: [key] }) },
    ]);
    // The list follows the setting's answer: '0' here.
    await vi.waitFor(() => expect(s.batched.some((u) => u.includes('/get-messages?'))).toBe(true));
    expect(s.batched.find((u) => u.includes('/get-messages?'))).toMatch(/un_read_only=0$/);
    const network = vi.fn(async () => json({ [key]: 'network' }));
    const client = createApiClient({
      getToken: () => 'tok',
      fetch: (input, init) => takeEarly(String(input), init) ?? network(),
    });
    // Another key is not this answer; the same key is, once.
    await client.call(settingsEndpoints.userMulti, { body: { keys: ['only-unread-all-notification'] } });
    expect(network).toHaveBeenCalledTimes(1);
    expect(await client.call(settingsEndpoints.userMulti, { body: { keys: [key] } })).toEqual({ [key]: '0' });
    expect(network).toHaveBeenCalledTimes(1);
    await client.call(settingsEndpoints.userMulti, { body: { keys: [key] } });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it("asks the list as soon as the setting answers, without waiting for the page's other reads", async () => {
    const s = server('1');
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // The letters' batch answers only when released; the messages' batch at once.
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      if (String(url) === '/api/reads' && !String(init?.body).includes('/get-messages?')) await held;
      return s.fetch(url, init);
    });
    startEarlyReads(`/${RECORD}/messages-communication`, store({ TOKEN: 'tok' }), store({}), fetch as never);
    await vi.waitFor(() => expect(s.batched.some((u) => u.includes('/get-messages?'))).toBe(true));
    const list = `/api/coproprietaires/${RECORD}/get-messages?page_size=${MESSAGES_FIRST_PAGE_SIZE}&page_index=0`;
    expect(s.batched.find((u) => u.includes('/get-messages?'))).toBe(`${list}&un_read_only=1`);
    expect(s.batched.some((u) => u.includes('/communication/'))).toBe(false);
    const auth = { headers: { authorization: 'Bearer tok' } };
    const taken = await takeEarly(`${list}&un_read_only=1`, auth);
    expect(await taken?.json()).toEqual({ success: true, data: { url: `${list}&un_read_only=1` } });
    // The other value was not read ahead: taken, it is fetched then, by the browser's fetch.
    const network = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ url: 'network' }));
    const other = await takeEarly(`${list}&un_read_only=0`, auth);
    expect(network).toHaveBeenCalledWith(`${list}&un_read_only=0`, auth);
    expect(await other?.json()).toEqual({ success: true, data: { url: 'network' } });
    network.mockRestore();
    release();
    await vi.waitFor(() => expect(s.batched.some((u) => u.includes('/communication/'))).toBe(true));
  });

  it("without the setting's answer, the list is left to the page", async () => {
    const s = server();
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) =>
      String(url) === '/api/user-settings/multi-settings'
        ? new Response('{}', { status: 500 })
        : s.fetch(url, init),
    );
    startEarlyReads(`/${RECORD}/notifications`, store({ TOKEN: 'tok' }), store({}), fetch as never);
    await vi.waitFor(() => expect(s.batched.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    expect(s.batched.some((u) => u.startsWith('/api/coproprietaires/notifications?'))).toBe(false);
  });

  it("loads the invoice grid's first thumbnail, at its small size, as soon as the list answers", async () => {
    const s = server();
    const images: string[] = [];
    startEarlyReads(`/${RECORD}/invoices`, store({ TOKEN: 'tok' }), store({}), s.fetch as never, (u) =>
      images.push(u),
    );
    await vi.waitFor(() => expect(images).toEqual([smallImageUrl(thumb(1).path)]));
  });

  it('reads nothing ahead for a page without its own table, nor in a syndic preview', () => {
    const s = server();
    expect(pageReadAhead(`/${RECORD}/settings`)).toBeUndefined();
    expect(startEarlyReads(`/${RECORD}/settings`, store({ TOKEN: 'tok' }), store({}), s.fetch as never)).toBe(
      false,
    );
    expect(
      startEarlyReads(`/${RECORD}/assemblee`, store({ TOKEN: 'tok' }), store({ SPT: 'p' }), s.fetch as never),
    ).toBe(false);
    expect(s.fetch).not.toHaveBeenCalled();
  });
});
