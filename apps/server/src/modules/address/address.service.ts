import {
  ADDRESS_SEARCH_LIMIT,
  type AddressResult,
  type BanFeature,
  banFeatureToAddress,
} from '@tantieme/contract';
import { AppError } from '../../http/errors.js';

const TIMEOUT_MS = 3000;

/**
 * Address autocomplete through the Base Adresse Nationale (`GET {base}/search/?q=…`), France
 * only by nature, house numbers only (SPEC §5 "type address"). Places without a point
 * geometry are dropped. An unreachable or failing service is SERVICE_UNAVAILABLE (503), on
 * which the screen falls back to a plain text input.
 */
export async function searchAddresses(
  baseUrl: string | undefined,
  q: string,
  fetchImpl: typeof fetch = fetch,
): Promise<AddressResult[]> {
  if (!baseUrl) throw new AppError('SERVICE_UNAVAILABLE');
  const url = new URL('search/', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('q', q);
  url.searchParams.set('type', 'housenumber');
  url.searchParams.set('autocomplete', '1');
  url.searchParams.set('limit', String(ADDRESS_SEARCH_LIMIT));
  let body: unknown;
  try {
    const res = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`address service answered ${res.status}`);
    body = await res.json();
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) throw new AppError('SERVICE_UNAVAILABLE');
  const out: AddressResult[] = [];
  for (const f of features as BanFeature[]) {
    const a = f && typeof f === 'object' ? banFeatureToAddress(f) : null;
    if (a) out.push(a);
    if (out.length >= ADDRESS_SEARCH_LIMIT) break;
  }
  return out;
}
