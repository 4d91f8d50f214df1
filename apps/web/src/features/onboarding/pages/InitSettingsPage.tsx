import { Alert, Button, Card, Center, Group, Loader, Stack } from '@mantine/core';
import {
  type CoproprietaireSettings,
  type CoproprietaireSummary,
  defaultCoproprietaireSettings,
  hasContactEmail,
} from '@tantieme/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { useCompleteInitSettings, useRecordSettings, useSupplementInfo } from '../../settings/queries';
import { ChoiceSwitches } from '../components/ChoiceSwitches';
import { StepHeader } from '../components/StepHeader';
import { onboardingFr as t } from '../fr';
import { onboardingNext, onboardingEnd } from '../redirect';

/** Route InitSettings (/:coproId/init-settings): step 'Mes choix'. */
export default function InitSettingsPage() {
  const { record } = useCurrentCoproprietaire();
  const info = useSupplementInfo(record?.id);
  const settings = useRecordSettings(record?.id);
  // Changing the contact step refetches the settings: wait for the fresh answer.
  if (!record || info.isLoading || settings.isLoading || (record.init_settings_done && settings.isFetching)) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  }
  if (info.isError || settings.isError || !info.data) {
    return (
      <Alert color="red" title={t.loadError} maw={640}>
        <Button
          variant="light"
          color="red"
          mt="sm"
          onClick={() => {
            void info.refetch();
            void settings.refetch();
          }}
        >
          {t.retry}
        </Button>
      </Alert>
    );
  }
  const hasEmail = hasContactEmail(info.data.contact);
  return (
    <ChoicesForm
      key={`${record.id}-${hasEmail}`}
      record={record}
      hasEmail={hasEmail}
      // SPEC §9 defaults while onboarding; the stored choices when the step is revisited.
      initial={
        record.init_settings_done && settings.data ? settings.data : defaultCoproprietaireSettings(hasEmail)
      }
    />
  );
}

function ChoicesForm({
  record,
  hasEmail,
  initial,
}: {
  record: CoproprietaireSummary;
  hasEmail: boolean;
  initial: CoproprietaireSettings;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const complete = useCompleteInitSettings(record);
  const [fundCalls, setFundCalls] = useState(hasEmail && initial['receive-appel-de-fond-via-email'] === '1');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (complete.isPending) return;
    complete.mutate([{ key: 'receive-appel-de-fond-via-email', value: hasEmail && fundCalls ? '1' : '0' }], {
      onSuccess: () => navigate(onboardingEnd(record.id, search), { replace: true }),
      // SPEC §8: onboarding failures are only logged; the processing state ends.
      onError: (err) => console.error('onboarding choices failed', err),
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md" maw={760} mx="auto">
        <StepHeader step={2} title={t.stepChoices} />
        <Card withBorder radius="md" padding="lg">
          <ChoiceSwitches
            recordId={record.id}
            fundCalls={fundCalls}
            hasEmail={hasEmail}
            onFundCalls={setFundCalls}
            noEmailHint={t.fundCallsNoEmail}
            disabled={complete.isPending}
          />
        </Card>
        <Group justify="space-between">
          <Button
            component={Link}
            to={onboardingNext(`/${record.id}/init-profiles`, search)}
            variant="subtle"
          >
            {t.back}
          </Button>
          <Button type="submit" size="md" loading={complete.isPending}>
            {t.validate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
