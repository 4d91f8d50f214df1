import { safeRedirect } from '../auth/paths';

/**
 * The first onboarding step, keeping the page asked for (a link from a notification e-mail) in
 * `redirect` so that the last step leads there rather than to the home page.
 */
export function onboardingStart(recordId: string, pathname: string, search = ''): string {
  const start = `/${recordId}/init-profiles`;
  if (pathname === `/${recordId}/home` || pathname === `/${recordId}`) return start;
  return `${start}?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Where an onboarding step leads next, the kept `redirect` carried along. */
export function onboardingNext(path: string, search: string): string {
  const target = safeRedirect(new URLSearchParams(search).get('redirect'));
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}

/** Where the finished onboarding leads: the page first asked for, else the record's home. */
export function onboardingEnd(recordId: string, search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect')) ?? `/${recordId}/home`;
}
