/**
 * What each record page reads first, by the path's segment after the record's id: the URLs its
 * hooks ask, as the entry asks them ahead (app/early.ts). Constants and rules only: no zod here.
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
} from '@tantieme/contract';
import { PAGE } from './early-paths';

export interface CoproOfList {
  id: string;
  syndic_id?: string;
  syndic_disable?: boolean;
}

export interface RecordOfList extends MenuRecord {
  id: string;
  coproprietes?: CoproOfList[];
}

/** The header's two counts, on every page of a record (NotificationBell, MessageShortcut). */
const headerUrls = (id: string) => [
  `/api/coproprietaires/notifications/unread-count?coproprietaire_id=${id}`,
  `/api/coproprietaires/${id}/messages/unread-count`,
];

const readyUrl = (copro: CoproOfList) => `/api/finances/coproprietes/${copro.id}/check-stripe-ready`;
const generalUrl = (record: RecordOfList, copro: CoproOfList) =>
  `/api/finances/coproprietes/${copro.id}/coproprietaires/${record.id}/general`;

/** The first screen's reads of a record (its ids known from the list), as the hooks ask them. */
function firstScreenUrls(record: RecordOfList, copro: CoproOfList): string[] {
  const id = record.id;
  const c = copro.id;
  return [
    generalUrl(record, copro),
    `/api/coproprietaires/${c}/${id}/lots`,
    `/api/coproprietaires/coproprietes/${c}/syndic-info`,
    `/api/coproprietaires/coproprietes/${c}/administrators`,
    ...(record.is_member_syndicat
      ? [`/api/syndicat-verifications/coproprietes/${c}/verification-status`]
      : []),
    readyUrl(copro),
    ...headerUrls(id),
    ...(menuVisibility(record).assemblee
      ? [`/api/assemblee/coproprietes/${c}/coproprietaire/${id}/get-list-ag-available`]
      : []),
  ];
}

/**
 * 'Payez maintenant' (PayNowButton) reads the payable lines once the balance is owed and card
 * payment is ready, to show instead why nothing is to pay while a SEPA debit settles it all: asked
 * from the first answers, so the page asks nothing after it has painted.
 */
const payableNext =
  (record: RecordOfList, copro: CoproOfList, balanceUrl: string) => (answers: Map<string, unknown>) => {
    const solde = (answers.get(balanceUrl) as { solde?: number } | undefined)?.solde ?? 0;
    const ready = answers.get(readyUrl(copro)) as { ready?: boolean } | undefined;
    return solde > 0 && ready?.ready === true
      ? [`/api/finances/coproprietes/${copro.id}/coproprietaires/${record.id}/data-for-payment`]
      : [];
  };

/**
 * A record page's own first reads, as its hooks name them: `urls` at once, then `next` from the
 * answers of those (the document types name the documents' reads). Together with the header's
 * counts, in one request.
 */
export interface PageReads {
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
  'facture-v2': (r, c) => {
    const ledger = `/api/finances/coproprietes/${c.id}/coproprietaires/${r.id}/ledger`;
    return { urls: [ledger, readyUrl(c)], next: payableNext(r, c, ledger) };
  },
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
export const PAGE_SETTING: Record<string, UserSettingKey> = {
  notifications: 'only-unread-all-notification',
  'messages-communication': 'only_unread_all_message',
};
export const SETTINGS_URL = '/api/user-settings/multi-settings';

/** The list's `un_read_only` from the setting's answer ('1' or '0'), or undefined without one. */
export function unreadOnly(settings: unknown, key: UserSettingKey): '1' | '0' | undefined {
  if (!settings || typeof settings !== 'object') return undefined;
  return (settings as Record<string, string | null>)[key] === '1' ? '1' : '0';
}

/** The early reads of a record page once the list says which copropriété it is in. */
export function pageUrls(page: string, record: RecordOfList): PageReads {
  const copro = record.coproprietes?.[0];
  // A disabled syndic's record shows its notice under the same header, whose counts it reads.
  if (!copro || copro.syndic_disable) return { urls: headerUrls(record.id) };
  if (page === 'home')
    return {
      urls: firstScreenUrls(record, copro),
      next: payableNext(record, copro, generalUrl(record, copro)),
    };
  const own = PAGE_READS[page]?.(record, copro);
  return { ...own, urls: [...headerUrls(record.id), ...(own?.urls ?? [])] };
}

/** The page of a record's path the entry reads ahead for (`home`, or a key of PAGE_READS), or undefined. */
export function pageReadAhead(path: string): string | undefined {
  const m = PAGE.exec(path);
  const page = m ? m[2] || 'home' : undefined;
  return page !== undefined && (page === 'home' || page in PAGE_READS) ? page : undefined;
}
