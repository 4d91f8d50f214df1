import { Button, Fieldset, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type AddressValue,
  buildSupplementPayload,
  type CoproprietaireSummary,
  formFromSupplement,
  onboardingEmailError,
  onboardingPhoneError,
  type SupplementInfo,
} from '@tantieme/contract';
import { useMemo, useState } from 'react';
import { useSession } from '../../../app/session';
import { AddressInput } from '../../../ui/AddressInput';
import { EmailField, PhoneField } from '../../onboarding/components/fields';
import { onboardingFr as o } from '../../onboarding/fr';
import { settingsFr } from '../fr';
import { useUpdateSupplement } from '../queries';

const t = settingsFr.welcome;
const legendStyles = { legend: { fontWeight: 600, marginBottom: 4 } };

type Values = {
  phone: string;
  email: string;
  agency_name: string;
  agency_phone: string;
  agency_email: string;
  locataire_name: string;
  locataire_phone: string;
  locataire_email: string;
  trusted_person_phone: string;
};
const PHONES = ['phone', 'agency_phone', 'locataire_phone', 'trusted_person_phone'] as const;
const EMAILS = ['email', 'agency_email', 'locataire_email'] as const;

/**
 * The welcome form of SPEC §2.15 (own mobile and e-mail, agency, tenant, trusted person's
 * mobile), opened from 'Configuration' (docs/decisions/027-welcome-form.md). Its lot answers apply to every lot.
 */
export function WelcomeFormModal({
  record,
  info,
  opened,
  onClose,
}: {
  record: CoproprietaireSummary;
  info: SupplementInfo;
  opened: boolean;
  onClose: () => void;
}) {
  const phoneScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={t.title} size="lg" fullScreen={phoneScreen}>
      {opened ? <WelcomeForm record={record} info={info} onDone={onClose} /> : null}
    </Modal>
  );
}

function WelcomeForm({
  record,
  info,
  onDone,
}: {
  record: CoproprietaireSummary;
  info: SupplementInfo;
  onDone: () => void;
}) {
  const { user } = useSession();
  const save = useUpdateSupplement(record);
  const base = useMemo(
    () => formFromSupplement(info, { phone: user?.phone, email: user?.email }),
    [info, user],
  );
  const firstLot = base.lots.find((l) => !l.ignore) ?? base.lots[0];
  const [v, setV] = useState<Values>({
    phone: base.contact.phone,
    email: base.contact.email,
    agency_name: firstLot?.agency_name ?? '',
    agency_phone: firstLot?.agency_phone ?? '',
    agency_email: firstLot?.agency_email ?? '',
    locataire_name: firstLot?.use_type === 'rent' ? firstLot.locataire_name : '',
    locataire_phone: firstLot?.use_type === 'rent' ? firstLot.locataire_phone : '',
    locataire_email: firstLot?.use_type === 'rent' ? firstLot.locataire_email : '',
    trusted_person_phone: firstLot?.trusted_person_phone ?? '',
  });
  const [address, setAddress] = useState<AddressValue | null>(info.contact?.address ?? null);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const errors: Partial<Record<keyof Values, string>> = {};
  for (const k of PHONES) {
    const e = onboardingPhoneError(v[k]);
    if (e) errors[k] = e;
  }
  for (const k of EMAILS) {
    const e = onboardingEmailError(v[k]);
    if (e) errors[k] = e;
  }
  const errorFor = (k: keyof Values) => (submitted || touched.has(k) ? errors[k] : undefined);
  const touch = (k: keyof Values) => setTouched((s) => (s.has(k) ? s : new Set(s).add(k)));
  const set = (k: keyof Values) => (value: string) => setV((s) => ({ ...s, [k]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || save.isPending) return;
    const rent = !!(v.locataire_name.trim() || v.locataire_phone.trim() || v.locataire_email.trim());
    const body = buildSupplementPayload({
      contact: { phone: v.phone, email: v.email, ignore: false, address },
      lots: base.lots.map((l) => ({
        ...l,
        ignore: false,
        use_type: rent ? 'rent' : 'own',
        agency_name: v.agency_name,
        agency_phone: v.agency_phone,
        agency_email: v.agency_email,
        locataire_name: v.locataire_name,
        locataire_phone: v.locataire_phone,
        locataire_email: v.locataire_email,
        trusted_person_phone: v.trusted_person_phone,
      })),
    });
    save.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t.saved });
        onDone();
      },
      // SPEC §8: onboarding failures are only logged.
      onError: (err) => console.error('welcome form failed', err),
    });
  };

  const phone = (k: keyof Values, label: string) => (
    <PhoneField label={label} value={v[k]} error={errorFor(k)} onChange={set(k)} onTouch={() => touch(k)} />
  );
  const email = (k: keyof Values, label: string) => (
    <EmailField label={label} value={v[k]} error={errorFor(k)} onChange={set(k)} onTouch={() => touch(k)} />
  );
  const text = (k: keyof Values, label: string) => (
    <TextInput label={label} value={v[k]} maxLength={120} onChange={(e) => set(k)(e.currentTarget.value)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {phone('phone', t.ownMobile)}
          {email('email', t.ownEmail)}
        </SimpleGrid>
        <AddressInput label={t.address} value={address} onChange={setAddress} />
        <Fieldset legend={o.agency} variant="unstyled" styles={legendStyles}>
          <Stack gap="xs">
            {text('agency_name', t.agencyName)}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {phone('agency_phone', t.agencyPhone)}
              {email('agency_email', t.agencyEmail)}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={o.tenant} variant="unstyled" styles={legendStyles}>
          <Stack gap="xs">
            {text('locataire_name', t.tenantName)}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {phone('locataire_phone', t.tenantPhone)}
              {email('locataire_email', t.tenantEmail)}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={o.trusted} variant="unstyled" styles={legendStyles}>
          {phone('trusted_person_phone', t.trustedPhone)}
        </Fieldset>
        {submitted && Object.keys(errors).length > 0 ? (
          <Text c="red" size="sm" role="alert">
            {t.fixErrors}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
