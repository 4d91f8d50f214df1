import { z } from 'zod';
import { REPARTITION_KINDS } from '../rules/art26Key.js';
import { externalIdField, syndicText } from './syndicApi.js';

/** Portfolio resources of the syndic API: each PUT body, and the same with `external_id` in bulk. */

const text = syndicText;
/** Optional text: null when absent (an empty string is refused, so what is sent reads back the same). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'Valeur vide : envoyez null ou omettez le champ.' })
    .max(max)
    .nullable()
    .default(null);
const emailOrNull = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: "Mauvaise syntaxe d'e-mail." })
  .nullable()
  .default(null);
const cents = z.number().int({ error: 'Montant en centimes (entier).' }).min(-1e11).max(1e11);

export const syndicAddressSchema = z.object({
  full_address: text(300),
  street: optionalText(200),
  zip_code: optionalText(10),
  city: optionalText(100),
  country: optionalText(60),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
});

const flag = z.enum(['0', '1'], { error: "'0' ou '1'." });
const scope = z.string().regex(/^[0-9]{1,2}$/, { error: "Portée '1', '2', '3' ou '4' (SPEC §6)." });
/** copro_settings of SPEC §3 / §6: show_* flags '0'/'1' and *_scope '1'–'4'. */
export const syndicCoproSettingsSchema = z
  .object({
    show_invoice: flag,
    show_invoice_scope: scope,
    show_invoice_status: flag,
    show_invoice_status_scope: scope,
    show_copro_document: flag,
    show_copro_document_scope: scope,
    show_syndic_document: flag,
    show_syndic_document_scope: scope,
    show_releves_bancaires: flag,
    show_releves_bancaires_scope: scope,
    show_releves_bancaires_rad: z.record(z.string().max(50), z.string().max(50)),
    show_assemblee_function: z.boolean(),
  })
  .partial()
  .strict();

export const coproprieteBody = z.object({
  name: text(200),
  address: syndicAddressSchema,
  email: emailOrNull,
  phone: optionalText(30),
  settings: syndicCoproSettingsSchema.default({}),
  /** Fonds Alur (fonds de travaux) and avance de trésorerie balances, cents. */
  alur_cents: cents.default(0),
  avance_cents: cents.default(0),
  /** Gestionnaires of the building, by their external_id (PUT /administrators first). */
  administrators: z.array(externalIdField).max(20).default([]),
});
export type CoproprieteBody = z.output<typeof coproprieteBody>;
export const coproprieteItem = coproprieteBody.extend({ external_id: externalIdField });
export const coproprieteResource = coproprieteItem.extend({ id: z.string() });

const civility = z.enum(['mr', 'mrs', 'mr_and_mrs', 'mr_or_mrs']).nullable().default(null);
const phone = z
  .string()
  .trim()
  .min(4)
  .max(30)
  .regex(/^[+0-9 ().-]+$/, { error: 'Numéro de téléphone invalide' });

/** The syndic itself (SPEC §3 Syndic logo info, §1 branding by alias). */
export const syndicProfileBody = z.object({
  name: text(200),
  /** The address of the syndic's pages: /s/{alias}. */
  alias: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, {
      error: 'Minuscules, chiffres et tirets (ex. lefevre-immo).',
    }),
  address: z
    .object({ street1: optionalText(200), zip_code: optionalText(10), city: optionalText(100) })
    .nullable()
    .default(null),
  email: emailOrNull,
  phone: optionalText(30),
  /** true: the product's branding instead of the syndic's logo. */
  use_default_branding: z.boolean().default(false),
  contacts: z
    .array(
      z.object({
        first_name: optionalText(100),
        last_name: optionalText(100),
        email: emailOrNull,
        tel_fixed: optionalText(30),
        tel_mobile: optionalText(30),
      }),
    )
    .max(20)
    .default([]),
  /** Card payments: the Stripe Connect account (acct_…) and whether they are on. */
  card_payments: z
    .object({
      stripe_account_id: z
        .string()
        .regex(/^acct_[A-Za-z0-9]{4,60}$/, { error: 'Identifiant de compte Stripe invalide (acct_…).' })
        .nullable()
        .default(null),
      active: z.boolean().default(false),
    })
    .default({ stripe_account_id: null, active: false }),
});
export type SyndicProfileBody = z.output<typeof syndicProfileBody>;
export const syndicProfile = syndicProfileBody.extend({ id: z.string(), logo_url: z.string().nullable() });

