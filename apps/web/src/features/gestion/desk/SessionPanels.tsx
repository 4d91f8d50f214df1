import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConsoleDeskEntry, DeskState } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { sessionFr as t } from './frSession';
import { useDeskEntry } from './queries';

type Resolution = DeskState['resolutions'][number];

/** The bureau as the register stands: président, scrutateurs, secrétaire (décret 1967 art. 15). */
export function BureauSummary({ desk }: { desk: DeskState }) {
  const b = desk.bureau;
  const line = (label: string, value: string) => (
    <Text size="sm">
      <Text span fw={600}>
        {label}
        {'\u202f: '}
      </Text>
      {value}
    </Text>
  );
  return (
    <Paper withBorder p="sm" data-testid="desk-bureau">
      <Text fw={600} mb={4}>
        {t.bureau}
      </Text>
      {line(t.roles.president, b.president?.name ?? t.nobody)}
      {line(
        t.roles.scrutateur,
        b.scrutateurs.length ? b.scrutateurs.map((s) => s.name).join(', ') : t.nobody,
      )}
      {line(
        t.roles.secretaire,
        b.secretaire ? `${b.secretaire.name}${b.secretaire.id ? '' : ` ${t.syndicSecretary}`}` : t.nobody,
      )}
    </Paper>
  );
}

const useSend = (coproId: string, desk: DeskState) => {
  const entry = useDeskEntry(coproId, desk.assemblee.id);
  const send = (body: ConsoleDeskEntry, done?: () => void) =>
    entry.mutate(body, {
      onSuccess: () => done?.(),
      onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
    });
  return { send, busy: entry.isPending };
};

/** A bureau resolution: the candidate named, then recorded elected once the resolution is adopted. */
export function BureauElection({ desk, r, coproId }: { desk: DeskState; r: Resolution; coproId: string }) {
  const { send, busy } = useSend(coproId, desk);
  const [pick, setPick] = useState<string | null>(null);
  // Present co-owners by id; the mandataires of represented ones by name.
  const options = [
    ...desk.participants
      .filter((p) => p.attendance === 'present')
      .map((p) => ({ value: `c:${p.id}`, label: p.name })),
    ...[
      ...new Set(
        desk.participants
          .filter((p) => p.attendance === 'represented' && p.mandataire && !p.mandataire.coproprietaire)
          .map((p) => p.mandataire!.name),
      ),
    ].map((n) => ({ value: `m:${n}`, label: n })),
  ];
  const record = () => {
    if (!pick) return;
    const id = pick.startsWith('c:') ? pick.slice(2) : null;
    const name = id ? (desk.participants.find((p) => p.id === id)?.name ?? '') : pick.slice(2);
    send({ kind: 'bureau', resolution: r.id, member: { coproprietaire: id, name } }, () => {
      notifications.show({ color: 'teal', message: t.elected(name) });
      setPick(null);
    });
  };
  return (
    <Alert color="blue" title={t.roles[r.bureau_role!]} data-testid="bureau-election">
      <Stack gap="xs">
        <Text size="sm">{t.bureauFirst}</Text>
        <Select
          label={t.candidate}
          description={t.candidateHint}
          data={options}
          value={pick}
          onChange={setPick}
          searchable
          clearable
        />
        <Group>
          <Button onClick={record} disabled={!pick || r.decision !== 'adopted' || busy}>
            {t.record}
          </Button>
          {r.decision !== 'adopted' ? (
            <Text size="sm" c="gray.7">
              {t.recordHint}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The amendments of a resolution, and a new one while no vote is entered on it (décret art. 13). */
export function Amendments({
  desk,
  r,
  coproId,
  voted,
}: {
  desk: DeskState;
  r: Resolution;
  coproId: string;
  voted: boolean;
}) {
  const { send, busy } = useSend(coproId, desk);
  const [text, setText] = useState('');
  const [by, setBy] = useState<string | null>(null);
  const [within, setWithin] = useState(false);
  const open = desk.assemblee.status_session === 1;
  const people = desk.participants
    .filter((p) => p.attendance === 'present' || p.attendance === 'represented')
    .map((p) => ({ value: p.id, label: p.mandataire ? `${p.name} (${p.mandataire.name})` : p.name }));
  return (
    <Stack gap="xs" data-testid="amendments">
      {r.amendments.map((a, i) => (
        <Paper key={a.at} withBorder p="xs">
          <Badge color="orange" variant="light" mb={4}>
            {r.amendments.length > 1 ? t.amendedText(i + 1) : t.amended}
          </Badge>
          <Text size="sm">« {a.text} »</Text>
        </Paper>
      ))}
      {open && !voted ? (
        <Paper withBorder p="sm">
          <Text fw={600}>{t.amend}</Text>
          <Text size="sm" c="gray.7" mb="xs">
            {t.amendHint}
          </Text>
          <Stack gap="xs">
            <Textarea
              label={t.amendText}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <Select label={t.proposedBy} data={people} value={by} onChange={setBy} searchable />
            <Checkbox
              label={t.withinAgenda}
              checked={within}
              onChange={(e) => setWithin(e.currentTarget.checked)}
            />
            <Button
              style={{ alignSelf: 'flex-start' }}
              disabled={!text.trim() || !by || busy}
              onClick={() =>
                send(
                  { kind: 'amendment', resolution: r.id, proposed_by: by!, text, within_agenda: within },
                  () => {
                    setText('');
                    setWithin(false);
                  },
                )
              }
            >
              {t.amendSubmit}
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
