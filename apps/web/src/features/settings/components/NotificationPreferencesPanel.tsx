import { Alert, Button, Center, Checkbox, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CoproprietaireSummary,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@tantieme/contract';
import { settingsFr } from '../fr';
import { useNotificationPreferences, useUpdateNotificationPreference } from '../queries';

const t = settingsFr.preferences;

/**
 * 'Comment être prévenu': one checkbox per kind of event and channel. A table on a wide screen
 * (each checkbox named by its channel and kind), a list of fieldsets per kind on a phone.
 */
export function NotificationPreferencesPanel({ record }: { record: CoproprietaireSummary }) {
  const prefs = useNotificationPreferences(record.id);
  const update = useUpdateNotificationPreference(record);
  const wide = useMediaQuery('(min-width: 48em)', true);

  if (prefs.isLoading)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Chargement…" />
      </Center>
    );
  if (prefs.isError || !prefs.data)
    return (
      <Alert color="red" title={settingsFr.loadError}>
        <Button variant="light" color="red" mt="sm" onClick={() => void prefs.refetch()}>
          {settingsFr.retry}
        </Button>
      </Alert>
    );
  const p = prefs.data;
  const cell = {
    prefs: p,
    onChange: (kind: NotificationKind, channel: NotificationChannel, enabled: boolean) =>
      update.mutate({ kind, channel, enabled }),
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="preferences-title">
      <Title order={3} size="h5" id="preferences-title">
        {t.title}
      </Title>
      <Text size="sm" id="preferences-intro">
        {t.intro}
      </Text>
      {p.allow ? null : (
        <Text size="sm" c="red.8" id="preferences-off">
          {t.allowOff}
        </Text>
      )}
      {wide ? <PreferencesTable {...cell} /> : <PreferencesList {...cell} />}
      <Stack gap={4}>
        {p.has_phone ? null : (
          <Text size="sm" c="dimmed" id="preferences-no-phone">
            {t.noPhone}
          </Text>
        )}
        {p.has_contact_email ? null : (
          <Text size="sm" c="dimmed" id="preferences-no-email">
            {t.noEmail}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t.legal}
        </Text>
      </Stack>
    </Stack>
  );
}

interface CellProps {
  prefs: NotificationPreferences;
  onChange: (kind: NotificationKind, channel: NotificationChannel, enabled: boolean) => void;
}

/** Why a checkbox is disabled (the id of its explanation), or null when it may be changed. */
function blocked(p: NotificationPreferences, kind: NotificationKind, channel: NotificationChannel) {
  if (!p.allow) return 'preferences-off';
  if (channel === 'sms' && !p.has_phone) return 'preferences-no-phone';
  if (kind === 'paiements' && channel === 'email' && !p.has_contact_email) return 'preferences-no-email';
  return null;
}

function PreferenceBox({
  prefs,
  onChange,
  kind,
  channel,
  label,
  ariaLabel,
}: CellProps & { kind: NotificationKind; channel: NotificationChannel; label?: string; ariaLabel?: string }) {
  const why = blocked(prefs, kind, channel);
  return (
    <Checkbox
      size="md"
      label={label}
      aria-label={ariaLabel}
      aria-describedby={why ?? undefined}
      checked={prefs.matrix[kind][channel] && why === null}
      disabled={why !== null}
      onChange={(e) => onChange(kind, channel, e.currentTarget.checked)}
    />
  );
}

function PreferencesTable(props: CellProps) {
  return (
    <Table withTableBorder verticalSpacing="xs" aria-describedby="preferences-intro">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t.kindColumn}</Table.Th>
          {NOTIFICATION_CHANNELS.map((c) => (
            <Table.Th key={c} scope="col" ta="center">
              {t.channels[c]}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {NOTIFICATION_KINDS.map((k) => (
          <Table.Tr key={k}>
            <Table.Th scope="row" fw={500}>
              {t.kinds[k]}
            </Table.Th>
            {NOTIFICATION_CHANNELS.map((c) => (
              <Table.Td key={c}>
                <Center>
                  <PreferenceBox
                    {...props}
                    kind={k}
                    channel={c}
                    ariaLabel={t.cell(t.channels[c], t.kinds[k])}
                  />
                </Center>
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PreferencesList(props: CellProps) {
  return (
    <Stack gap="xs">
      {NOTIFICATION_KINDS.map((k) => (
        <fieldset
          key={k}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 8,
            margin: 0,
            padding: '8px 12px 12px',
          }}
        >
          <legend style={{ fontWeight: 500, padding: '0 4px' }}>{t.kinds[k]}</legend>
          <Stack gap="sm">
            {NOTIFICATION_CHANNELS.map((c) => (
              <PreferenceBox key={c} {...props} kind={k} channel={c} label={t.channels[c]} />
            ))}
          </Stack>
        </fieldset>
      ))}
    </Stack>
  );
}
