/** Public identity paths keeping the syndic alias and the invitation code (SPEC §2.9). */
export function authPath(
  page: 'login' | 'register' | 'forgot-password',
  alias?: string | null,
  code?: string | null,
) {
  const base = `${alias ? `/s/${encodeURIComponent(alias)}` : ''}/${page}`;
  return code ? `${base}?code=${encodeURIComponent(code)}` : base;
}

export const homePath = (alias?: string | null) => (alias ? `/s/${encodeURIComponent(alias)}` : '/');

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(r: string | null | undefined): string | null {
  if (!r || !r.startsWith('/') || r.startsWith('//') || r.startsWith('/\\')) return null;
  return r;
}
