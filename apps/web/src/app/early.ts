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
  COMMUNICATION_PAGE_SIZE,
  DOCUMENTS_PAGE_SIZE,
  INVOICE_PAGE_SIZE,
  MESSAGES_FIRST_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  type UserSettingKey,
  type MenuRecord,
  menuVisibility,
  smallImageUrl,
  PREVIEW_TOKEN_HEADER,
  READS_MAX,
  STORAGE_KEYS,
  systemEndpoints,
} from '@tantieme/contract';

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

/** A record's id in a path (a UUID: the contract's `isId`, without zod in the entry). */
const RECORD_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The record's home: `/:id`, `/:id/` or `/:id/home` (router.tsx). */
const HOME = new RegExp(`^/(${RECORD_ID})(?:/home)?/?$`, 'i');

/** One of a record's pages: `/:id/…` (router.tsx). */
const RECORD_PAGE = new RegExp(`^/${RECORD_ID}(/|$)`, 'i');

/** Whether `path` is a record's home (the dashboard): the one rule, for the preload too. */
export const isRecordHome = (path: string) => HOME.test(path);

/** A record's messages page (`/:id/messages-communication`): its list is read in a second step. */
const MESSAGES = new RegExp(`^/${RECORD_ID}/messages-communication/?$`, 'i');

/**
 * Whether the page at `path` says itself when its first screen is shown (afterFirstScreen.ts):
 * the dashboard, painted as a transition in slices, and the messages page, whose list waits for
 * the 'Afficher non lu' setting and is read outside the query cache, so no query is in flight
 * between the setting's answer and the list's.
 */
export const marksItsFirstScreen = (path: string) => HOME.test(path) || MESSAGES.test(path);

/** Whether `path` is one of a record's pages (`/:id/…`, router.tsx). */
export const isRecordPath = (path: string) => RECORD_PAGE.test(path);

interface CoproOfList {
  id: string;
  syndic_id?: string;
  syndic_disable?: boolean;
}

interface RecordOfList extends MenuRecord {
  id: string;
  coproprietes?: CoproOfList[];
}

/** The header's two counts, on every page of a record (NotificationBell, MessageShortcut). */
const headerUrls = (id: string) => [
  `/api/coproprietaires/notifications/unread-count?coproprietaire_id=${id}`,
  `/api/coproprietaires/${id}/messages/unread-count`,
];

/** The first screen's reads of a record (its ids known from the list), as the hooks ask them. */
function firstScreenUrls(record: RecordOfList, copro: CoproOfList): string[] {
  const id = record.id;
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
    ...headerUrls(id),
    ...(menuVisibility(record).assemblee
      ? [`/api/assemblee/coproprietes/${c}/coproprietaire/${id}/get-list-ag-available`]
      : []),
  ];
}

/**
 * A record page's own first reads, as its hooks name them: `urls` at once, then `next` from the
 * answers of those (the document types name the documents' reads). Together with the header's
 * counts, in one request.
 */
interface PageReads {
  urls: string[];
  next?: (answers: Map<string, unknown>) => string[];
  /** The pictures the first screen shows from those answers (its largest paint): loaded at once. */
  images?: (answers: Map<string, unknown>) => string[];
  /** The lists that follow the page's 'Afficher non lu' setting (PAGE_SETTING), by its value. */
  unread?: (only: '1' | '0') => string[];
}

/**
 * The invoice grid's first row at its widest (InvoicesPage loads its thumbnails eagerly). The
 * entry loads the first one only, the page's largest paint: the whole row, 40 KB on a phone's
 * link beside the scripts, made the page later (Lighthouse, 2,754 ms against 2,543–2,614).
 */
export const INVOICES_FIRST_ROW = 4;

interface InvoiceOfList {
  thumbnail?: { path: string; content_type: string } | null;
}

interface TypeOfList {
  code: string;
}

/** 'Mes documents' (DocumentFonctionPage): the types, then one page of each type's documents. */
const ownDocuments = (id: string): PageReads => {
  const types = '/api/parameters/document-types/list';
  return {
    urls: [types],
    next: (answers) =>
      ((answers.get(types) as TypeOfList[] | undefined) ?? []).map(
        (ty) => `/api/documents/${id}/types/${encodeURIComponent(ty.code)}?page_size=${DOCUMENTS_PAGE_SIZE}`,
      ),
  };
};

/**
 * The record pages whose first screen waits for reads of their own, by the path's segment after
 * the record's id (router.tsx), with their reads. The entry reads nothing ahead for the others
 * (measured: the profile and the list alone, early, did not move their largest paint).
 */
