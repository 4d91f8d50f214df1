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
import { EARLY_READ_TTL_MS, isRecordHome, startEarlyReads, takeEarly } from './early';

const RECORD = '61e4cf56-adc9-4cde-bf25-ee89aed4a2aa';
const COPRO = '923e0668-7ae6-4388-b294-8fe90f4a673e';
const store = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });
const record = {
  id: RECORD,
  is_member_syndicat: true,
  coproprietes: [{ id: COPRO, syndic_disable: false }],
  copro_settings: { show_assemblee_function: true },
  list_ag_available: [{ id: 'ag', is_send_convocation: true }],
};
const json = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });

function fakeFetch() {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    urls.push(String(url));
    return String(url).endsWith('/coproprietaires/all') ? json([record]) : json({ url: String(url) });
  });
  return { urls, fetch };
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

describe('early reads of a record home (issue 13)', () => {
  it("requests the profile, the list, then every read of the record's first screen, as the hooks name them", async () => {
    const { urls, fetch } = fakeFetch();
    expect(startEarlyReads(`/${RECORD}/home`, store({ TOKEN: 'tok' }), store({}), fetch as never)).toBe(true);
    await vi.waitFor(() => expect(urls).toHaveLength(expected.length));
    expect(urls).toEqual(expected);
    expect(fetch.mock.calls[0][1]).toEqual({
      headers: { accept: 'application/json', authorization: 'Bearer tok' },
    });
    for (const url of expected) takeEarly(url, { headers: { authorization: 'Bearer tok' } });
  });

  it('the API client takes each early answer once, and asks the server itself afterwards', async () => {
    const { fetch } = fakeFetch();
    startEarlyReads(`/${RECORD}`, store({ TOKEN: 'tok' }), store({}), fetch as never);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(expected.length));
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
      const { fetch } = fakeFetch();
      startEarlyReads(`/${RECORD}`, store({ TOKEN: 'tok' }), store({}), fetch as never);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(expected.length));
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
    expect(fetch).not.toHaveBeenCalled();
  });
});
