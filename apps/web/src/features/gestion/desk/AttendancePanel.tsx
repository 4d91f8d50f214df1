import { Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { type DeskState, formatInt, formatParisDate } from '@tantieme/contract';
import { useMemo, useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { deskFr as t } from './frDesk';
import { useDeskEntry } from './queries';

type Participant = DeskState['participants'][number];
/** A tablet draws this many lines at once; the search finds the others. */
const SHOWN = 120;
type Mode = 'absent' | 'present' | 'visio' | 'represented';

/** The toggle's position; by correspondence, none of them (the form counts until they attend). */
const modeOf = (p: Participant): Mode | '' =>
  p.attendance === 'present'
    ? p.visio
      ? 'visio'
      : 'present'
    : p.attendance === 'represented'
      ? 'represented'
      : p.attendance === 'correspondence'
        ? ''
        : 'absent';

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Present / represented / correspondence / absent: count and voix, as the register stands. */
export function AttendanceSummary({ desk }: { desk: DeskState }) {
  const sum = { present: [0, 0], represented: [0, 0], correspondence: [0, 0], absent: [0, 0] };
  for (const p of desk.participants) {
    const k = p.attendance ?? 'absent';
    sum[k][0] += 1;
    sum[k][1] += p.voix;
  }
  return (
    <Group gap="xs" data-testid="attendance-summary">
      {(Object.keys(sum) as (keyof typeof sum)[]).map((k) => (
        <Badge key={k} variant="light" color={k === 'absent' ? 'gray' : 'tantieme'} size="lg" radius="sm">
          {t.summary[k]}
          {'\u202f: '}
          {sum[k][0]} · {t.voix(formatInt(sum[k][1]))}
        </Badge>
      ))}
    </Group>
  );
}

function MandataireForm({
  desk,
  who,
  onSave,
  onCancel,
  busy,
}: {
  desk: DeskState;
  who: Participant;
  onSave: (m: { coproprietaire: string | null; name: string }) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const [pick, setPick] = useState<string | null>(null);
  const [name, setName] = useState('');
  const others = desk.participants
    .filter((p) => p.id !== who.id)
    .map((p) => ({ value: p.id, label: p.name }));
  const chosen = desk.participants.find((p) => p.id === pick);
  return (
    <Stack gap="xs" mt="xs">
      <Select label={t.mandatairePick} data={others} value={pick} onChange={setPick} searchable clearable />
      <TextInput
        label={t.mandataireName}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        disabled={!!pick}
      />
      <Group gap="xs">
        <Button
          size="sm"
          loading={busy}
          disabled={!chosen && !name.trim()}
          onClick={() =>
            onSave(chosen ? { coproprietaire: chosen.id, name: chosen.name } : { coproprietaire: null, name })
          }
        >
          {t.save}
        </Button>
        <Button size="sm" variant="default" onClick={onCancel}>
          {t.cancel}
        </Button>
      </Group>
    </Stack>
  );
}

/** One co-owner's line: name, voix, how they take part now, and the toggle to change it. */
function Line({ desk, p, coproId }: { desk: DeskState; p: Participant; coproId: string }) {
  const entry = useDeskEntry(coproId, desk.assemblee.id);
  const [asking, setAsking] = useState(false);
  const from = desk.next_resolution && desk.next_resolution > 1 ? desk.next_resolution : 0;
  const send = (
    attendance: Mode,
    mandataire: { coproprietaire: string | null; name: string } | null = null,
  ) =>
    entry.mutate(
      { kind: 'attendance', coproprietaire: p.id, attendance, mandataire, from_resolution: from },
      {
        onSuccess: () => setAsking(false),
        onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
      },
    );
  const note = [
    p.mandataire ? t.by(p.mandataire.name) : null,
    p.attendance === 'correspondence' ? t.correspondence : null,
    p.attendance === 'correspondence' && p.form?.received_at
      ? t.receivedOn(formatParisDate(p.form.received_at))
      : null,
    ...p.late_forms.map((f) => t.lateForm(formatParisDate(f.received_at))),
  ].filter(Boolean);
  return (
    <Paper withBorder p="sm" data-testid="attendance-line">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>{p.name}</Text>
          <Text size="sm" c="gray.7">
            {t.voix(formatInt(p.voix))}
            {note.length ? ` · ${note.join(' · ')}` : ''}
          </Text>
        </div>
        <SegmentedControl
          fullWidth
          w={{ base: '100%', sm: 'auto' }}
          aria-label={`${t.tabs.attendance} – ${p.name}`}
          value={asking ? 'represented' : modeOf(p)}
          disabled={entry.isPending || desk.assemblee.status_session !== 1}
          onChange={(v) => (v === 'represented' ? setAsking(true) : send(v as Mode))}
          data={(['absent', 'present', 'visio', 'represented'] as const).map((m) => ({
            value: m,
            label: t.attendance[m],
          }))}
        />
      </Group>
      {asking ? (
        <MandataireForm
          desk={desk}
          who={p}
          busy={entry.isPending}
          onCancel={() => setAsking(false)}
          onSave={(m) => send('represented', m)}
        />
      ) : null}
    </Paper>
  );
}

/** Émargement: the co-owners, searchable, each with present / visio / represented / absent. */
export function AttendancePanel({ desk, coproId }: { desk: DeskState; coproId: string }) {
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const n = norm(q.trim());
    return n ? desk.participants.filter((p) => norm(p.name).includes(n)) : desk.participants;
  }, [desk.participants, q]);
  return (
    <Stack gap="sm">
      <AttendanceSummary desk={desk} />
      {desk.next_resolution && desk.next_resolution > 1 ? (
        <Text size="sm" c="gray.7">
          {t.movementHint(desk.next_resolution)}
        </Text>
      ) : null}
      <TextInput
        label={t.search}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        type="search"
      />
      {shown.length === 0 ? <Text c="gray.7">{t.noMatch}</Text> : null}
      {shown.slice(0, SHOWN).map((p) => (
        <Line key={p.id} desk={desk} p={p} coproId={coproId} />
      ))}
      {shown.length > SHOWN ? <Text c="gray.7">{t.narrow(shown.length - SHOWN)}</Text> : null}
    </Stack>
  );
}
