import type { AddressValue } from '../domains/address.js';
import type {
  CoproprietaireSettings,
  LotSupplement,
  SupplementInfo,
  UpdateSupplementBody,
} from '../domains/settings.js';
import { EMAIL_PATTERN, msg } from '../fields.js';
import { formatPhone, toE164 } from './phone.js';

export { formatPhone, toE164 } from './phone.js';

/**
 * Onboarding rules of SPEC §5 and the default settings of SPEC §9, shared by the screens
 * and the server.
 */

/** '' is fine (optional field); otherwise 'Wrong phone syntax' unless it reads as a phone. */
export const onboardingPhoneError = (v: string | null | undefined): string | null => {
  const s = (v ?? '').trim();
  return !s || toE164(s) ? null : msg.phoneWrongSyntax;
};

/** '' is fine (optional field); otherwise 'Le courriel est invalide' unless it is an e-mail. */
export const onboardingEmailError = (v: string | null | undefined): string | null => {
  const s = (v ?? '').trim();
  return !s || EMAIL_PATTERN.test(s) ? null : msg.emailOnboarding;
};

export type UseType = 'own' | 'rent';

/** One lot card of the step 'Mes coordonnées et informations'. */
export interface LotForm {
  id: string;
  name: string;
  /** 'fill later' for this lot. */
  ignore: boolean;
  use_type: UseType;
  agency_name: string;
  agency_phone: string;
  agency_email: string;
  locataire_name: string;
  locataire_phone: string;
  locataire_email: string;
  trusted_person: string;
  trusted_person_phone: string;
}

export interface OnboardingForm {
  contact: { phone: string; email: string; ignore: boolean; address?: AddressValue | null };
  lots: LotForm[];
}

export const LOT_PHONE_FIELDS = ['agency_phone', 'locataire_phone', 'trusted_person_phone'] as const;
export const LOT_EMAIL_FIELDS = ['agency_email', 'locataire_email'] as const;
/** Fields copied by 'Recopier du bloc précédent' (everything but the lot itself). */
export const LOT_COPY_FIELDS = [
  'use_type',
  'agency_name',
  'agency_phone',
  'agency_email',
  'locataire_name',
  'locataire_phone',
  'locataire_email',
  'trusted_person',
  'trusted_person_phone',
] as const;

const TENANT_FIELDS = new Set(['locataire_phone', 'locataire_email']);

/** The field errors of one lot; tenant fields count only for use type rent (SPEC §5). */
export function lotErrors(lot: LotForm): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of LOT_PHONE_FIELDS) {
    if (TENANT_FIELDS.has(f) && lot.use_type !== 'rent') continue;
    const e = onboardingPhoneError(lot[f]);
    if (e) out[f] = e;
  }
  for (const f of LOT_EMAIL_FIELDS) {
    if (TENANT_FIELDS.has(f) && lot.use_type !== 'rent') continue;
    const e = onboardingEmailError(lot[f]);
    if (e) out[f] = e;
  }
  return out;
}

/**
 * Every blocking error of the contact step, keyed 'contact.phone', 'lots.<i>.agency_email'…
 * A contact set to fill later and lots marked fill later never block (SPEC §5).
 */
export function onboardingErrors(form: OnboardingForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (!form.contact.ignore) {
    const p = onboardingPhoneError(form.contact.phone);
    if (p) out['contact.phone'] = p;
    const e = onboardingEmailError(form.contact.email);
    if (e) out['contact.email'] = e;
  }
  form.lots.forEach((lot, i) => {
    if (lot.ignore) return;
    for (const [k, v] of Object.entries(lotErrors(lot))) out[`lots.${i}.${k}`] = v;
  });
  return out;
}

export const canSubmitOnboarding = (form: OnboardingForm) => Object.keys(onboardingErrors(form)).length === 0;

const text = (v: string) => (v.trim() ? v.trim() : null);
const phone = (v: string) => (v.trim() ? toE164(v) : null);
const email = (v: string) => (v.trim() ? v.trim().toLowerCase() : null);

/**
 * The body of update-user-supplement-info: contact null when set to fill later, lots marked
 * fill later left out, tenant fields only for rent, phones in E.164, blanks as null.
 */
