import { coproprietaireEndpoints, identityEndpoints, menuVisibility } from '@tantieme/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { isRecordHome } from './early';
import { syntheseQueries } from '../features/synthese/queries';
import { assembleesQuery } from '../features/assemblees/queries';
import { coproprietairesKey } from '../features/coproprietaire/queries';
import { unreadQueries } from '../features/notifications/queries';
import { stripeReadyQuery } from '../features/payments/queries';

/**
 * A signed-in page opened from its URL would otherwise be a waterfall: entry → profile (the guard
 * waits) → layout chunk → record list → page chunk → the page's data. Here everything starts at
 * once: the profile and the record list with the entry, the layout and page chunks (from the
 * entry, main.tsx) in parallel, and 'Ma synthèse's data as soon as the list says which
 * copropriété the record is in.
 * Same keys and fetches as the hooks, so they find the answers (or the requests) already there.
 */
export function preloadSignedIn(qc: QueryClient, token: string, path: string) {
  const m = /^\/([0-9a-f-]{36})(\/[^?#]*)?$/i.exec(path);
  if (!m) return;
  const [, id] = m;
  void qc.prefetchQuery({
    queryKey: ['profile', token],
    queryFn: () => api.call(identityEndpoints.profile),
    staleTime: 60_000,
  });
  // The layout's and page's chunks are started by the entry (main.tsx).
  const home = isRecordHome(path);
  void qc
    .fetchQuery({
      queryKey: coproprietairesKey,
      queryFn: () => api.call(coproprietaireEndpoints.all),
      staleTime: 30_000,
    })
    .then((list) => {
      const record = list.find((r) => r.id === id);
      const coproId = record?.coproprietes[0]?.id;
      if (!home || !record || !coproId || record.coproprietes[0]?.syndic_disable) return;
      // Every query the first screen waits for (synthese PhoneFirst `useFirstScreenSettled`), so
      // none starts only once the page has mounted: one round trip after the list, not two.
      for (const q of [
        syntheseQueries.general(coproId, id),
        syntheseQueries.lots(coproId, id),
        syntheseQueries.syndicInfo(coproId),
        syntheseQueries.administrators(coproId),
        record.is_member_syndicat && syntheseQueries.verificationStatus(coproId),
        stripeReadyQuery(coproId),
        unreadQueries.notifications(id),
        unreadQueries.messages(id),
        menuVisibility(record).assemblee && assembleesQuery({ coproId, id }),
      ])
        if (q) void qc.prefetchQuery(q as never);
    })
    .catch(() => {
      // The hooks fetch again and show the error.
    });
}
