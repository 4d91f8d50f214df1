/**
 * A record's home opened from its URL waits for its data: the session's profile and record list,
 * then the first screen's answers (app/preload.ts). Started from the application's chunk, those
 * requests waited for its download and evaluation — seconds on a phone (Lighthouse: the
 * dashboard's LCP was 90 % render delay). Here the entry starts them before the application is
 * even requested, and the API client takes each answer instead of asking again (`takeEarly`).
 *
 * Only the contract's constants, rules and endpoint paths are imported (no zod: this runs in the
 * entry chunk; the browser build keeps only each endpoint's method and path, decision 65).
 */
import { PREVIEW_TOKEN_HEADER, READS_MAX, STORAGE_KEYS, systemEndpoints } from '@tantieme/contract';
import { PAGE } from './early-paths';
import {
  PAGE_SETTING,
  pageReadAhead,
  pageUrls,
  type RecordOfList,
  SETTINGS_URL,
  unreadOnly,
} from './early-pages';

export { isRecordHome, isRecordPath, marksItsFirstScreen } from './early-paths';
export { INVOICES_FIRST_ROW, pageReadAhead } from './early-pages';

interface EarlyRead {
  authorization: string;
  /** Null: nothing was read ahead for this URL after all; the app asks it itself. */
  response: Promise<Response | null>;
  at: number;
}

const reads = new Map<string, EarlyRead>();

/** A POST's place among the early reads: its URL and its exact body. */
const postKey = (url: string, body: unknown) => `POST ${url} ${typeof body === 'string' ? body : ''}`;

/** An answer not taken within this time is not used: the app asks again, fresh. */
export const EARLY_READ_TTL_MS = 20_000;

type Fetch = typeof fetch;

/** Starts the reads of the page at `path` when it is a signed-in record's page that reads ahead (true then). */
export function startEarlyReads(
  path: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
  session: Pick<Storage, 'getItem'> = sessionStorage,
  doFetch: Fetch = (...a) => fetch(...a),
  loadImage: (url: string) => void = (url) => {
    new Image().src = url;
  },
): boolean {
  const token = storage.getItem(STORAGE_KEYS.TOKEN);
  // A syndic preview sends its own header: leave it to the app.
  if (!token || session.getItem(STORAGE_KEYS.SPT) || storage.getItem(STORAGE_KEYS.SPT)) return false;
  const m = PAGE.exec(path);
  const page = pageReadAhead(path);
  if (!m || !page) return false;
  const id = m[1];
  const authorization = `Bearer ${token}`;
  const remember = <R extends Response | null>(url: string, response: Promise<R>) => {
    // A failure is the app's to see (it takes this answer and reports it as its own would).
    response.catch(() => {});
    reads.set(url, { authorization, response, at: Date.now() });
    return response;
  };
  const read = (url: string) => doFetch(url, { headers: { accept: 'application/json', authorization } });
  remember('/api/accounts/profile', read('/api/accounts/profile'));
  const settingKey = PAGE_SETTING[page];
  let setting: Promise<unknown> = Promise.resolve(undefined);
  if (settingKey) {
    const body = JSON.stringify({ keys: [settingKey] });
    const response = doFetch(SETTINGS_URL, {
      method: 'POST',
      headers: { accept: 'application/json', authorization, 'content-type': 'application/json' },
      body,
    });
    remember(postKey(SETTINGS_URL, body), response);
    setting = response
      .then((res) => (res.ok ? res.clone().json() : null))
      .then((env) => (env as { data?: unknown } | null)?.data)
      .catch(() => undefined);
  }
  // The app gets the record list only once the page's reads are registered: else the layout,
  // mounting on the list, could ask one of them (the header's unread count) alone first.
  const listUrl = '/api/coproprietaires/all';
  remember(
    listUrl,
    read(listUrl).then(async (res) => {
      try {
        const env = res.ok ? ((await res.clone().json()) as { data?: RecordOfList[] }) : null;
        const record = env?.data?.find((r) => r.id === id);
        if (record) {
          const { urls, next, images, unread } = pageUrls(page, record);
          const answers = readTogether(urls, authorization, doFetch, remember);
          // In the browser's cache by the time the page renders them.
          if (images) void answers.then((a) => images(a).forEach(loadImage));
          // The page's reads that depend on the first ones (the document types name the
          // documents'), asked once those have answered: before the page has even loaded.
          if (next) void answers.then((a) => readTogether(next(a), authorization, doFetch, remember));
          // The lists that follow the 'Afficher non lu' setting: asked as soon as it answers, not
          // after the page's other reads (the app, which takes the same answer, could otherwise
          // ask its list first). Both values' URLs are registered now, before
          // the app has the record list and so before any page could ask them; the value not
          // asked answers null, and `takeEarly` fetches it then.
          if (unread && settingKey) {
            const lists = setting.then((settings) => {
              const only = unreadOnly(settings, settingKey);
              const asked = new Map<string, Promise<Response>>();
              const keep = (url: string, response: Promise<Response>) => {
                asked.set(url, response);
                return response;
              };
              if (only) void readTogether(unread(only), authorization, doFetch, keep);
              return asked;
            });
            for (const only of ['1', '0'] as const)
              for (const url of unread(only))
                remember(
                  url,
                  lists.then((asked) => asked.get(url) ?? null),
                );
          }
        }
      } catch {
        // Not JSON: the app reports the list's answer as its own.
      }
      return res;
    }),
  );
  return true;
}

