import { z } from 'zod';

/** What an e2e spec asks of its tenant (`POST /dev/tenants`), and what it gets back. */

export const tenantOwnerSchema = z.object({
  /** The spec's name for this co-owner ('paul'); the answer is keyed by it. */
  key: z.string().regex(/^[a-z][a-z0-9-]{0,30}$/),
  first_name: z.string().min(1).max(60).default('Camille'),
  last_name: z.string().min(1).max(60).default('Bernard'),
  /** 'M.' or 'Mme' before the name; by default read from the first name (`civilityOf`). */
  civility: z.enum(['mr', 'mrs']).optional(),
  /** Lot names, as the demo spells them ('Appartement B21', 'Cave C05'). */
  lots: z.array(z.string().min(1).max(60)).min(1).max(6).default(['Appartement A12']),
  /** Whether the first-sign-in onboarding is done (SPEC §2.15). */
  onboarded: z.boolean().default(true),
  /** The act of an active consent to electronic notification, or none. */
  consent: z.enum(['onboarding', 'settings', 'none']).default('onboarding'),
  /** Two quarterly calls open (412,50 € and 398,75 €), a settled quarter and an open 20 € credit. */
  owing: z.boolean().default(false),
  unread_notifications: z.number().int().min(0).max(30).default(0),
});

export const tenantSpecSchema = z.object({
  /** Whether the syndic takes card payments (a Stripe account is then recorded). */
  card_payments: z.boolean().default(true),
  owners: z.array(tenantOwnerSchema).min(1).max(8),
  /** The co-owner (by key) named syndic bénévole of the building: the console is theirs too. */
  benevole: z.string().optional(),
  /** Whether the syndic has an administrateur with an account (the console's staff side). */
  staff_admin: z.boolean().default(false),
});

export type TenantSpec = z.input<typeof tenantSpecSchema>;

export interface TenantOwner {
  user_id: string;
  email: string;
  /** A session token, as the sign-in answers it. */
  token: string;
  coproprietaire_id: string;
  /** Co-owner account number in the syndic's books: the syndic API's `coproprietaire`. */
  compte: string;
}

export interface Tenant {
  password: string;
  syndic: { id: string; alias: string; api_key: string };
  /** The building, with the syndic API's external ids of it and of its charges générales key. */
  copropriete: { id: string; name: string; external_id: string; charges_generales: string };
  owners: Record<string, TenantOwner>;
  /** The administrateur's e-mail (the tenant's password), when asked for. */
  staff_admin: { email: string } | null;
}

export const TENANT_PASSWORD = 'Tilleuls2024';

/** Men's first names (those of the e2e specs, and a few more); any other is a woman's, 'Camille' too. */
const MEN = new Set(['Paul', 'Marc', 'Jean', 'Pierre', 'Louis', 'Nicolas', 'Thomas', 'Yann']);

/** The civility an owner spec gets when it names none. */
export const civilityOf = (firstName: string): 'mr' | 'mrs' => (MEN.has(firstName) ? 'mr' : 'mrs');