const PAGE_READS: Record<string, (record: RecordOfList, copro: CoproOfList) => PageReads> = {
  assemblee: (r, c) => ({
    urls: menuVisibility(r).assemblee
      ? [`/api/assemblee/coproprietes/${c.id}/coproprietaire/${r.id}/get-list-ag-available`]
      : [],
  }),
  // The statement (SituationDeComptePage): the open lines and the pay button's readiness.
  'facture-v2': (r, c) => ({
    urls: [
      `/api/finances/coproprietes/${c.id}/coproprietaires/${r.id}/ledger`,
      `/api/finances/coproprietes/${c.id}/check-stripe-ready`,
    ],
  }),
  compte: (r, c) => ({ urls: [`/api/coproprietaires/${c.id}/${r.id}/details-coproprietaire`] }),
  invoices: (_, c) => {
    if (!c.syndic_id) return { urls: [] };
    const list = `/api/invoices/syndics/${c.syndic_id}/coproprietes/${c.id}/saisies?page_size=${INVOICE_PAGE_SIZE}&page_index=0`;
    return {
      urls: [list],
      images: (answers) =>
        ((answers.get(list) as InvoiceOfList[] | undefined) ?? [])
          .slice(0, 1)
          .flatMap((i) =>
            i.thumbnail?.content_type.startsWith('image/') ? [smallImageUrl(i.thumbnail.path)] : [],
          ),
    };
  },
  document: (r) => ownDocuments(r.id),
  'document/fonctionnement': (r) => ownDocuments(r.id),
  // NotificationsFeed's first page, with the 'Afficher non lu' setting (PAGE_SETTING).
  notifications: (r) => ({
    urls: [],
    unread: (only) => [
      `/api/coproprietaires/notifications?page_size=${NOTIFICATIONS_PAGE_SIZE}&page_index=0&un_read_only=${only}&coproprietaire_id=${r.id}`,
    ],
  }),
  // The letters, e-mails and SMS (useCommunications), and MessagesPanel's first page.
  'messages-communication': (r, c) => ({
    urls: c.syndic_id
      ? ['postal', 'email', 'sms'].map(
          (m) =>
            `/api/communication/${m}?syndic_id=${c.syndic_id}&coproprietaire_id=${r.id}&page_size=${COMMUNICATION_PAGE_SIZE}&page_index=0`,
        )
      : [],
    unread: (only) => [
      `/api/coproprietaires/${r.id}/get-messages?page_size=${MESSAGES_FIRST_PAGE_SIZE}&page_index=0&un_read_only=${only}`,
    ],
  }),
};

/**
 * The user setting a page's list waits for ('Afficher non lu', useUnreadFilter), read at once
 * beside the profile: `POST /api/user-settings/multi-settings` with that one key.
 */
const PAGE_SETTING: Record<string, UserSettingKey> = {
  notifications: 'only-unread-all-notification',
  'messages-communication': 'only_unread_all_message',
};
const SETTINGS_URL = '/api/user-settings/multi-settings';

/** The list's `un_read_only` from the setting's answer ('1' or '0'), or undefined without one. */
function unreadOnly(settings: unknown, key: UserSettingKey): '1' | '0' | undefined {
  if (!settings || typeof settings !== 'object') return undefined;
  return (settings as Record<string, string | null>)[key] === '1' ? '1' : '0';
}

/** A record's page: its id and the rest of its path (`home` for `/:id` and `/:id/`). */
const PAGE = new RegExp(`^/(${RECORD_ID})(?:/([^?#]*?))?/?$`, 'i');

/** The early reads of a record page once the list says which copropriété it is in. */
function pageUrls(page: string, record: RecordOfList): PageReads {
  const copro = record.coproprietes?.[0];
  // A disabled syndic's record shows its notice under the same header, whose counts it reads.
  if (!copro || copro.syndic_disable) return { urls: headerUrls(record.id) };
  if (page === 'home') return { urls: firstScreenUrls(record, copro) };
  const own = PAGE_READS[page]?.(record, copro);
  return { ...own, urls: [...headerUrls(record.id), ...(own?.urls ?? [])] };
}

/** The page of a record's path the entry reads ahead for (`home`, or a key of PAGE_READS), or undefined. */
export function pageReadAhead(path: string): string | undefined {
  const m = PAGE.exec(path);
  const page = m ? m[2] || 'home' : undefined;
  return page !== undefined && (page === 'home' || page in PAGE_READS) ? page : undefined;
}

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