/** A gestionnaire or other staff member of the syndic. */
export const administratorBody = z.object({
  first_name: optionalText(100),
  last_name: text(100),
  display_name: optionalText(200),
  role: z
    .enum(['administrateur', 'gestionnaire', 'comptable', 'assistant', 'direction'])
    .default('gestionnaire'),
  emails: z
    .array(
      z.object({
        value: z
          .string()
          .trim()
          .max(254)
          .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: "Mauvaise syntaxe d'e-mail." }),
      }),
    )
    .max(5)
    .default([]),
  phones: z
    .array(z.object({ value: phone, type: z.enum(['mobile', 'fixed']) }))
    .max(5)
    .default([]),
});
export type AdministratorBody = z.output<typeof administratorBody>;
export const administratorItem = administratorBody.extend({ external_id: externalIdField });
export const administratorResource = administratorItem.extend({ id: z.string() });

/** A lot of a copropriété (its number in the règlement, name, type). */
export const lotBody = z.object({
  copropriete: externalIdField,
  number: text(30),
  name: text(200),
  type_name: text(60).default('Autre'),
  /** 'RDC', '2', 'Sous-sol'…; null when not said. */
  floor: optionalText(30),
});
export type LotBody = z.output<typeof lotBody>;
export const lotItem = lotBody.extend({ external_id: externalIdField });
export const lotResource = lotItem.extend({ id: z.string() });

/** A clé de répartition with each lot's tantièmes. */
export const repartitionBody = z.object({
  copropriete: externalIdField,
  code: text(30),
  name: text(200),
  total_tantieme: z.number().int().min(1).max(1_000_000_000),
  /** Charges générales, charges spéciales (loi art. 10) or parties communes spéciales (art. 6-2): art. 26 needs the first or the last. */
  kind: z.enum(REPARTITION_KINDS).default('charges_speciales'),
  tantiemes: z
    .array(z.object({ lot: externalIdField, tantieme: z.number().int().min(0).max(1_000_000_000) }))
    .max(5000)
    .default([]),
});
export type RepartitionBody = z.output<typeof repartitionBody>;
export const repartitionItem = repartitionBody.extend({ external_id: externalIdField });
export const repartitionResource = repartitionItem.extend({ id: z.string() });

const person = z.object({ civility, first_name: optionalText(100), last_name: optionalText(100) });
export const coproprietaireBody = z.object({
  copropriete: externalIdField,
  civility,
  first_name: optionalText(100),
  last_name: optionalText(100),
  /** A company or SCI owner. */
  company: optionalText(200),
  address: syndicAddressSchema.nullable().default(null),
  contacts: z
    .array(
      person.extend({
        company: optionalText(200),
        addresses: z
          .array(z.object({ full_address: text(300), additional_address: optionalText(200) }))
          .max(5)
          .default([]),
        emails: z
          .array(
            z.object({
              value: z
                .string()
                .trim()
                .max(254)
                .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: "Mauvaise syntaxe d'e-mail." }),
            }),
          )
          .max(5)
          .default([]),
        phones: z
          .array(z.object({ value: phone }))
          .max(5)
          .default([]),
      }),
    )
    .max(10)
    .default([]),
  /** Other people of the record (spouse, co-indivisaires). */
  members: z.array(person).max(10).default([]),
  is_member_syndicat: z.boolean().default(false),
  is_president: z.boolean().default(false),
  /** The lots the co-owner holds, by external_id; a lot left out is detached (history kept). */
  lots: z.array(externalIdField).max(500).default([]),
});
export type CoproprietaireBody = z.output<typeof coproprietaireBody>;
export const coproprietaireItem = coproprietaireBody.extend({ external_id: externalIdField });
export const coproprietaireResource = coproprietaireItem.extend({
  id: z.string(),
  /** Whether a user account holds the record (never the account itself). */
  attached: z.boolean(),
  removed_at: z.string().nullable(),
});

/** What a removal did: the record is kept with its history (ledger, documents, votes). */
export const removalResult = z.object({
  external_id: z.string(),
  id: z.string(),
  lots_detached: z.array(z.string()),
  /** Whether a user account still holds the record (it keeps reading the history). */
  user_attached: z.boolean(),
  removed_at: z.string(),
  kept: z.object({ ledger_lines: z.number().int(), invitations: z.number().int() }),
});
