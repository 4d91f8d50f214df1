import { describe, expect, it } from 'vitest';
import { updateSupplementBody } from '../domains/settings.js';
import {
  buildSupplementPayload,
  canSubmitOnboarding,
  copyFromPrevious,
  defaultCoproprietaireSettings,
  effectiveCoproprietaireSettings,
  formatPhone,
  formFromSupplement,
  type LotForm,
  type OnboardingForm,
  onboardingEmailError,
  onboardingErrors,
  onboardingPhoneError,
  toE164,
} from './onboarding.js';

const LOT_A = '6f1c1c55-8a43-4d0a-9d55-2b8c6f0e5a01';
const LOT_B = '6f1c1c55-8a43-4d0a-9d55-2b8c6f0e5a02';

const lot = (id: string, v: Partial<LotForm> = {}): LotForm => ({
  id,
  name: id === LOT_A ? 'A12' : 'C03',
  ignore: false,
  use_type: 'own',
  agency_name: '',
  agency_phone: '',
  agency_email: '',
  locataire_name: '',
  locataire_phone: '',
  locataire_email: '',
  trusted_person: '',
  trusted_person_phone: '',
  ...v,
});
const form = (v: Partial<OnboardingForm> = {}): OnboardingForm => ({
  contact: { phone: '06 12 34 56 78', email: 'paul@example.fr', ignore: false },
  lots: [lot(LOT_A), lot(LOT_B)],
  ...v,
});

describe('phones and e-mails of onboarding (SPEC §5)', () => {
  it.each([
    ['06 12 34 56 78', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0033612345678', '+33612345678'],
    ['+33 (0)6 12 34 56 78', '+33612345678'],
    ['+84 912 345 678', '+84912345678'],
    ['0612', null],
    ['06 12 34 56 7a', null],
    ['bonjour', null],
    ['', null],
  ])('%s reads as %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each([
    ['+33612345678', '06 12 34 56 78'],
    ['04 78 95 12 40', '04 78 95 12 40'],
    ['+84912345678', '+84912345678'],
    ['n/a', 'n/a'],
  ])('shows %s as %s', (v, shown) => {
    expect(formatPhone(v)).toBe(shown);
  });

  it.each([
    ['', null],
    ['   ', null],
    ['04 78 95 12 40', null],
    ['12', 'Wrong phone syntax'],
    ['06-12-ab', 'Wrong phone syntax'],
  ])('phone %j gives %j', (v, e) => {
    expect(onboardingPhoneError(v)).toBe(e);
  });

  it.each([
    ['', null],
    ['agence@immo-lyon.fr', null],
    ['agence@immo', 'Le courriel est invalide'],
    ['agence immo@x.fr', 'Le courriel est invalide'],
  ])('e-mail %j gives %j', (v, e) => {
    expect(onboardingEmailError(v)).toBe(e);
  });
});

describe('onboarding contact step: what blocks the submission (SPEC §5)', () => {
  const cases: { name: string; form: OnboardingForm; errors: string[] }[] = [
    { name: 'a valid form', form: form(), errors: [] },
    {
      name: 'a bad contact e-mail',
      form: form({ contact: { phone: '', email: 'paul@', ignore: false } }),
      errors: ['contact.email'],
    },
    {
      name: 'a bad contact phone',
      form: form({ contact: { phone: '123', email: '', ignore: false } }),
      errors: ['contact.phone'],
    },
    {
      name: 'a bad contact set to fill later',
      form: form({ contact: { phone: '123', email: 'x@', ignore: true } }),
      errors: [],
    },
    {
      name: 'a bad agency e-mail',
      form: form({ lots: [lot(LOT_A, { agency_email: 'immo@' }), lot(LOT_B)] }),
      errors: ['lots.0.agency_email'],
    },
    {
      name: 'a bad trusted-person phone on the second lot',
      form: form({ lots: [lot(LOT_A), lot(LOT_B, { trusted_person_phone: '99' })] }),
      errors: ['lots.1.trusted_person_phone'],
    },
    {
      name: 'a bad lot marked fill later',
      form: form({ lots: [lot(LOT_A, { ignore: true, agency_phone: '1' }), lot(LOT_B)] }),
      errors: [],
    },
    {
      name: 'bad tenant fields when the owner uses the lot',
      form: form({ lots: [lot(LOT_A, { locataire_email: 'x', locataire_phone: '1' }), lot(LOT_B)] }),
      errors: [],
    },
    {
      name: 'bad tenant fields when the lot is rented',
      form: form({
        lots: [lot(LOT_A, { use_type: 'rent', locataire_email: 'x', locataire_phone: '1' }), lot(LOT_B)],
      }),
      errors: ['lots.0.locataire_phone', 'lots.0.locataire_email'],
    },
  ];
  it.each(cases)('$name', ({ form: f, errors }) => {
    expect(Object.keys(onboardingErrors(f))).toEqual(errors);
    expect(canSubmitOnboarding(f)).toBe(errors.length === 0);
  });
  it('words the errors as the spec does', () => {
    const e = onboardingErrors(form({ contact: { phone: '1', email: 'x', ignore: false } }));
    expect(e).toEqual({ 'contact.phone': 'Wrong phone syntax', 'contact.email': 'Le courriel est invalide' });
  });
});

