import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { EMAIL_PATTERN, msg, idField } from '../fields.js';
import { toE164 } from '../rules/phone.js';
import { addressValueSchema } from './address.js';
import { PENDING_ATTACH_SETTING_KEY } from './coproprietaire.js';

/**
 * Setting keys (SPEC §3 User settings), whitelisted. The four choices of onboarding and of
 * 'Configuration' belong to one co-owner record (a user with records in two buildings chooses
 * per building); the list filters and the pending attach belong to the user (docs/decisions/024-settings-per-record-keys-whitelisted.md).
 */
export const COPROPRIETAIRE_SETTING_KEYS = [
  'allow-convocation-electronic',
  'receive-appel-de-fond-via-email',
  'chat-allow-other-owners',
  'allow-receive-notifications',
] as const;
export type CoproprietaireSettingKey = (typeof COPROPRIETAIRE_SETTING_KEYS)[number];

export const USER_SETTING_KEYS = [
  'only-unread-all-notification',
  'only_unread_all_message',
  /** Id of a co-owner record waiting for the user's confirmation (SPEC §4 Attach by code). */
  PENDING_ATTACH_SETTING_KEY,
] as const;
export type UserSettingKey = (typeof USER_SETTING_KEYS)[number];

/** Copropriété settings a co-owner may read (copro_settings of SPEC §3). */
export const COPROPRIETE_SETTING_KEYS = [
  'show_invoice',
  'show_invoice_scope',
  'show_invoice_status',
  'show_invoice_status_scope',
  'show_copro_document',
  'show_copro_document_scope',
  'show_syndic_document',
  'show_syndic_document_scope',
  'show_releves_bancaires',
  'show_releves_bancaires_scope',
  'show_assemblee_function',
] as const;
export type CoproprieteSettingKey = (typeof COPROPRIETE_SETTING_KEYS)[number];

export const coproprietaireSettingKey = z.enum(COPROPRIETAIRE_SETTING_KEYS, { error: 'Paramètre inconnu' });
export const userSettingKey = z.enum(USER_SETTING_KEYS, { error: 'Paramètre inconnu' });
export const coproprieteSettingKey = z.enum(COPROPRIETE_SETTING_KEYS, { error: 'Paramètre inconnu' });

/** '1' on, '0' off (SPEC §7 onboarding settings). */
export const flagValue = z.enum(['1', '0'], { error: 'Valeur invalide' });

/** Record settings, always complete (defaults applied): key → '1' | '0'. */
export const coproprietaireSettingsSchema = z.object({
  'allow-convocation-electronic': flagValue,
  'receive-appel-de-fond-via-email': flagValue,
  'chat-allow-other-owners': flagValue,
  'allow-receive-notifications': flagValue,
});
export type CoproprietaireSettings = z.infer<typeof coproprietaireSettingsSchema>;

/** How a consent was given or withdrawn: 'Valider mes choix' of onboarding, or the settings switch. */
export const CONSENT_ACTS = ['onboarding', 'settings'] as const;
const consentRow = z.object({
  given_at: z.string(),
  given_by: z.enum(CONSENT_ACTS),
  revoked_at: z.string().nullable(),
  revoked_by: z.enum(CONSENT_ACTS).nullable(),
});
/** Express consent to electronic notification (loi 1965 art. 42-1): the active one, and every one kept. */
export const electronicConsentSchema = z.object({
  active: consentRow.nullable(),
  history: z.array(consentRow),
});
export type ElectronicConsent = z.infer<typeof electronicConsentSchema>;

const settingsUpdateBody = z.object({
  settings: z
    .array(z.object({ key: coproprietaireSettingKey, value: flagValue }))
    .min(1)
    .max(COPROPRIETAIRE_SETTING_KEYS.length),
});
export type SettingsUpdateBody = z.infer<typeof settingsUpdateBody>;

/** A user setting value: short strings only ('1', '0' or an id). */
const userSettingValue = z.string().max(100);
export const userSettingsMapSchema = z.record(z.string(), z.string().nullable());

// ---------------------------------------------------------------- onboarding (SPEC §2.15)

/** Optional e-mail of onboarding: empty is fine, otherwise 'Le courriel est invalide'. */
export const onboardingEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: msg.emailOnboarding })
  .nullable()
  .optional();
/**
 * Optional phone of onboarding: empty is fine; E.164 or a national French number as the server
 * shows it ('06 12 34 56 78', decision 26), stored as E.164; otherwise 'Wrong phone syntax'.
 * What `GET …/user-supplement-info` gives, this accepts back.
 */
export const onboardingPhone = z
  .string()
  .trim()
  .max(25)
  .refine((v) => v === '' || toE164(v) !== null, { error: msg.phoneWrongSyntax })
  .transform((v) => (v === '' ? v : (toE164(v) ?? v)))
  .nullable()
  .optional();
const shortText = z.string().trim().max(120).nullable().optional();

export const supplementContactSchema = z.object({
  phone: onboardingPhone,
  email: onboardingEmail,
  /** Postal address for the syndic's mail, from the address autocomplete (welcome form). */
  address: addressValueSchema.nullable().optional(),
});

/** Per-lot supplementary info (SPEC §3). */
export const lotSupplementInputSchema = z.object({
  use_type: z.enum(['own', 'rent']),
  agency_name: shortText,
  agency_phone: onboardingPhone,
  agency_email: onboardingEmail,
  locataire_name: shortText,
  locataire_phone: onboardingPhone,
  locataire_email: onboardingEmail,
  trusted_person: shortText,
  trusted_person_phone: onboardingPhone,
  ignore: z.boolean().optional(),
});
export type LotSupplement = z.infer<typeof lotSupplementInputSchema>;

