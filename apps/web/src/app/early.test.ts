import {
  assembleeEndpoints,
  coproprietaireEndpoints,
  createApiClient,
  identityEndpoints,
  messageEndpoints,
  notificationEndpoints,
  paymentEndpoints,
  syntheseEndpoints,
} from '@tantieme/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  EARLY_READ_TTL_MS,
  isRecordHome,
  marksItsFirstScreen,
  isRecordPath,
  startEarlyReads,
  takeEarly,
} from './early';
import { COPRO, json, RECORD, record, store } from './early.fixture';

/** The server: GETs answer their URL; `POST /api/reads` answers each read (one missing: 404). */
function fakeFetch(
  opts: { readsDown?: boolean; missing?: string; list?: unknown[]; data?: (url: string) => unknown } = {},
) {
  const urls: string[] = [];
  const batches: string[][] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    if (u === '/api/reads') {
      const asked = JSON.parse(String(init?.body)).urls as string[];
      batches.push(asked);
      if (opts.readsDown) return new Response('{}', { status: 503 });
      return json(
        asked.map((a) =>
          a === opts.missing
            ? {
                url: a,
                status: 404,
                body: { success: false, code: 'NOT_FOUND', message: 'Ressource introuvable.' },
              }
            : { url: a, status: 200, body: { success: true, data: opts.data?.(a) ?? { url: a } } },
        ),
      );
    }
    urls.push(u);
    return u.endsWith('/coproprietaires/all') ? json(opts.list ?? [record]) : json({ url: u });
  });
  return { urls, batches, fetch };
}

/** The URLs the app's hooks ask for, as the API client builds them from the contract. */
async function clientUrls() {
  const urls: string[] = [];
  const client = createApiClient({
    getToken: () => 'tok',
    fetch: async (input) => {
      urls.push(String(input));
      return json(null);
    },
  });
  const ids = { coproId: COPRO, coproprietaireId: RECORD };
  await client.call(identityEndpoints.profile);
  await client.call(coproprietaireEndpoints.all);
  await client.call(syntheseEndpoints.general, { params: ids });
  await client.call(syntheseEndpoints.lots, { params: { coproprieteId: COPRO, coproprietaireId: RECORD } });
  await client.call(syntheseEndpoints.syndicInfo, { params: { id: COPRO } });
  await client.call(syntheseEndpoints.administrators, { params: { id: COPRO } });
  await client.call(syntheseEndpoints.verificationStatus, { params: { id: COPRO } });
  await client.call(paymentEndpoints.checkStripeReady, { params: { coproId: COPRO } });
  await client.call(notificationEndpoints.unreadCount, { query: { coproprietaire_id: RECORD } });
  await client.call(messageEndpoints.unreadCount, { params: { id: RECORD } });
  await client.call(assembleeEndpoints.list, { params: { coproId: COPRO, id: RECORD } });
  return urls;
}
const expected = await clientUrls();

