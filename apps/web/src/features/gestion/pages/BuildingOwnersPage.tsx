import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconUserPlus } from '@tabler/icons-react';
import {
  COPROPRIETAIRE_STATE_LABELS,
  type ConsoleCoproprietaire,
  type CoproprietaireState,
  formatCents,
} from '@tantieme/contract';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { confirmModal } from '../../../ui/confirm';
import { apiMessage } from '../../auth/validate';
import { BenevoleLine, NameBenevoleButton } from '../components/BenevoleLine';
import { BuildingHeader } from '../components/BuildingHeader';
import { byNumber } from '../components/byNumber';
import { OwnerActions } from '../components/OwnerActions';
import { PostalRequestButton } from '../components/PostalRequestButton';
import { QueryState } from '../components/QueryState';
import { gestionFr } from '../fr';
import { may, useConsoleMe } from '../me';
import { useLotsAndKeys } from '../queries';
import { useInvitations, useOwners } from '../queriesPeople';

const t = gestionFr.owners;

// The form (its lots' multi-select) loads when the dialog opens.
const OwnerForm = lazy(() => import('../components/OwnerForm').then((m) => ({ default: m.OwnerForm })));

const STATE_COLOR: Record<CoproprietaireState, string> = {
  not_invited: 'orange',
  invited: 'blue',
  registered: 'teal',
  detached: 'gray',
  removed: 'gray',
  anonymised: 'gray',
};

interface Can {
  invite: boolean;
  write: boolean;
  manage: boolean;
}

