import { Anchor, Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { formatParisDate, formatParisTime } from '@tantieme/contract';
import { Link, useParams } from 'react-router-dom';
import { confirmModal } from '../../../ui/confirm';
import { apiMessage } from '../../auth/validate';
import { QueryState } from '../components/QueryState';
import { AttendancePanel } from '../desk/AttendancePanel';
import { FormsPanel } from '../desk/FormsPanel';
import { deskFr as t } from '../desk/frDesk';
import { pvFr } from '../pv/frPv';
import { useDesk, useDeskSession } from '../desk/queries';
import { BureauSummary } from '../desk/SessionPanels';
import { VotesPanel } from '../desk/VotesPanel';
import { may, useConsoleMe } from '../me';

const STATUS = (s: number | null) => (s === 1 ? 'open' : s === 2 ? 'closed' : 'none');

/**
 * The meeting desk, tablet first: émargement, paper forms and blank proxies entered, each
 * resolution's votes with the live tally, the opening and the end of the meeting. Every entry is
 * a chained record of the register; another tablet's entries arrive live.
 */
export default function DeskPage() {
  const { coproId = '', assembleeId = '' } = useParams();
  const desk = useDesk(coproId, assembleeId);
  const session = useDeskSession(coproId, assembleeId);
  const me = useConsoleMe();
  const canHold = may(me.data, 'assemblees.seance');
  const act = async (what: 'open' | 'close') => {
    if (
      what === 'close' &&
      !(await confirmModal({ message: t.closeConfirm, confirmLabel: t.close, danger: true }))
    )
      return;
    session.mutate(what, {
      onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
    });
  };
  return (
    <Stack gap="md" maw={960}>
      <Anchor
        component={Link}
        to={`/gestion/immeubles/${coproId}`}
        size="sm"
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} component="span" mih={24}>
          <IconArrowLeft size={16} aria-hidden />
          {t.back}
        </Group>
      </Anchor>
      <QueryState query={desk}>
        {(d) => (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <div>
                <Title order={1}>{t.title}</Title>
                <Text c="gray.7">
                  {d.assemblee.name} · {formatParisDate(d.assemblee.date)} à{' '}
                  {formatParisTime(d.assemblee.date)}
                </Text>
                {d.assemblee.status_session !== null ? (
                  <Anchor
                    component={Link}
                    to={`/gestion/immeubles/${coproId}/assemblees/${assembleeId}/proces-verbal`}
                    data-testid="pv-link"
                    display="inline-block"
                    mih={24}
                  >
                    {pvFr.link}
                  </Anchor>
                ) : null}
              </div>
              <Group gap="xs">
                <Badge
                  size="lg"
                  color={d.assemblee.status_session === 1 ? 'teal' : 'gray'}
                  data-testid="desk-status"
                >
                  {t.status[STATUS(d.assemblee.status_session)]}
                </Badge>
                {canHold && d.assemblee.status_session === null ? (
                  <Button onClick={() => act('open')} loading={session.isPending}>
                    {t.open}
                  </Button>
                ) : null}
                {canHold && d.assemblee.status_session === 1 ? (
                  <Button
                    variant="outline"
                    color="red"
                    onClick={() => act('close')}
                    loading={session.isPending}
                  >
                    {t.close}
                  </Button>
                ) : null}
              </Group>
            </Group>
            <BureauSummary desk={d} />
            <Tabs defaultValue="attendance" keepMounted={false}>
              <Tabs.List grow>
                <Tabs.Tab value="attendance">{t.tabs.attendance}</Tabs.Tab>
                <Tabs.Tab value="votes">{t.tabs.votes}</Tabs.Tab>
                <Tabs.Tab value="forms">{t.tabs.forms}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="attendance" pt="md">
                <AttendancePanel desk={d} coproId={coproId} />
              </Tabs.Panel>
              <Tabs.Panel value="votes" pt="md">
                <VotesPanel desk={d} coproId={coproId} />
              </Tabs.Panel>
              <Tabs.Panel value="forms" pt="md">
                <FormsPanel desk={d} coproId={coproId} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
