import { z } from 'zod';

/**
 * What an e2e spec asks of its tenant (`POST /dev/tenants`), and what it gets back: the one
 * definition, which the e2e suite's tenant fixture imports (e2e/tests/tenant.fixture.ts).
 */

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
  /**
   * A member of the building's conseil syndical, who answers the supplier invoices the syndic
   * submits (loi art. 21) and, the building's invoices being the council's, sees them.
   */
  conseil_syndical_factures: z.boolean().default(false),
  /** A SEPA mandate saved for the appels de fonds (FR76 •••• 0189), as the demo's Paul has. */
  mandat_sepa: z.boolean().default(false),
});

export const tenantSpecSchema = z.object({
  /** Whether the syndic takes card payments (a Stripe account is then recorded). */
  card_payments: z.boolean().default(true),
  owners: z.array(tenantOwnerSchema).min(1).max(8),
  /** The co-owner (by key) named syndic bénévole of the building: the console is theirs too. */
  benevole: z.string().optional(),
  /** An exercice of the current year with this budget voted on the charges générales, cents. */
  budget_cents: z.number().int().min(1).max(1_000_000_000).optional(),
  /**
   * Staff accounts for the console (/gestion): an administrateur (`console` in the answer) and
   * the syndic's gestionnaire, Sophie Garnier (`gestionnaire`), both with `password`.
   */
  console: z.boolean().default(false),
  /** Signalements of the building (in the hall), each by an owner's key, with who said « moi aussi ». */
  signalements: z
    .array(
      z.object({
        author: z.string(),
        title: z.string().min(1).max(120),
        supporters: z.array(z.string()).default([]),
      }),
    )
    .max(10)
    .default([]),
  /**
   * The demo's resolved lift report (« L'ascenseur du bâtiment A est bloqué au 3e étage »), filed
   * by this owner (key), its history closed by the syndic and linked to the carnet's works.
   */
  signalement_ascenseur_resolu: z.string().optional(),
  /**
   * The building's next annual assembly, convened for three weeks on with a short agenda, open
   * to online votes and proxies; `pouvoir`: a proxy already given online (owner keys), with an
   * instruction 'Pour' on the first resolution, not yet accepted.
   */
  ag_convoquee: z
    .object({ pouvoir: z.object({ mandant: z.string(), mandataire: z.string() }).optional() })
    .optional(),
});

export type TenantSpec = z.input<typeof tenantSpecSchema>;
/** The spec with its defaults filled in, as `buildTenant` reads it. */
export type TenantSpecParsed = z.output<typeof tenantSpecSchema>;
export type TenantOwnerSpec = z.input<typeof tenantOwnerSchema>;

export interface TenantOwner {
  user_id: string;
  email: string;
  /** A session token, as the sign-in answers it. */
  token: string;
  coproprietaire_id: string;
  /** Co-owner account number in the syndic's books: the syndic API's `coproprietaire`. */
  compte: string;
  /** The payment reference printed on their appels (what a transfer names). */
  reference: string;
}

export interface Tenant {
  password: string;
  syndic: { id: string; alias: string; api_key: string };
  /** The building, with the syndic API's external ids of it and of its charges générales key. */
  copropriete: { id: string; name: string; external_id: string; charges_generales: string };
  owners: Record<string, TenantOwner>;
  /** The gestionnaire's console account, when the spec asked for it. */
  gestionnaire: { email: string; token: string } | null;
  /** The signalements asked for, by title. */
  signalements: Record<string, string>;
  /** The console's administrateur (spec `console`), who signs in with `password`. */
  console: { email: string } | null;
}

export const TENANT_PASSWORD = 'Tilleuls2024';

/** Men's first names (those of the e2e specs, and a few more); any other is a woman's, 'Camille' too. */
const MEN = new Set(['Paul', 'Marc', 'Jean', 'Pierre', 'Louis', 'Nicolas', 'Thomas', 'Yann']);

/** The civility an owner spec gets when it names none. */
export const civilityOf = (firstName: string): 'mr' | 'mrs' => (MEN.has(firstName) ? 'mr' : 'mrs');