/** One item of `POST /api/reads`: a read's status and envelope, as if it had been asked alone. */
interface ReadItem {
  url: string;
  status: number;
  body: unknown;
}

/**
 * The first screen's reads in ONE request (`POST /api/reads`): on HTTP/1.1 a phone
 * has six connections, and nine reads beside the page's scripts took two round trips of its slow
 * link. Each read still gets its own answer (a `Response` with its status and envelope), so the
 * API client takes it as it would a fetch of its own. Should the batch fail, each read is
 * fetched alone.
 */
function readTogether(
  urls: string[],
  authorization: string,
  doFetch: Fetch,
  remember: (url: string, r: Promise<Response>) => Promise<Response>,
): Promise<Map<string, unknown>> {
  if (urls.length === 0) return Promise.resolve(new Map());
  // The server takes READS_MAX reads per request (a building with many document types: more).
  if (urls.length > READS_MAX) {
    const parts: Promise<Map<string, unknown>>[] = [];
    for (let i = 0; i < urls.length; i += READS_MAX)
      parts.push(readTogether(urls.slice(i, i + READS_MAX), authorization, doFetch, remember));
    return Promise.all(parts).then((maps) => new Map(maps.flatMap((m) => [...m])));
  }
  const headers = { accept: 'application/json', authorization };
  const batch = doFetch(`/api${systemEndpoints.reads.path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ urls }),
  })
    .then((res) => (res.ok ? (res.json() as Promise<{ data?: ReadItem[] }>) : null))
    .catch(() => null);
  for (const url of urls)
    remember(
      url,
      batch.then((env) => {
        const item = env?.data?.find((i) => i.url === url);
        if (!item || item.status === 406) return doFetch(url, { headers });
        return new Response(JSON.stringify(item.body), {
          status: item.status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  // Each answered read's data, for the reads that follow from it.
  return batch.then(
    (env) =>
      new Map(
        (env?.data ?? [])
          .filter((i) => i.status === 200)
          .map((i) => [i.url, (i.body as { data?: unknown } | null)?.data] as const),
      ),
  );
}

/**
 * The early answer of a GET the API client is about to send, once: same URL, same token, not
 * older than `EARLY_READ_TTL_MS`. Undefined otherwise (the client fetches as usual). A read the
 * entry ended up not asking (the other value of a setting) is fetched here, when it is taken.
 */
export function takeEarly(url: string, init?: RequestInit): Promise<Response> | undefined {
  const method = init?.method ?? 'GET';
  // A POST is taken only for the very body the entry sent (a page's setting, PAGE_SETTING).
  const key = method === 'GET' ? url : method === 'POST' ? postKey(url, init?.body) : undefined;
  const read = key === undefined ? undefined : reads.get(key);
  if (!read || key === undefined) return undefined;
  reads.delete(key);
  const headers = (init?.headers ?? {}) as Record<string, string>;
  if (
    headers.authorization !== read.authorization ||
    headers[PREVIEW_TOKEN_HEADER] ||
    Date.now() - read.at > EARLY_READ_TTL_MS
  )
    return undefined;
  return read.response.then((r) => r ?? fetch(url, init));
}
