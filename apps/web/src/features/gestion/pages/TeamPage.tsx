import { Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { CONSOLE_ROLE_LABELS, type ConsoleStaffMember } from '@tantieme/contract';
import { lazy, Suspense, useState } from 'react';
import { confirmModal } from '../../../ui/confirm';
import { NotFound } from '../../../ui/NotFound';
import { apiMessage } from '../../auth/validate';
import { QueryState } from '../components/QueryState';
import { gestionFr } from '../fr';
import { may, useConsoleMe } from '../me';
import { useStaff, useStaffActions } from '../queriesPeople';

const t = gestionFr.team;
// The dialogs' forms load when they open.
const StaffForm = lazy(() => import('../components/StaffForm').then((m) => ({ default: m.StaffForm })));
const AssignBuildings = lazy(() =>
  import('../components/AssignBuildings').then((m) => ({ default: m.AssignBuildings })),
);
const STATUS_COLOR = { invited: 'blue', active: 'teal', disabled: 'gray' } as const;

/** The firm's staff: add, disable (their sessions end), re-enable, give them buildings. */
export default function TeamPage() {
  const me = useConsoleMe().data;
  const staff = useStaff();
  const actions = useStaffActions();
  const [adding, setAdding] = useState(false);
  const [assigning, setAssigning] = useState<ConsoleStaffMember | null>(null);
  if (!may(me, 'staff.manage')) return <NotFound />;
  const fail = (err: unknown) => notifications.show({ color: 'red', message: apiMessage(err) });
  const toggle = async (s: ConsoleStaffMember) => {
    const disabling = s.status !== 'disabled';
    const ok = await confirmModal({
      message: disabling ? t.confirmDisable(s.display_name) : t.confirmEnable(s.display_name),
      confirmLabel: disabling ? t.disable : t.enable,
      danger: disabling,
    });
    if (!ok) return;
    (disabling ? actions.disable : actions.enable).mutate(s.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: disabling ? t.disabled : t.enabled }),
      onError: fail,
    });
  };
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t.title}</Title>
          <Text c="gray.7">{t.intro}</Text>
        </div>
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
          {t.new}
        </Button>
      </Group>
      <QueryState query={staff}>
        {(data) => (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={680}>
              <Table verticalSpacing="sm" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t.lastName}</Table.Th>
                    <Table.Th scope="col">{t.role}</Table.Th>
                    <Table.Th scope="col">{t.state}</Table.Th>
                    <Table.Th scope="col">{t.buildings}</Table.Th>
                    <Table.Th scope="col">{gestionFr.owners.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.staff.map((s) => {
                    const self = me?.staff?.id === s.id;
                    return (
                      <Table.Tr key={s.id} data-testid="staff-row">
                        <Table.Th scope="row" fw={400}>
                          <Text fw={600} size="sm">
                            {s.display_name} {self ? t.you : ''}
                          </Text>
                          <Text size="xs" c="gray.7">
                            {s.email ?? ''}
                          </Text>
                        </Table.Th>
                        <Table.Td>{CONSOLE_ROLE_LABELS[s.role]}</Table.Td>
                        <Table.Td>
                          <Badge
                            variant="light"
                            tt="none"
                            miw="max-content"
                            color={STATUS_COLOR[s.status]}
                            data-testid="staff-status"
                          >
                            {t.states[s.status]}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {s.role === 'administrateur'
                              ? t.allBuildings
                              : s.coproprietes.map((c) => c.name).join(', ') || t.noBuilding}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            {s.role !== 'administrateur' ? (
                              <Button
                                size="compact-sm"
                                variant="light"
                                onClick={() => setAssigning(s)}
                                aria-label={`${t.assign} · ${s.display_name}`}
                              >
                                {t.assign}
                              </Button>
                            ) : null}
                            {!self ? (
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                color={s.status === 'disabled' ? 'teal' : 'red'}
                                onClick={() => toggle(s)}
                                aria-label={`${s.status === 'disabled' ? t.enable : t.disable} · ${s.display_name}`}
                              >
                                {s.status === 'disabled' ? t.enable : t.disable}
                              </Button>
                            ) : null}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t.new} size="lg">
        <Suspense fallback={<Loader aria-label={gestionFr.loading} />}>
          <StaffForm
            onDone={(email) => {
              setAdding(false);
              notifications.show({ color: 'teal', message: t.created(email) });
            }}
          />
        </Suspense>
      </Modal>
      <Modal
        opened={!!assigning}
        onClose={() => setAssigning(null)}
        title={assigning ? t.assignTitle(assigning.display_name) : ''}
      >
        <Suspense fallback={<Loader aria-label={gestionFr.loading} />}>
          {assigning ? <AssignBuildings member={assigning} onDone={() => setAssigning(null)} /> : null}
        </Suspense>
      </Modal>
    </Stack>
  );
}
