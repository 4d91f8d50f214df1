import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type DeskState, formatInt, type VoteChoice } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { deskFr as t } from './frDesk';
import { useDeskEntry } from './queries';
import { Amendments, BureauElection } from './SessionPanels';

type Resolution = DeskState['resolutions'][number];
type Round = NonNullable<Resolution['first']>;

/** The live tally of one round: Pour, Contre, Abstention, voix taking part, and the decision. */
export function Tally({ r, round, label }: { r: Resolution; round: Round; label: string }) {
  const row = (k: 'pour' | 'contre' | 'abstention') => (
    <Table.Tr key={k}>
      <Table.Th scope="row">{t.tally[k]}</Table.Th>
      <Table.Td ta="right">{formatInt(round[k].voix)}</Table.Td>
      <Table.Td ta="right">{round[k].count}</Table.Td>
    </Table.Tr>
  );
  return (
    <Paper withBorder p="sm" aria-live="polite" data-testid="live-tally">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{label}</Text>
        <Badge
          color={r.decision === 'adopted' ? 'teal' : r.decision === 'rejected' ? 'red' : 'gray'}
          size="lg"
        >
          {t.tally[r.decision]}
        </Badge>
      </Group>
      <Table>
        <Table.Tbody>
          {row('pour')}
          {row('contre')}
          {row('abstention')}
          <Table.Tr>
            <Table.Th scope="row">{t.tally.participants}</Table.Th>
            <Table.Td ta="right">{formatInt(round.participants.voix)}</Table.Td>
            <Table.Td ta="right">{round.participants.count}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t.tally.total}</Table.Th>
            <Table.Td ta="right">{formatInt(r.total.voix)}</Table.Td>
            <Table.Td ta="right">{r.total.count}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Each resolution's votes at the meeting, entered with the live tally, and the passerelle's second vote. */
export function VotesPanel({ desk, coproId }: { desk: DeskState; coproId: string }) {
  const entry = useDeskEntry(coproId, desk.assemblee.id);
  const votable = desk.resolutions.filter((r) => !r.no_vote);
  // The resolution on screen stays there while its votes come in (the next one is chosen by hand).
  const [picked, setPicked] = useState<string | null>(
    () => desk.resolutions.find((x) => x.number === desk.next_resolution)?.id ?? null,
  );
  const [second, setSecond] = useState(false);
  const r =
    desk.resolutions.find((x) => x.id === picked) ??
    desk.resolutions.find((x) => x.number === desk.next_resolution) ??
    votable[0];
  if (!r) return <Text c="gray.7">{t.noVote}</Text>;
  const field = second && r.second_vote_open ? 'vote_2' : 'vote_1';
  const voteOf = (p: DeskState['participants'][number]) => {
    const v = p.votes.find((x) => x.resolution === r.number);
    return (field === 'vote_1' ? v?.vote_1 : v?.vote_2) ?? null;
  };
  // Present or represented now, or having voted on it already (the register counts each at its vote).
  const voters = desk.participants.filter(
    (p) =>
      p.attendance === 'present' ||
      p.attendance === 'represented' ||
      p.votes.some((v) => v.resolution === r.number),
  );
  const send = (votes: { coproprietaire: string; choice: VoteChoice }[]) =>
    entry.mutate(
      {
        kind: 'votes',
        resolution: r.id,
        votes: votes.map((v) => ({ coproprietaire: v.coproprietaire, [field]: v.choice })),
      },
      { onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }) },
    );
  const open = desk.assemblee.status_session === 1;
  return (
    <Stack gap="sm">
      <Select
        label={t.resolution}
        data={desk.resolutions.map((x) => ({ value: x.id, label: t.resolutionLabel(x.number, x.title) }))}
        value={r.id}
        onChange={(v) => {
          setPicked(v);
          setSecond(false);
        }}
        allowDeselect={false}
      />
      {r.no_vote ? <Text c="gray.7">{t.noVote}</Text> : null}
      {r.bureau_role ? <BureauElection desk={desk} r={r} coproId={coproId} /> : null}
      {!r.no_vote && !r.bureau_role ? (
        <Amendments
          desk={desk}
          r={r}
          coproId={coproId}
          voted={desk.participants.some((p) => p.votes.some((v) => v.resolution === r.number))}
        />
      ) : null}
      {r.first ? <Tally r={r} round={r.first} label={t.live} /> : null}
      {r.second_vote_open ? (
        <Alert color="yellow" title={t.secondVote}>
          <Text size="sm">{t.secondOpen}</Text>
          <Switch
            mt="xs"
            label={t.secondVote}
            checked={second}
            onChange={(e) => setSecond(e.currentTarget.checked)}
          />
        </Alert>
      ) : null}
      {r.second ? <Tally r={r} round={r.second} label={t.secondVote} /> : null}
      {!r.no_vote ? (
        <>
          <Group justify="space-between">
            <Text fw={600}>{t.voters}</Text>
            <Button
              variant="light"
              disabled={!open || voters.length === 0 || entry.isPending}
              onClick={() => send(voters.map((p) => ({ coproprietaire: p.id, choice: 'agree' })))}
            >
              {t.allFor}
            </Button>
          </Group>
          {voters.length === 0 ? <Text c="gray.7">{t.noVoters}</Text> : null}
          {voters.map((p) => (
            <Paper key={p.id} withBorder p="xs" data-testid="voter-line">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>{p.name}</Text>
                  <Text size="sm" c="gray.7">
                    {t.voix(formatInt(p.voix))}
                    {p.mandataire ? ` · ${t.by(p.mandataire.name)}` : ''}
                  </Text>
                </div>
                <SegmentedControl
                  fullWidth
                  w={{ base: '100%', sm: 'auto' }}
                  aria-label={`${t.resolutionLabel(r.number, r.title)} – ${p.name}`}
                  value={voteOf(p) ?? ''}
                  disabled={!open || entry.isPending}
                  onChange={(v) => send([{ coproprietaire: p.id, choice: v as VoteChoice }])}
                  data={(['agree', 'disagree', 'abstain'] as const).map((c) => ({
                    value: c,
                    label: t.choice[c],
                  }))}
                />
              </Group>
            </Paper>
          ))}
        </>
      ) : null}
    </Stack>
  );
}
