/** The mark of index.html's placeholder (what a page shows until the application has rendered). */
const BOOT_PLACEHOLDER = 'data-boot-placeholder';

/**
 * Whether the page came rendered by the build (/login, scripts/prerender.mjs): React then takes
 * over its HTML (hydration). Every other page holds only the placeholder, which React replaces.
 */
export function isPrerendered(root: HTMLElement | null): boolean {
  const first = root?.firstElementChild;
  return !!first && !first.hasAttribute(BOOT_PLACEHOLDER);
}