describe('the submission (SPEC §5)', () => {
  it('sends contact null when it is set to fill later and leaves lots marked fill later out', () => {
    const body = buildSupplementPayload(
      form({
        contact: { phone: '06 12 34 56 78', email: 'p@x.fr', ignore: true },
        lots: [lot(LOT_A, { ignore: true, agency_name: 'Foncia' }), lot(LOT_B, { trusted_person: 'Marc' })],
      }),
    );
    expect(body.contact).toBeNull();
    expect(Object.keys(body.lots)).toEqual([LOT_B]);
    expect(body.lots[LOT_B].trusted_person).toBe('Marc');
    expect(updateSupplementBody.safeParse(body).success).toBe(true);
  });
  it('normalises phones, lower-cases e-mails, blanks become null, tenant only when rented', () => {
    const body = buildSupplementPayload(
      form({
        contact: { phone: '06 12 34 56 78', email: ' Paul@Example.FR ', ignore: false },
        lots: [
          lot(LOT_A, {
            use_type: 'own',
            locataire_name: 'Ancien locataire',
            agency_phone: '04 78 95 12 40',
          }),
          lot(LOT_B, { use_type: 'rent', locataire_name: ' Yann Le Goff ', locataire_phone: '0688124057' }),
        ],
      }),
    );
    expect(body.contact).toEqual({ phone: '+33612345678', email: 'paul@example.fr' });
    expect(body.lots[LOT_A]).toMatchObject({
      agency_phone: '+33478951240',
      agency_name: null,
      locataire_name: null,
    });
    expect(body.lots[LOT_B]).toMatchObject({
      use_type: 'rent',
      locataire_name: 'Yann Le Goff',
      locataire_phone: '+33688124057',
    });
    expect(updateSupplementBody.safeParse(body).success).toBe(true);
  });
  it('the server schema refuses what the screen would block', () => {
    const r = updateSupplementBody.safeParse({
      contact: { phone: '0612', email: 'x@' },
      lots: { [LOT_A]: { use_type: 'own', agency_email: 'nope' } },
    });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(['Wrong phone syntax', 'Le courriel est invalide', 'Le courriel est invalide']);
  });
});

describe("'Recopier du bloc précédent'", () => {
  it('copies the answers of the previous lot, not its id, name or fill-later', () => {
    const lots = [
      lot(LOT_A, { use_type: 'rent', agency_name: 'Foncia', locataire_name: 'Yann', trusted_person: 'Marc' }),
      lot(LOT_B, { ignore: true }),
    ];
    const out = copyFromPrevious(lots, 1);
    expect(out[1]).toMatchObject({
      id: LOT_B,
      name: 'C03',
      ignore: true,
      use_type: 'rent',
      agency_name: 'Foncia',
      locataire_name: 'Yann',
      trusted_person: 'Marc',
    });
    expect(out[0]).toBe(lots[0]);
  });
  it('does nothing for the first lot', () => {
    const lots = [lot(LOT_A), lot(LOT_B)];
    expect(copyFromPrevious(lots, 0)).toBe(lots);
  });
});

describe('default settings (SPEC §9)', () => {
  it.each([
    [true, '1'],
    [false, '0'],
  ] as const)('with a contact e-mail %s, fund calls by e-mail default to %s', (hasEmail, v) => {
    const d = defaultCoproprietaireSettings(hasEmail);
    expect(d['allow-convocation-electronic']).toBe('1');
    expect(d['receive-appel-de-fond-via-email']).toBe(v);
  });
  it('stored values win, but fund calls by e-mail stay off without a contact e-mail', () => {
    const stored = { 'receive-appel-de-fond-via-email': '1', 'allow-convocation-electronic': '0' };
    expect(effectiveCoproprietaireSettings(stored, true)).toMatchObject({
      'receive-appel-de-fond-via-email': '1',
      'allow-convocation-electronic': '0',
    });
    expect(effectiveCoproprietaireSettings(stored, false)['receive-appel-de-fond-via-email']).toBe('0');
  });
  it('a first form is prefilled from the account and unticked', () => {
    const f = formFromSupplement(
      {
        contact: null,
        lots: [{ id: LOT_A, lot_id: '12', name: 'A12', type_name: 'Appartement', info: null }],
        init_settings_done: false,
      },
      { phone: '+33698765432', email: 'paul.durand@example.fr' },
    );
    expect(f.contact).toEqual({ phone: '06 98 76 54 32', email: 'paul.durand@example.fr', ignore: false });
    expect(f.lots[0]).toMatchObject({ id: LOT_A, use_type: 'own', ignore: false });
  });
});
