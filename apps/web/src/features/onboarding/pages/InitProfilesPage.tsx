import {
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  buildSupplementPayload,
  copyFromPrevious,
  formFromSupplement,
  type LotForm,
  type OnboardingForm,
  onboardingErrors,
  type SupplementInfo,
  type CoproprietaireSummary,
} from '@tantieme/contract';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../../app/session';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { useSupplementInfo, useUpdateSupplement } from '../../settings/queries';
import { EmailField, PhoneField } from '../components/fields';
import { LotCard } from '../components/LotCard';
import { StepHeader } from '../components/StepHeader';
import { onboardingFr as t } from '../fr';
import { onboardingNext } from '../redirect';

/** Route InitProfiles (/:coproId/init-profiles): step 'Mes coordonnées et informations'. */
export default function InitProfilesPage() {
  const { record } = useCurrentCoproprietaire();
  const info = useSupplementInfo(record?.id);
  if (!record || info.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  }
  if (info.isError || !info.data) {
    return (
      <Alert color="red" title={t.loadError} maw={640}>
        <Button variant="light" color="red" mt="sm" onClick={() => info.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  }
  return <ProfilesForm key={record.id} record={record} info={info.data} />;
}

function ProfilesForm({ record, info }: { record: CoproprietaireSummary; info: SupplementInfo }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const save = useUpdateSupplement(record);
  const [form, setForm] = useState<OnboardingForm>(() =>
    formFromSupplement(info, { phone: user?.phone, email: user?.email }),
  );
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => onboardingErrors(form), [form]);
  const hasErrors = Object.keys(errors).length > 0;
  const errorFor = (path: string) => (submitted || touched.has(path) ? errors[path] : undefined);
  const touch = (path: string) =>
    setTouched((s) => {
      if (s.has(path)) return s;
      const n = new Set(s);
      n.add(path);
      return n;
    });
  const setContact = (patch: Partial<OnboardingForm['contact']>) =>
    setForm((f) => ({ ...f, contact: { ...f.contact, ...patch } }));
  const setLot = (i: number, patch: Partial<LotForm>) =>
    setForm((f) => ({ ...f, lots: f.lots.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (hasErrors || save.isPending) return;
    save.mutate(buildSupplementPayload(form), {
      onSuccess: () => navigate(onboardingNext(`/${record.id}/init-settings`, search)),
      // SPEC §8: onboarding failures are only logged; the processing state ends.
      onError: (err) => console.error('onboarding contact step failed', err),
    });
  };

  const c = form.contact;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={960} mx="auto">
        <StepHeader step={1} title={t.stepProfiles} />
        <Text c="dimmed">{t.intro}</Text>

        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="contact-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="contact-title">
              {t.contactTitle}
            </Title>
            <Checkbox
              radius="sm"
              label={t.fillLater}
              checked={c.ignore}
              onChange={(e) => setContact({ ignore: e.currentTarget.checked })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <PhoneField
                label={t.contactPhone}
                value={c.phone}
                disabled={c.ignore}
                error={c.ignore ? undefined : errorFor('contact.phone')}
                onChange={(v) => setContact({ phone: v })}
                onTouch={() => touch('contact.phone')}
              />
              <EmailField
                label={t.contactEmail}
                value={c.email}
                disabled={c.ignore}
                error={c.ignore ? undefined : errorFor('contact.email')}
                onChange={(v) => setContact({ email: v })}
                onTouch={() => touch('contact.email')}
              />
            </SimpleGrid>
          </Stack>
        </Card>

        {form.lots.length === 0 ? <Text c="dimmed">{t.noLots}</Text> : null}
        {form.lots.map((lot, i) => (
          <LotCard
            key={lot.id}
            lot={lot}
            index={i}
            typeName={info.lots[i]?.type_name}
            errorFor={(f) => errorFor(`lots.${i}.${f}`)}
            touch={(f) => touch(`lots.${i}.${f}`)}
            onChange={(patch) => setLot(i, patch)}
            onCopyPrevious={
              i > 0 ? () => setForm((f) => ({ ...f, lots: copyFromPrevious(f.lots, i) })) : undefined
            }
          />
        ))}

        {submitted && hasErrors ? (
          <Text c="red" size="sm" role="alert">
            {t.fixErrors}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending}>
            {t.next}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
