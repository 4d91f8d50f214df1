import {
  COMMUNICATION_PAGE_SIZE,
  type Communication,
  communicationEndpoints as ce,
  type CoproprietaireSummary,
  DOCUMENTS_PAGE_SIZE,
  documentEndpoints as de,
  documentSearchEndpoints as dse,
  INVOICE_PAGE_SIZE,
  invoiceEndpoints as ie,
  ApiError,
  checklistEndpoints,
} from '@tantieme/contract';
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { api } from '../../api';
import { useCurrentCoproprietaire } from '../coproprietaire/queries';
import { usePreviewRecord } from '../synthese/queries';

/** A refused call (404: §6 scope, decided by the server) is not retried. */
const retryUnlessRefused = (count: number, e: unknown) =>
  count < 1 && !(e instanceof ApiError && e.status === 404);

/** The record the page is about: the route's own record, or the syndic preview's (read-only). */
export function useDocRecord(): {
  record: CoproprietaireSummary | null;
  isLoading: boolean;
  preview: boolean;
} {
  const { coproId } = useParams();
  const preview = useLocation().pathname.startsWith('/syndic-preview/');
  const own = useCurrentCoproprietaire();
  const pv = usePreviewRecord(coproId, preview);
  return preview
    ? { record: pv.data ?? null, isLoading: pv.isLoading, preview }
    : { record: own.record, isLoading: own.isLoading, preview };
}

export function useDocumentTypes() {
  return useQuery({
    queryKey: ['documents', 'types'],
    queryFn: () => api.call(de.types),
    staleTime: 300_000,
  });
}

/** One section of 'Mes documents' per type (page size 200, page_state paging). */
export function useOwnDocuments(recordId: string | undefined, types: string[]) {
  return useQueries({
    queries: types.map((type) => ({
      queryKey: ['documents', 'own', recordId, type],
      enabled: !!recordId,
      queryFn: async () => {
        const all = [];
        let state: string | undefined;
        do {
          const page = await api.call(de.ownByType, {
            params: { coproId: recordId!, type },
            query: { page_size: DOCUMENTS_PAGE_SIZE, page_state: state },
          });
          all.push(...page.data);
          state = page.page_state ?? undefined;
        } while (state);
        return all;
      },
    })),
  });
}

export function useCoproDocuments(coproprieteId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['documents', 'copro', coproprieteId],
    enabled: !!coproprieteId && enabled,
    retry: retryUnlessRefused,
    queryFn: () => api.call(de.coproDocuments, { body: { copro_ids: [coproprieteId!] } }),
  });
}

export function useSyndicDocuments(syndicId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['documents', 'syndic', syndicId],
    enabled: !!syndicId && enabled,
    retry: retryUnlessRefused,
    queryFn: () => api.call(de.syndicDocuments, { body: { syndic_ids: [syndicId!] } }),
  });
}

export interface InvoiceTarget {
  syndicId: string;
  coproprieteId: string;
}

/** SPEC §4 Invoice list: pages of 30; a further page is offered when the last page was full. */
export function useInvoices(t: InvoiceTarget | null) {
  return useInfiniteQuery({
    queryKey: ['invoices', t?.coproprieteId],
    enabled: !!t,
    retry: retryUnlessRefused,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.call(ie.list, { params: t!, query: { page_size: INVOICE_PAGE_SIZE, page_index: pageParam } }),
    getNextPageParam: (last, pages) =>
      last.length === INVOICE_PAGE_SIZE ? pages.reduce((s, p) => s + p.length, 0) : undefined,
  });
}

export function useInvoiceDetail(syndicId: string | undefined, invoiceId: string | null) {
  return useQuery({
    queryKey: ['invoices', 'detail', invoiceId],
    enabled: !!syndicId && !!invoiceId,
    queryFn: () => api.call(ie.detail, { params: { syndicId: syndicId!, invoiceId: invoiceId! } }),
  });
}

export function useEcritures(coproprieteId: string | undefined, invoiceId: string | null) {
  return useQuery({
    queryKey: ['invoices', 'ecritures', invoiceId],
    enabled: !!coproprieteId && !!invoiceId,
    queryFn: () =>
      api.call(ie.ecritures, { params: { coproprieteId: coproprieteId!, invoiceId: invoiceId! } }),
  });
}

export function useLotShares(coproprieteId: string | undefined, ecritureIds: string[], lotIds: string[]) {
  return useQuery({
    queryKey: ['invoices', 'shares', coproprieteId, ecritureIds.join(','), lotIds.join(',')],
    enabled: !!coproprieteId && ecritureIds.length > 0,
    queryFn: () =>
      api.call(ie.lotShares, {
        params: { coproprieteId: coproprieteId! },
        body: { ecriture_ids: ecritureIds, lot_ids: lotIds },
      }),
  });
}

/**
 * The record's letters, e-mails and SMS (the three calls of page size 100), merged newest
 * first. Postal letters only for council members (IS_SYNDICAT).
 */
export function useCommunications(record: CoproprietaireSummary | null) {
  const syndicId = record?.coproprietes[0]?.syndic_id;
  const methods = ['postal', 'email', 'sms'] as const;
  return useInfiniteQuery({
    queryKey: ['communications', record?.id],
    enabled: !!record && !!syndicId,
    // The page asks for them and its table, mounting once the messages are there, reads the
    // same query: without this it asked the three lists again (Lighthouse's network log).
    staleTime: 30_000,
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      // Postal letters are for council members (IS_SYNDICAT): the server answers 404 to the others.
      const empty = { total: 0, data: [] as Communication[] };
      const pages = await Promise.all(
        methods.map((m) =>
          api
            .call(ce[m], {
              query: {
                syndic_id: syndicId!,
                coproprietaire_id: record!.id,
                page_size: COMMUNICATION_PAGE_SIZE,
                page_index: pageParam,
              },
            })
            .catch((e) => {
              if (m === 'postal' && e instanceof ApiError && e.status === 404) return empty;
              throw e;
            }),
        ),
      );
      const data: Communication[] = pages
        .flatMap((p) => p.data)
        .sort((a, b) => b.created_date.localeCompare(a.created_date));
      const more = pages.some((p) => pageParam + COMMUNICATION_PAGE_SIZE < p.total);
      return { data, more, next: pageParam + COMMUNICATION_PAGE_SIZE };
    },
    getNextPageParam: (last) => (last.more ? last.next : undefined),
  });
}

/** The décret 2019-502 checklist of the record's copropriété (council members; 404 otherwise). */
export function useChecklist(recordId: string | undefined) {
  return useQuery({
    queryKey: ['documents', 'checklist', recordId],
    enabled: !!recordId,
    queryFn: () => api.call(checklistEndpoints.forCouncil, { params: { coproId: recordId! } }),
    retry: retryUnlessRefused,
  });
}

/** Documents found: every document the record may see, by words, year and kind (server-side). */
export function useDocumentSearch(
  recordId: string | undefined,
  query: { q: string; year: number | null; type: string | null },
) {
  return useQuery({
    queryKey: ['documents', 'search', recordId, query],
    enabled: !!recordId,
    placeholderData: (prev) => prev,
    queryFn: () =>
      api.call(dse.search, {
        params: { coproId: recordId! },
        query: {
          ...(query.q ? { q: query.q } : {}),
          ...(query.year ? { year: query.year } : {}),
          ...(query.type ? { type: query.type } : {}),
        },
      }),
    retry: retryUnlessRefused,
  });
}
