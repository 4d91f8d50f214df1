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
import {
  type MenuRecord,
  menuVisibility,
  PREVIEW_TOKEN_HEADER,
  STORAGE_KEYS,
  systemEndpoints,
} from '@tantieme/contract';

interface EarlyRead {
  authorization: string;
  response: Promise<Response>;
  at: number;
}

const reads = new Map<string, EarlyRead>();

/** An answer not taken within this time is not used: the app asks again, fresh. */
export const EARLY_READ_TTL_MS = 20_000;

type Fetch = typeof fetch;

/** A record's id in a path (a UUID: the contract's `isId`, without zod in the entry). */
const RECORD_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The record's home: `/:id`, `/:id/` or `/:id/home` (router.tsx). */
const HOME = new RegExp(`^/(${RECORD_ID})(?:/home)?/?$`, 'i');

/** One of a record's pages: `/:id/…` (router.tsx). */
const RECORD_PAGE = new RegExp(`^/${RECORD_ID}(/|$)`, 'i');

/** Whether `path` is a record's home (the dashboard): the one rule, for the preload too. */
export const isRecordHome = (path: string) => HOME.test(path);

/** Whether `path` is one of a record's pages (`/:id/…`, router.tsx). */
export const isRecordPath = (path: string) => RECORD_PAGE.test(path);

interface RecordOfList extends MenuRecord {
  id: string;
  coproprietes?: { id: string; syndic_disable?: boolean }[];
}

/** The first screen's reads of a record (its ids known from the list), as the hooks ask them. */
export function firstScreenUrls(record: RecordOfList): string[] {
  const id = record.id;
  const copro = record.coproprietes?.[0];
  if (!copro || copro.syndic_disable) return [];
  const c = copro.id;
  return [
    `/api/finances/coproprietes/${c}/coproprietaires/${id}/general`,
    `/api/coproprietaires/${c}/${id}/lots`,
    `/api/coproprietaires/coproprietes/${c}/syndic-info`,
    `/api/coproprietaires/coproprietes/${c}/administrators`,
    ...(record.is_member_syndicat
      ? [`/api/syndicat-verifications/coproprietes/${c}/verification-status`]
      : []),
    `/api/finances/coproprietes/${c}/check-stripe-ready`,
    `/api/coproprietaires/notifications/unread-count?coproprietaire_id=${id}`,
    `/api/coproprietaires/${id}/messages/unread-count`,
    ...(menuVisibility(record).assemblee
      ? [`/api/assemblee/coproprietes/${c}/coproprietaire/${id}/get-list-ag-available`]
      : []),
  ];
}

/** Starts the reads of the page at `path` when it is a signed-in record's home (true then). */
export function startEarlyReads(
  path: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
  session: Pick<Storage, 'getItem'> = sessionStorage,
  doFetch: Fetch = (...a) => fetch(...a),
): boolean {
  const token = storage.getItem(STORAGE_KEYS.TOKEN);
  // A syndic preview sends its own header: leave it to the app.
  if (!token || session.getItem(STORAGE_KEYS.SPT) || storage.getItem(STORAGE_KEYS.SPT)) return false;
  const m = HOME.exec(path);
  if (!m) return false;
  const id = m[1];
  const authorization = `Bearer ${token}`;
  const remember = (url: string, response: Promise<Response>) => {
    // A failure is the app's to see (it takes this answer and reports it as its own would).
    response.catch(() => {});
    reads.set(url, { authorization, response, at: Date.now() });
    return response;
  };
  const read = (url: string) => doFetch(url, { headers: { accept: 'application/json', authorization } });
  remember('/api/accounts/profile', read('/api/accounts/profile'));
  // The app gets the record list only once the first screen's reads are registered: else the
  // layout, mounting on the list, could ask one of them (the header's unread count) alone first.
  const listUrl = '/api/coproprietaires/all';
  remember(
    listUrl,
    read(listUrl).then(async (res) => {
      try {
        const env = res.ok ? ((await res.clone().json()) as { data?: RecordOfList[] }) : null;
        const record = env?.data?.find((r) => r.id === id);
        if (record) readTogether(firstScreenUrls(record), authorization, doFetch, remember);
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
 * The first screen's reads in ONE request (`POST /api/reads`, issue 13): on HTTP/1.1 a phone
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
) {
  if (urls.length === 0) return;
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
}

/**
 * The early answer of a GET the API client is about to send, once: same URL, same token, not
 * older than `EARLY_READ_TTL_MS`. Undefined otherwise (the client fetches as usual).
 */
export function takeEarly(url: string, init?: RequestInit): Promise<Response> | undefined {
  const read = reads.get(url);
  if (!read) return undefined;
  reads.delete(url);
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const method = init?.method ?? 'GET';
  if (
    method !== 'GET' ||
    headers.authorization !== read.authorization ||
    headers[PREVIEW_TOKEN_HEADER] ||
    Date.now() - read.at > EARLY_READ_TTL_MS
  )
    return undefined;
  return read.response;
}
