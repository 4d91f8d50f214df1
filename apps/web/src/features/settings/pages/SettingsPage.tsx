import { Alert, Button, Card, Center, Flex, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  type CoproprietaireSettingKey,
  type CoproprietaireSettings,
  type CoproprietaireSummary,
  formatPhone,
  type SupplementInfo,
} from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { SepaMandateCard } from '../../payments/components/SepaMandateCard';
import { NotificationPreferencesPanel } from '../components/NotificationPreferencesPanel';
import { PostalRequestControl } from '../components/PostalRequestControl';
import { WelcomeFormModal } from '../components/WelcomeFormModal';
import { settingsFr as t } from '../fr';
import { useRecordSettings, useSupplementInfo, useUpdateRecordSetting } from '../queries';

/** Route Setting (/:coproId/settings): 'Configuration' (SPEC §2.2, §6 settings flags). */
export default function SettingsPage() {
  const { record } = useCurrentCoproprietaire();
  const settings = useRecordSettings(record?.id);
  const info = useSupplementInfo(record?.id);
  return (
    <Stack gap="md" maw={760} mx="auto">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      {!record || settings.isLoading || info.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Chargement…" />
        </Center>
      ) : settings.isError || info.isError || !settings.data || !info.data ? (
        <Alert color="red" title={t.loadError}>
          <Button
            variant="light"
            color="red"
            mt="sm"
            onClick={() => {
              void settings.refetch();
              void info.refetch();
            }}
          >
            {t.retry}
          </Button>
        </Alert>
      ) : (
        <SettingsCards record={record} settings={settings.data} info={info.data} />
      )}
      {record?.coproprietes[0] && (
        <SepaMandateCard coproprieteId={record.coproprietes[0].id} coproprietaireId={record.id} />
      )}
    </Stack>
  );
}

function SettingsCards({
  record,
  settings,
  info,
}: {
  record: CoproprietaireSummary;
  settings: CoproprietaireSettings;
  info: SupplementInfo;
}) {
  const update = useUpdateRecordSetting(record);
  const [welcome, { open, close }] = useDisclosure(false);
  const set = (key: CoproprietaireSettingKey) => (on: boolean) =>
    update.mutate(
      { key, value: on ? '1' : '0' },
      { onSuccess: () => notifications.show({ color: 'green', message: t.saved }) },
    );
  const c = info.contact;

  return (
    <>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="autorisation-title">
        <Stack gap="sm">
          <Group gap="xs">
            <IconInfoCircle size={20} aria-hidden color="var(--mantine-color-tantieme-6)" />
            <Title order={2} size="h4" id="autorisation-title">
              {t.authorisationTitle}
            </Title>
          </Group>
          <Switch
            size="md"
            label={t.chatAllow}
            description={t.chatNotice}
            checked={settings['chat-allow-other-owners'] === '1'}
            onChange={(e) => set('chat-allow-other-owners')(e.currentTarget.checked)}
          />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notifications-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="notifications-title">
            {t.notificationsTitle}
          </Title>
          <Switch
            size="md"
            label={t.notifications}
            description={t.notificationsHint}
            checked={settings['allow-receive-notifications'] === '1'}
            onChange={(e) => set('allow-receive-notifications')(e.currentTarget.checked)}
          />
          <NotificationPreferencesPanel record={record} />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="postal-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="postal-title">
            {t.postal.title}
          </Title>
          <PostalRequestControl recordId={record.id} />
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contact-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="contact-title">
            {t.contactTitle}
          </Title>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
            <Text component="dt" size="sm" c="dimmed">
              {t.contactPhone}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {c?.phone ? formatPhone(c.phone) : t.notGiven}
            </Text>
            <Text component="dt" size="sm" c="dimmed">
              {t.contactEmail}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
              {c?.email || t.notGiven}
            </Text>
            <Text component="dt" size="sm" c="dimmed">
              {t.contactAddress}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {c?.address?.full_address || t.notGivenF}
            </Text>
          </dl>
          <Flex gap="sm" mt="xs" direction={{ base: 'column', sm: 'row' }}>
            <Button variant="light" onClick={open}>
              {t.editContact}
            </Button>
            <Button
              variant="subtle"
              component={Link}
              to={`/${record.id}/init-profiles`}
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              {t.editLots}
            </Button>
          </Flex>
        </Stack>
      </Card>
      <WelcomeFormModal record={record} info={info} opened={welcome} onClose={close} />
    </>
  );
}
