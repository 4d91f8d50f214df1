import {
  ApiError,
  identityEndpoints,
  STORAGE_KEYS,
  USER_FETCH_RETRY_DELAY_MS,
  type User,
} from '@tantieme/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearOfflineData } from '../features/install/offline';
import { api, getToken, setToken } from '../api';

interface Session {
  token: string | null;
  user: User | null;
  /** 'anonymous' without a token; 'loading' while the profile loads; 'ready' once known. */
  status: 'anonymous' | 'loading' | 'ready';
  signIn(token: string, user?: User): void;
  signOut(): Promise<void>;
  refreshUser(): Promise<unknown>;
}

const SessionContext = createContext<Session | null>(null);

const ACCOUNT_NOT_FOUND_TEXT = 'Account is not found';

export const SYNDIC_ALIAS_KEY = 'SYNDIC_ALIAS';

/** Clears everything SPEC §4 Logout clears, on this device. */
export function wipeLocalSession() {
  const alias = localStorage.getItem(SYNDIC_ALIAS_KEY);
  localStorage.clear();
  sessionStorage.removeItem(STORAGE_KEYS.SPT);
  clearOfflineData();
  // The syndic alias survives so the visitor lands on their syndic's login page.
  if (alias) localStorage.setItem(SYNDIC_ALIAS_KEY, alias);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [token, setTokenState] = useState<string | null>(() => getToken());

  const profile = useQuery({
    queryKey: ['profile', token],
    enabled: !!token,
    queryFn: () => api.call(identityEndpoints.profile),
    // SPEC §4 Startup: retried once after 3 s; a missing account then logs out.
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status === 401),
    retryDelay: USER_FETCH_RETRY_DELAY_MS,
    staleTime: 60_000,
  });

  const signIn = useCallback(
    (t: string, user?: User) => {
      setToken(t);
      setTokenState(t);
      if (user) qc.setQueryData(['profile', t], user);
    },
    [qc],
  );

  const signOut = useCallback(async () => {
    // SPEC §4 Logout: unregister and delete the device push token if one is stored.
    const device = localStorage.getItem(STORAGE_KEYS.DEVICE_TOKEN);
    const bearer = getToken();
    if (device) {
      try {
        const reg = await navigator.serviceWorker?.getRegistration();
        await (await reg?.pushManager.getSubscription())?.unsubscribe();
      } catch {
        // No push subscription to remove.
      }
      try {
        await fetch(`/api/coproprietaires/notifications/device-tokens/${encodeURIComponent(device)}`, {
          method: 'DELETE',
          headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        });
      } catch {
        // Best effort: the server forgets devices of revoked sessions anyway.
      }
    }
    try {
      if (bearer) await api.call(identityEndpoints.logout);
    } catch {
      // The session is wiped locally whatever the server says.
    }
    wipeLocalSession();
    setTokenState(null);
    qc.clear();
  }, [qc]);

  // SPEC §4 Startup: after the retry, 'Account is not found' (or a dead session) logs out.
  const accountMissing =
    profile.isError &&
    profile.error instanceof ApiError &&
    ([401, 404].includes(profile.error.status) || profile.error.message.includes(ACCOUNT_NOT_FOUND_TEXT));
  useEffect(() => {
    if (accountMissing && token) {
      wipeLocalSession();
      setTokenState(null);
      qc.clear();
    }
  }, [accountMissing, token, qc]);

  const value = useMemo<Session>(
    () => ({
      token,
      user: profile.data ?? null,
      status: !token ? 'anonymous' : profile.data ? 'ready' : 'loading',
      signIn,
      signOut,
      refreshUser: () => profile.refetch(),
    }),
    [token, profile.data, profile.refetch, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