export function buildSupplementPayload(form: OnboardingForm): UpdateSupplementBody {
  const lots: Record<string, LotSupplement> = {};
  for (const lot of form.lots) {
    if (lot.ignore) continue;
    const rent = lot.use_type === 'rent';
    lots[lot.id] = {
      use_type: lot.use_type,
      agency_name: text(lot.agency_name),
      agency_phone: phone(lot.agency_phone),
      agency_email: email(lot.agency_email),
      locataire_name: rent ? text(lot.locataire_name) : null,
      locataire_phone: rent ? phone(lot.locataire_phone) : null,
      locataire_email: rent ? email(lot.locataire_email) : null,
      trusted_person: text(lot.trusted_person),
      trusted_person_phone: phone(lot.trusted_person_phone),
    };
  }
  const contact = form.contact.ignore
    ? null
    : {
        phone: phone(form.contact.phone),
        email: email(form.contact.email),
        ...(form.contact.address !== undefined ? { address: form.contact.address } : {}),
      };
  return { contact, lots };
}

/** 'Recopier du bloc précédent': lot i takes the answers of lot i-1 (not its id, name or fill-later). */
export function copyFromPrevious(lots: LotForm[], index: number): LotForm[] {
  if (index < 1 || index >= lots.length) return lots;
  const prev = lots[index - 1];
  return lots.map((l, i) => {
    if (i !== index) return l;
    const next = { ...l };
    for (const f of LOT_COPY_FIELDS) (next as Record<string, unknown>)[f] = prev[f];
    return next;
  });
}

/** The form as first shown, from what is stored (SPEC §3 Per-lot supplementary info). */
export function formFromSupplement(
  info: SupplementInfo,
  fallback?: { phone?: string | null; email?: string | null },
): OnboardingForm {
  const hasStored = info.contact !== null;
  const c = info.contact;
  return {
    contact: {
      phone: formatPhone((hasStored ? c?.phone : fallback?.phone) ?? ''),
      email: (hasStored ? c?.email : fallback?.email) ?? '',
      // A contact already saved as "later" (null) after onboarding keeps its checkbox ticked.
      ignore: info.init_settings_done && !hasStored,
      ...(c?.address !== undefined ? { address: c.address ?? null } : {}),
    },
    lots: info.lots.map((l) => ({
      id: l.id,
      name: l.name,
      ignore: l.info?.ignore ?? false,
      use_type: l.info?.use_type ?? 'own',
      agency_name: l.info?.agency_name ?? '',
      agency_phone: formatPhone(l.info?.agency_phone ?? ''),
      agency_email: l.info?.agency_email ?? '',
      locataire_name: l.info?.locataire_name ?? '',
      locataire_phone: formatPhone(l.info?.locataire_phone ?? ''),
      locataire_email: l.info?.locataire_email ?? '',
      trusted_person: l.info?.trusted_person ?? '',
      trusted_person_phone: formatPhone(l.info?.trusted_person_phone ?? ''),
    })),
  };
}

/** A contact e-mail exists (SPEC §2.15: the fund-call e-mail switch needs one). */
export const hasContactEmail = (contact: { email?: string | null } | null | undefined) =>
  !!contact?.email && EMAIL_PATTERN.test(contact.email.trim());

/**
 * Default settings (SPEC §9): electronic convocation on; fund calls by e-mail on only if a
 * contact e-mail exists. Messages from other co-owners are opt-in (SPEC §1); notifications on.
 */
export function defaultCoproprietaireSettings(contactEmail: boolean): CoproprietaireSettings {
  return {
    'allow-convocation-electronic': '1',
    'receive-appel-de-fond-via-email': contactEmail ? '1' : '0',
    'chat-allow-other-owners': '0',
    'allow-receive-notifications': '1',
  };
}

/**
 * Stored values over the defaults; fund calls by e-mail read '0' while no contact e-mail
 * exists, whatever was stored.
 */
export function effectiveCoproprietaireSettings(
  stored: Partial<Record<string, string>>,
  contactEmail: boolean,
): CoproprietaireSettings {
  const d = defaultCoproprietaireSettings(contactEmail);
  const pick = (k: keyof CoproprietaireSettings) => {
    const v = stored[k];
    return v === '1' || v === '0' ? v : d[k];
  };
  return {
    'allow-convocation-electronic': pick('allow-convocation-electronic'),
    'receive-appel-de-fond-via-email': contactEmail ? pick('receive-appel-de-fond-via-email') : '0',
    'chat-allow-other-owners': pick('chat-allow-other-owners'),
    'allow-receive-notifications': pick('allow-receive-notifications'),
  };
}
