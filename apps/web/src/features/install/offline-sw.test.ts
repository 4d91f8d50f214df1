import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The worker's offline decisions (public/sw.js): which requests it serves, and how. */
interface Sw {
  kindOf(method: string, url: string, mode: string, origin: string): string | null;
  readKey(origin: string, user: string, url: string): string;
}
const ORIGIN = 'https://app.tantieme.fr';
const sw = (() => {
  const src = readFileSync(new URL('../../../public/sw.js', import.meta.url), 'utf8');
  const self: Record<string, unknown> = { addEventListener: () => {}, location: { origin: ORIGIN } };
  new Function('self', src)(self);
  return self.TantiemeSw as Sw;
})();

const R = '5fe3e5da-15b1-46e4-8f03-769d05c28779';
const C = '8b4ac3e1-2919-4c92-8304-ff9a73eb2670';

describe('offline reading in the service worker', () => {
  it.each([
    ['GET', `/api/finances/coproprietes/${C}/coproprietaires/${R}/ledger`, 'cors', 'read'],
    ['GET', `/api/documents/${R}/types/PV_AG?page_size=200`, 'cors', 'read'],
    ['GET', `/api/assemblee/coproprietes/${C}/coproprietaire/${R}/get-list-ag-available`, 'cors', 'read'],
    ['GET', `/api/assemblee/${C}/coproprietes/${C}/coproprietaire/${R}/resolutions`, 'cors', 'read'],
    ['GET', '/api/coproprietaires/all', 'cors', 'read'],
    // The dashboard: the balance and pay button, the lots, the budgets, the syndic.
    ['GET', `/api/finances/coproprietes/${C}/coproprietaires/${R}/general`, 'cors', 'read'],
    ['GET', `/api/finances/coproprietes/${C}/coproprietaires/${R}/transactions`, 'cors', 'read'],
    ['GET', `/api/finances/coproprietes/${C}/budget-fonctionnement`, 'cors', 'read'],
    ['GET', `/api/coproprietaires/${C}/${R}/lots`, 'cors', 'read'],
    ['GET', `/api/coproprietaires/coproprietes/${C}/syndic-info`, 'cors', 'read'],
    ['GET', `/api/syndicat-verifications/coproprietes/${C}/verification-status`, 'cors', 'read'],
    ['POST', '/api/reads', 'cors', 'reads'],
    // Not kept: payments, writes, the chat, another origin, the syndic's preview.
    ['GET', `/api/finances/coproprietaires/${R}/payment-transactions`, 'cors', null],
    [
      'POST',
      `/api/assemblee/${C}/coproprietes/${C}/coproprietaire/${R}/resolution/vote-internet`,
      'cors',
      null,
    ],
    ['GET', `/api/coproprietaires/${R}/chat/unseen`, 'cors', null],
    ['GET', 'https://js.stripe.com/v3/', 'no-cors', null],
    ['GET', `/syndic-preview/${R}/home`, 'navigate', null],
    ['GET', `/${R}/facture-v2`, 'navigate', 'page'],
    ['GET', '/files/syndic/pv.pdf?e=1&s=2', 'navigate', null],
    ['GET', '/assets/boot-abc123.js', 'no-cors', 'asset'],
    ['GET', '/manifest.webmanifest', 'no-cors', 'asset'],
    ['GET', '/files/syndic/x.pdf?e=1&s=2', 'no-cors', null],
  ])('%s %s is %s', (method, url, mode, kind) => {
    expect(sw.kindOf(method, new URL(url, ORIGIN).href, mode, ORIGIN)).toBe(kind);
  });

  it("keeps a read under the user's key: another user's token never finds it", () => {
    const url = `${ORIGIN}/api/documents/${R}/types/PV_AG?page_size=200`;
    expect(sw.readKey(ORIGIN, 'aaaa', url)).toBe(
      `${ORIGIN}/__offline/aaaa/api/documents/${R}/types/PV_AG?page_size=200`,
    );
    expect(sw.readKey(ORIGIN, 'bbbb', url)).not.toBe(sw.readKey(ORIGIN, 'aaaa', url));
  });
});
