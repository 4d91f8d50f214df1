import { hasSyndicatPermission } from '@tantieme/contract';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../features/coproprietaire/queries';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { NotFound } from '../ui/NotFound';
import { SYNDIC_ALIAS_KEY, useSession, wipeLocalSession } from './session';

/** Paths after which a sign-in does not come back (SPEC §2.1 post-login redirect rule). */
export function isRedirectSkipped(path: string): boolean {
  return (
    path.startsWith('/m/') ||
    /^\/[^/]+\/invitations(\/|$)/.test(path) ||
    path.startsWith('/invitations') ||
    path.startsWith('/signature') ||
    path.startsWith('/syndic-preview')
  );
}

export function loginPath(alias: string | null | undefined) {
  return alias ? `/s/${encodeURIComponent(alias)}/login` : '/login';
}

/**
 * Route guard of SPEC §2.1: without a session, store the syndic alias of the route, clear
 * the session and go to /s/{alias}/login (or /login), remembering where the user was going.
 */
export function RequireAuth({
  children,
  phoneOptional = false,
}: {
  children: ReactNode;
  phoneOptional?: boolean;
}) {
  const { token, status, user } = useSession();
  const { syndic } = useParams();
  const location = useLocation();
  useEffect(() => {
    if (syndic) localStorage.setItem(SYNDIC_ALIAS_KEY, syndic);
  }, [syndic]);
  if (!token) {
    wipeLocalSession();
    const alias = syndic ?? localStorage.getItem(SYNDIC_ALIAS_KEY);
    const here = location.pathname + location.search;
    const isHome = here === '/' || /^\/s\/[^/]+\/?$/.test(here);
    const redirect =
      !isHome && !isRedirectSkipped(location.pathname) ? `?redirect=${encodeURIComponent(here)}` : '';
    return <Navigate to={loginPath(alias) + redirect} replace />;
  }
  if (status === 'loading') return <LoadingOverlay />;
  // SPEC §4 Startup: an account without e-mail or phone yet goes to /register (link_phone).
  // The console's staff sign in by e-mail: a phone is not asked of them.
  if (user && (!user.email || (!user.phone && !phoneOptional))) {
    const prefix = syndic ? `/s/${encodeURIComponent(syndic)}` : '';
    return <Navigate to={`${prefix}/register?mode=link_phone`} replace />;
  }
  return <>{children}</>;
}

/** Routes needing the IS_SYNDICAT permission (verification, carnet d'entretien, postals). */
export function RequireSyndicat({ children }: { children: ReactNode }) {
  const { record, isLoading } = useCurrentCoproprietaire();
  if (isLoading) return <LoadingOverlay />;
  if (!record || !hasSyndicatPermission(record)) return <NotFound />;
  return <>{children}</>;
}