export const updateSupplementBody = z.object({
  /** null when the contact is left for later. */
  contact: supplementContactSchema.nullable(),
  /** Keyed by lot id; lots marked 'fill later' are left out. */
  lots: z.record(idField, lotSupplementInputSchema).refine((r) => Object.keys(r).length <= 200),
});
export type UpdateSupplementBody = z.infer<typeof updateSupplementBody>;

/** What the screen needs: stored info plus the record's lots (SPEC §7 onboarding lot list). */
const storedText = z.string().nullable().optional();
export const storedLotSupplementSchema = z.object({
  use_type: z.enum(['own', 'rent']).optional(),
  agency_name: storedText,
  agency_phone: storedText,
  agency_email: storedText,
  locataire_name: storedText,
  locataire_phone: storedText,
  locataire_email: storedText,
  trusted_person: storedText,
  trusted_person_phone: storedText,
  ignore: z.boolean().optional(),
});
export const supplementInfoSchema = z.object({
  contact: z
    .object({ phone: storedText, email: storedText, address: addressValueSchema.nullable().optional() })
    .nullable(),
  lots: z.array(
    z.object({
      id: z.string(),
      lot_id: z.string(),
      name: z.string(),
      type_name: z.string(),
      info: storedLotSupplementSchema.nullable(),
    }),
  ),
  init_settings_done: z.boolean(),
});
export type SupplementInfo = z.infer<typeof supplementInfoSchema>;

const pairParams = z.object({ coproprieteId: idField, coproprietaireId: idField });
const idParams = z.object({ id: idField });

export const settingsEndpoints = {
  userMulti: defineEndpoint({
    method: 'POST',
    path: '/user-settings/multi-settings',
    summary: "The signed-in user's settings for the given keys (null when unset)",
    tags: ['user-settings'],
    body: z.object({ keys: z.array(userSettingKey).min(1).max(USER_SETTING_KEYS.length) }),
    response: okEnvelope(userSettingsMapSchema),
  }),
  userAddOrUpdate: defineEndpoint({
    method: 'POST',
    path: '/user-settings/add-or-update-settings',
    summary: 'Creates or updates user settings',
    tags: ['user-settings'],
    body: z.object({
      settings: z
        .array(z.object({ key: userSettingKey, value: userSettingValue }))
        .min(1)
        .max(USER_SETTING_KEYS.length),
    }),
    response: okEnvelope(userSettingsMapSchema),
  }),
  userDeleteByKey: defineEndpoint({
    method: 'POST',
    path: '/user-settings/delete-settings-by-key',
    summary: 'Deletes user settings by key',
    tags: ['user-settings'],
    body: z.object({ settings: z.array(userSettingKey).min(1).max(USER_SETTING_KEYS.length) }),
    response: okEnvelope(z.object({ deleted: z.number().int() })),
  }),
  coproprieteMulti: defineEndpoint({
    method: 'POST',
    path: '/coproprietes/:id/settings/multi-settings',
    summary: 'Copropriété settings (copro_settings) for the given keys',
    tags: ['user-settings'],
    params: idParams,
    body: z.object({ keys: z.array(coproprieteSettingKey).min(1).max(COPROPRIETE_SETTING_KEYS.length) }),
    response: okEnvelope(z.record(z.string(), z.union([z.string(), z.boolean()]).nullable())),
  }),
  coproprietaireGet: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/settings',
    summary: "A co-owner record's settings, defaults applied ('1' / '0')",
    tags: ['coproprietaires'],
    params: idParams,
    response: okEnvelope(coproprietaireSettingsSchema),
  }),
  coproprietairePut: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/:coproprieteId/coproprietaires/:coproprietaireId/settings',
    summary: "Updates some of a co-owner record's settings",
    tags: ['coproprietaires'],
    params: pairParams,
    body: settingsUpdateBody,
    response: okEnvelope(coproprietaireSettingsSchema),
  }),
  supplementGet: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/user-supplement-info',
    summary: 'Onboarding: stored contact and per-lot info, with the lots of the record',
    tags: ['coproprietaires'],
    params: idParams,
    response: okEnvelope(supplementInfoSchema),
  }),
  supplementPut: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/:coproprieteId/:coproprietaireId/update-user-supplement-info',
    summary: "Onboarding step 'Mes coordonnées et informations'",
    tags: ['coproprietaires'],
    params: pairParams,
    body: updateSupplementBody,
    response: okEnvelope(supplementInfoSchema),
  }),
  consentGet: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/consentement-notification-electronique',
    summary:
      'The express consent to electronic notification of the record (loi 1965 art. 42-1): the active one with its date and the act that gave it, and the history',
    tags: ['coproprietaires'],
    params: idParams,
    response: okEnvelope(electronicConsentSchema),
  }),
  initSettingsPut: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/:coproprieteId/:coproprietaireId/update-init-settings',
    summary: "Onboarding step 'Mes choix': stores the settings and ends onboarding",
    tags: ['coproprietaires'],
    params: pairParams,
    body: settingsUpdateBody,
    response: okEnvelope(
      z.object({ init_settings_done: z.literal(true), settings: coproprietaireSettingsSchema }),
    ),
  }),
};
