import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatParisDate, type PvState } from '@tantieme/contract';
import { apiMessage } from '../../auth/validate';
import { pvFr as t } from './frPv';
import { usePvNotify } from './queries';

const day = (d: string) => formatParisDate(`${d}T12:00:00Z`);

function stateOf(n: PvState['notifications'][number]) {
  if (n.error && !n.sent_at) return { label: t.state.error, color: 'red' };
  if (n.late) return { label: t.state.late, color: 'red' };
  if (n.channel) return { label: t.state.notified, color: 'teal' };
  return { label: t.state.pending, color: 'gray' };
}

/** Who the PV is notified to, by which channel, when, and until when they may contest it. */
export function NotificationList({
  pv,
  coproId,
  canNotify,
}: {
  pv: PvState;
  coproId: string;
  canNotify: boolean;
}) {
  const notify = usePvNotify(coproId, pv.assemblee.id);
  const list = pv.notifications;
  const done = list.filter((n) => n.channel).length;
  return (
    <Stack gap="sm">
      <Text size="sm">{t.notificationHint}</Text>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} data-testid="pv-notified-count">
          {t.notifiedCount(done, list.length)}
        </Text>
        {canNotify && list.length > done ? (
          <Button
            onClick={() =>
              notify.mutate(undefined, {
                onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
              })
            }
            disabled={!pv.pv.sealed}
            loading={notify.isPending}
          >
            {t.notify}
          </Button>
        ) : null}
      </Group>
      {!pv.pv.sealed ? (
        <Text size="sm" c="gray.7">
          {t.notifyFirst}
        </Text>
      ) : null}
      {list.length === 0 ? <Text size="sm">{t.nobody}</Text> : null}
      {list.map((n) => {
        const s = stateOf(n);
        return (
          <Paper key={n.coproprietaire.id} withBorder p="sm" data-testid="pv-notification">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text fw={600}>{n.coproprietaire.name}</Text>
                <Text size="sm" c="gray.7">
                  {[
                    n.opposant.length ? t.opposant(n.opposant) : null,
                    n.defaillant.length ? t.defaillant(n.defaillant) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {n.channel ? <Text size="sm">{t.channel[n.channel]}</Text> : null}
                {n.sent_at ? <Text size="sm">{t.sentOn(formatParisDate(n.sent_at))}</Text> : null}
                {n.first_presented_at ? (
                  <Text size="sm">
                    {t.presentedOn(
                      formatParisDate(n.first_presented_at),
                      n.first_presentation_source === 'estimated',
                    )}
                  </Text>
                ) : null}
                {n.contest_until ? (
                  <Text size="sm" fw={600} data-testid="pv-contest-until">
                    {t.contestUntil(day(n.contest_until))}
                  </Text>
                ) : null}
              </Stack>
              <Badge color={s.color} variant="light" size="lg">
                {s.label}
              </Badge>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
