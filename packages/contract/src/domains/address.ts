import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';

/** Address from the autocomplete (SPEC §3 "Address (from a maps autocomplete)"). */
export const addressResultSchema = z.object({
  full_address: z.string().max(300),
  number: z.string().max(20).nullable(),
  street: z.string().max(200).nullable(),
  city: z.string().max(120).nullable(),
  /** Short country code; the search is restricted to France (SPEC §5). */
  country: z.string().max(2),
  zip_code: z.string().max(10).nullable(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type AddressResult = z.infer<typeof addressResultSchema>;

/**
 * An address as a form stores it: a chosen suggestion (with its point), or, when the search
 * service is unreachable, the text typed in the plain input (no point).
 */
export const addressValueSchema = addressResultSchema.extend({
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});
export type AddressValue = z.infer<typeof addressValueSchema>;

/** The plain-text fallback value (SPEC §2.22 address input offline). */
export const manualAddress = (text: string): AddressValue | null =>
  text.trim()
    ? {
        full_address: text.trim().slice(0, 300),
        number: null,
        street: null,
        city: null,
        country: 'FR',
        zip_code: null,
        latitude: null,
        longitude: null,
      }
    : null;

export const ADDRESS_SEARCH_MIN_LENGTH = 3;
export const ADDRESS_SEARCH_LIMIT = 6;

export const addressEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/address/search',
    summary:
      'Address autocomplete (France, type address) through the Base Adresse Nationale; 503 when it is unreachable',
    tags: ['address'],
    query: z.object({
      q: z.string().trim().min(ADDRESS_SEARCH_MIN_LENGTH).max(200),
    }),
    response: okEnvelope(z.array(addressResultSchema)),
  }),
};

/** A GeoJSON feature of the Base Adresse Nationale `/search/` answer (the fields we read). */
export interface BanFeature {
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: {
    label?: string;
    housenumber?: string;
    street?: string;
    name?: string;
    postcode?: string;
    city?: string;
  } | null;
}

/**
 * Maps one feature to SPEC §3 Address; null without a point geometry (SPEC §5: an address is
 * accepted only if the chosen place has geometry).
 */
export function banFeatureToAddress(f: BanFeature): AddressResult | null {
  const c = f.geometry?.coordinates;
  if (!Array.isArray(c) || c.length < 2) return null;
  const [lon, lat] = c as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat))
    return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const p = f.properties ?? {};
  const label = (p.label ?? '').trim();
  if (!label) return null;
  return {
    full_address: label.slice(0, 300),
    number: p.housenumber ?? null,
    street: p.street ?? p.name ?? null,
    city: p.city ?? null,
    country: 'FR',
    zip_code: p.postcode ?? null,
    latitude: lat,
    longitude: lon,
  };
}