function OwnersTable({
  coproId,
  rows,
  can,
  onEdit,
}: {
  coproId: string;
  rows: ConsoleCoproprietaire[];
  can: Can;
  onEdit(o: ConsoleCoproprietaire): void;
}) {
  const anyAction = can.invite || can.write || can.manage;
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={540}>
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.name}</Table.Th>
              <Table.Th scope="col">{t.state}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t.balance}
              </Table.Th>
              {anyAction ? <Table.Th scope="col">{t.actions}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.id} data-testid="owner-row">
                <Table.Th scope="row" fw={400}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {o.name}
                    </Text>
                    {o.is_syndic_benevole ? (
                      <Badge variant="light" color="grape" tt="none" data-testid="owner-benevole">
                        {t.benevole}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="gray.7">
                    {o.email ?? o.phone ?? ''}
                  </Text>
                  {o.lots.length ? (
                    <Text size="xs" c="gray.7">
                      {t.lotsOf(
                        byNumber(o.lots)
                          .map((l) => l.number)
                          .join(', '),
                      )}
                    </Text>
                  ) : null}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={STATE_COLOR[o.state]}
                    variant="light"
                    tt="none"
                    miw="max-content"
                    data-testid="owner-state"
                  >
                    {COPROPRIETAIRE_STATE_LABELS[o.state]}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(o.balance_cents)}
                </Table.Td>
                {anyAction ? (
                  <Table.Td>
                    <Stack gap={6} align="flex-start">
                      {can.write && o.state !== 'removed' && o.state !== 'anonymised' ? (
                        <Button
                          size="compact-sm"
                          variant="default"
                          mih={28}
                          onClick={() => onEdit(o)}
                          aria-label={`${t.edit} · ${o.name}`}
                        >
                          {t.edit}
                        </Button>
                      ) : null}
                      {can.invite ? <OwnerActions coproId={coproId} o={o} /> : null}
                      {can.write ? <PostalRequestButton coproId={coproId} o={o} /> : null}
                      {can.manage ? <NameBenevoleButton coproId={coproId} o={o} /> : null}
                    </Stack>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The list's filter named by the address (`?etat=invited`, `?solde_min=<cents>`), if any. */
function ownersFilter(params: URLSearchParams) {
  const min = Number(params.get('solde_min'));
  if (params.has('solde_min') && Number.isInteger(min) && min >= 0)
    return {
      label: t.filterBalance(formatCents(min)),
      keep: (o: ConsoleCoproprietaire) => o.balance_cents > min,
    };
  if (params.get('etat') === 'invited')
    return { label: t.filterInvited, keep: (o: ConsoleCoproprietaire) => o.state === 'invited' };
  return null;
}

/**
 * A building's co-owners, their state, their invitations (one, all who have none), their request
 * for the post, and the building's volunteer syndic.
 */
export default function BuildingOwnersPage() {
  const { coproId = '' } = useParams();
  const me = useConsoleMe().data;
  const owners = useOwners(coproId);
  const lots = useLotsAndKeys(coproId);
  const inv = useInvitations(coproId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ConsoleCoproprietaire | null>(null);
  const canWrite = may(me, 'coproprietaires.write');
  const canInvite = may(me, 'invitations.send');
  const canManage = may(me, 'staff.manage');
  const uninvited = (owners.data?.coproprietaires ?? []).filter((o) => o.state === 'not_invited');
  // The portfolio's links: the co-owners invited and not yet registered, or owing over a threshold.
  const [params] = useSearchParams();
  const filter = ownersFilter(params);
  const inviteAll = async () => {
    if (uninvited.length === 0) {
      notifications.show({ message: t.inviteAllNone });
      return;
    }
    if (!(await confirmModal({ message: t.confirmInviteAll(uninvited.length), confirmLabel: t.invite })))
      return;
    inv.inviteAll.mutate(undefined, {
      onSuccess: (r) => {
        notifications.show({ color: 'teal', message: t.sentAll(r.sent) });
        if (r.skipped.length) notifications.show({ color: 'orange', message: t.skipped(r.skipped.length) });
      },
      onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
    });
  };
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="owners" />
      <BenevoleLine coproId={coproId} canManage={canManage} />
      <Group justify="flex-end" gap="sm">
        {canWrite ? (
          <Button variant="default" leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
            {t.add}
          </Button>
        ) : null}
        {canInvite ? (
          <Button
            leftSection={<IconMailForward size={18} />}
            onClick={inviteAll}
            loading={inv.inviteAll.isPending}
          >
            {t.inviteAll}
          </Button>
        ) : null}
      </Group>
      <QueryState query={owners}>
        {(data) =>
          data.coproprietaires.length === 0 ? (
            <Text c="gray.7">{t.empty}</Text>
          ) : (
            <>
              {filter ? (
                <Alert color="blue" variant="light" data-testid="owners-filter">
                  <Group gap="sm">
                    <Text size="sm">{filter.label}</Text>
                    <Anchor component={Link} to={`/gestion/immeubles/${coproId}/coproprietaires`} size="sm">
                      {t.filterClear}
                    </Anchor>
                  </Group>
                </Alert>
              ) : null}
              <OwnersTable
                coproId={coproId}
                rows={filter ? data.coproprietaires.filter(filter.keep) : data.coproprietaires}
                can={{ invite: canInvite, write: canWrite, manage: canManage }}
                onEdit={setEditing}
              />
            </>
          )
        }
      </QueryState>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t.addTitle} size="lg">
        <Suspense fallback={<Loader aria-label={gestionFr.loading} />}>
          <OwnerForm
            coproId={coproId}
            lots={lots.data?.lots ?? []}
            onDone={(name) => {
              setAdding(false);
              notifications.show({ color: 'teal', message: t.created(name) });
            }}
          />
        </Suspense>
      </Modal>
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={editing ? t.editTitle(editing.name) : ''}
        size="lg"
      >
        <Suspense fallback={<Loader aria-label={gestionFr.loading} />}>
          {editing ? (
            <OwnerForm
              key={editing.id}
              coproId={coproId}
              lots={lots.data?.lots ?? []}
              owner={editing}
              onDone={(name) => {
                setEditing(null);
                notifications.show({ color: 'teal', message: t.saved(name) });
              }}
            />
          ) : null}
        </Suspense>
      </Modal>
    </Stack>
  );
}