describe('early reads of a record home', () => {
  it("requests the profile, the list, then every read of the record's first screen in one request, as the hooks name them", async () => {
    const { urls, batches, fetch } = fakeFetch();
    expect(startEarlyReads(`/${RECORD}/home`, store({ TOKEN: 'tok' }), store({}), fetch as never)).toBe(true);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(urls).toEqual(expected.slice(0, 2));
    expect(batches[0]).toEqual(expected.slice(2));
    expect(fetch.mock.calls[0][1]).toEqual({
      headers: { accept: 'application/json', authorization: 'Bearer tok' },
    });
    expect(fetch.mock.calls[2][1]).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
    });
    for (const url of expected) takeEarly(url, { headers: { authorization: 'Bearer tok' } });
  });

  it('asks the payable lines from the first answers when the balance is owed and card payment ready, not otherwise', async () => {
    const payable: string[] = [];
    await createApiClient({
      getToken: () => 'tok',
      fetch: async (input) => {
        payable.push(String(input));
        return json(null);
      },
    }).call(paymentEndpoints.dataForPayment, { params: { coproId: COPRO, id: RECORD } });
    const answers = (solde: number, ready: boolean) => (url: string) =>
      url.endsWith('/general') ? { solde } : url.endsWith('/check-stripe-ready') ? { ready } : undefined;
    const auth = { headers: { authorization: 'Bearer tok' } };

    const owed = fakeFetch({ data: answers(12_000, true) });
    startEarlyReads(`/${RECORD}/home`, store({ TOKEN: 'tok' }), store({}), owed.fetch as never);
    await vi.waitFor(() => expect(owed.batches).toHaveLength(2));
    expect(owed.batches[1]).toEqual(payable);
    expect(takeEarly(payable[0], auth)).toBeDefined();
    for (const url of expected) takeEarly(url, auth);

    for (const [solde, ready] of [
      [0, true],
      [-5_000, true],
      [12_000, false],
    ] as const) {
      const other = fakeFetch({ data: answers(solde, ready) });
      startEarlyReads(`/${RECORD}/home`, store({ TOKEN: 'tok' }), store({}), other.fetch as never);
      await vi.waitFor(() => expect(other.batches).toHaveLength(1));
      for (const url of expected) await takeEarly(url, auth);
      await new Promise((r) => setTimeout(r, 20));
      expect(other.batches, `${solde} ${ready}`).toHaveLength(1);
    }
  });

  it("reads only the header's two counts for a record of a disabled syndic (its notice needs nothing else)", async () => {
    const disabled = { ...record, coproprietes: [{ id: COPRO, syndic_disable: true }] };
    const { urls, batches, fetch } = fakeFetch({ list: [disabled] });
    startEarlyReads(`/${RECORD}/home`, store({ TOKEN: 'tok' }), store({}), fetch as never);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(urls).toEqual(expected.slice(0, 2));
    const counts = expected.filter((u) => u.includes('unread-count'));
    expect(counts).toHaveLength(2);
    expect(batches[0]).toEqual(counts);
    for (const url of counts) takeEarly(url, { headers: { authorization: 'Bearer tok' } });
  });

  it("hands the record list over only once the first screen's reads wait for it, so no hook asks one alone", async () => {
    const { fetch } = fakeFetch();
    startEarlyReads(`/${RECORD}/home`, store({ TOKEN: 'tok' }), store({}), fetch as never);
    const auth = { headers: { authorization: 'Bearer tok' } };
    const list = await takeEarly('/api/coproprietaires/all', auth);
    expect(((await list?.json()) as { data: unknown[] }).data).toEqual([record]);
    // The moment the app has the list, each first-screen read is already there to take.
    for (const url of expected.slice(2)) expect(takeEarly(url, auth), url).toBeDefined();
    takeEarly('/api/accounts/profile', auth);
  });

  it('each read keeps its own status; if the batch fails, each is asked alone', async () => {
    const client = createApiClient({
      getToken: () => 'tok',
      fetch: (input, init) => takeEarly(String(input), init) ?? Promise.reject(new Error('not early')),
    });
    const admins = () => client.call(syntheseEndpoints.administrators, { params: { id: COPRO } });
    const one = fakeFetch({ missing: expected[5] });
    startEarlyReads(`/${RECORD}`, store({ TOKEN: 'tok' }), store({}), one.fetch as never);
    await vi.waitFor(() => expect(one.batches).toHaveLength(1));
    await expect(admins()).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    for (const url of expected) takeEarly(url, { headers: { authorization: 'Bearer tok' } });

    const down = fakeFetch({ readsDown: true });
    startEarlyReads(`/${RECORD}`, store({ TOKEN: 'tok' }), store({}), down.fetch as never);
    await vi.waitFor(() => expect(down.batches).toHaveLength(1));
    expect(((await admins()) as unknown as { url: string }).url).toBe(expected[5]);
    // Every read of the first screen, each alone.
    await vi.waitFor(() => expect(down.urls).toEqual(expected));
    for (const url of expected) takeEarly(url, { headers: { authorization: 'Bearer tok' } });
  });

  it('the API client takes each early answer once, and asks the server itself afterwards', async () => {
    const { fetch, batches } = fakeFetch();
    startEarlyReads(`/${RECORD}`, store({ TOKEN: 'tok' }), store({}), fetch as never);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    const network = vi.fn(async () => json({ url: 'network' }));
    const client = createApiClient({
      getToken: () => 'tok',
      fetch: (input, init) => takeEarly(String(input), init) ?? network(),
    });
    const call = () =>
      client.call(syntheseEndpoints.syndicInfo, { params: { id: COPRO } }) as unknown as Promise<{
        url: string;
      }>;
    expect((await call()).url).toBe(expected[4]);
    expect(network).not.toHaveBeenCalled();
    expect((await call()).url).toBe('network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('is not used by another token, a write, or once it is older than its time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { fetch, batches } = fakeFetch();
      startEarlyReads(`/${RECORD}`, store({ TOKEN: 'tok' }), store({}), fetch as never);
      await vi.waitFor(() => expect(batches).toHaveLength(1));
      expect(takeEarly(expected[0], { headers: { authorization: 'Bearer other' } })).toBeUndefined();
      expect(
        takeEarly(expected[1], { method: 'POST', headers: { authorization: 'Bearer tok' } }),
      ).toBeUndefined();
      vi.setSystemTime(Date.now() + EARLY_READ_TTL_MS + 1);
      expect(takeEarly(expected[2], { headers: { authorization: 'Bearer tok' } })).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts nothing without a session, in a syndic preview, or away from a record home', () => {
    const { fetch } = fakeFetch();
    const start = (path: string, local: Record<string, string>, session: Record<string, string> = {}) =>
      startEarlyReads(path, store(local), store(session), fetch as never);
    expect(start(`/${RECORD}/home`, {})).toBe(false);
    expect(start(`/${RECORD}/home`, { TOKEN: 'tok' }, { SPT: 'preview' })).toBe(false);
    expect(start(`/${RECORD}/finances`, { TOKEN: 'tok' })).toBe(false);
    expect(start('/login', { TOKEN: 'tok' })).toBe(false);
    expect([`/${RECORD}`, `/${RECORD}/`, `/${RECORD}/home`].every(isRecordHome)).toBe(true);
    expect(isRecordHome(`/${RECORD}/finances`)).toBe(false);
    // The pages that say when their first screen is shown (afterFirstScreen.ts).
    expect(
      [`/${RECORD}/home`, `/${RECORD}`, `/${RECORD}/messages-communication`].every(marksItsFirstScreen),
    ).toBe(true);
    expect(marksItsFirstScreen(`/${RECORD}/finances`)).toBe(false);
    expect(marksItsFirstScreen(`/${RECORD}/messages-communication/x`)).toBe(false);
    expect(isRecordPath(`/${RECORD}/finances`)).toBe(true);
    expect(isRecordPath(`/${RECORD}`)).toBe(true);
    expect(isRecordPath('/user-info')).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
