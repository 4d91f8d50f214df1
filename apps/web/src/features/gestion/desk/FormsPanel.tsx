import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type BlankProxyDesignator,
  type DeskState,
  formatParisDate,
  formatParisTime,
  requiredBlankProxyDesignator,
  type VoteChoice,
} from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { deskFr as t } from './frDesk';
import { useDeskEntry } from './queries';

const fail = (err: unknown) => notifications.show({ color: 'red', message: apiMessage(err) });
const owners = (desk: DeskState) => desk.participants.map((p) => ({ value: p.id, label: p.name }));

/** A paper or e-mailed form as received, with its date of receipt (décret art. 9 bis, 14). */
function PaperForm({ desk, coproId }: { desk: DeskState; coproId: string }) {
  const entry = useDeskEntry(coproId, desk.assemblee.id);
  const [who, setWho] = useState<string | null>(null);
  const [method, setMethod] = useState<'papier' | 'courriel'>('papier');
  const [received, setReceived] = useState('');
  const [choices, setChoices] = useState<Record<string, VoteChoice | ''>>({});
  const votable = desk.resolutions.filter((r) => !r.no_vote);
  const deadline = `${formatParisDate(desk.assemblee.form_deadline)} à ${formatParisTime(desk.assemblee.form_deadline)}`;
  const submit = () =>
    entry.mutate(
      {
        kind: 'paper_form',
        coproprietaire: who!,
        method,
        received_at: new Date(received).toISOString(),
        choices: votable.map((r) => ({ resolution: r.id, vote_1: choices[r.id] || null, vote_2: null })),
      },
      {
        onSuccess: (d) => {
          const p = d.participants.find((x) => x.id === who);
          notifications.show({ color: 'teal', message: t.paperForm.saved(!!p?.form) });
          setWho(null);
          setChoices({});
        },
        onError: fail,
      },
    );
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t.paperForm.title}
        </Title>
        <Text size="sm" c="gray.7">
          {t.paperForm.deadline(deadline)}
        </Text>
        <Select label={t.paperForm.who} data={owners(desk)} value={who} onChange={setWho} searchable />
        <Group grow align="flex-end">
          <SegmentedControl
            aria-label={t.paperForm.method}
            value={method}
            onChange={(v) => setMethod(v as 'papier' | 'courriel')}
            data={(['papier', 'courriel'] as const).map((m) => ({ value: m, label: t.paperForm.methods[m] }))}
          />
          <TextInput
            label={t.paperForm.received}
            type="datetime-local"
            value={received}
            onChange={(e) => setReceived(e.currentTarget.value)}
          />
        </Group>
        {votable.map((r) => (
          <Group key={r.id} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{t.resolutionLabel(r.number, r.title)}</Text>
            <SegmentedControl
              aria-label={`${t.paperForm.title} – ${t.resolutionLabel(r.number, r.title)}`}
              value={choices[r.id] ?? ''}
              onChange={(v) => setChoices((c) => ({ ...c, [r.id]: v as VoteChoice | '' }))}
              data={[
                { value: '', label: t.paperForm.blankChoice },
                ...(['agree', 'disagree', 'abstain'] as const).map((c) => ({ value: c, label: t.choice[c] })),
              ]}
            />
          </Group>
        ))}
        <Button
          onClick={submit}
          loading={entry.isPending}
          disabled={!who || !received}
          style={{ alignSelf: 'flex-start' }}
        >
          {t.paperForm.submit}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A proxy without a mandataire's name, handed over as the décret says (art. 15-1). */
function BlankProxy({ desk, coproId }: { desk: DeskState; coproId: string }) {
  const entry = useDeskEntry(coproId, desk.assemblee.id);
  const [mandant, setMandant] = useState<string | null>(null);
  const [mandataire, setMandataire] = useState<string | null>(null);
  const [facts, setFacts] = useState({ conseil: true, president: true, membre: true });
  const [designator, setDesignator] = useState('');
  const role: BlankProxyDesignator = requiredBlankProxyDesignator({
    conseil: facts.conseil,
    presidentConseilPresent: facts.president,
    membreConseilPresent: facts.membre,
  });
  const m = desk.participants.find((p) => p.id === mandataire);
  const submit = () =>
    entry.mutate(
      {
        kind: 'blank_proxy',
        coproprietaire: mandant!,
        mandataire: { coproprietaire: m!.id, name: m!.name },
        designated_by: { role, name: designator },
        conseil: facts.conseil,
        president_conseil_present: facts.conseil && facts.president,
        membre_conseil_present: facts.conseil && facts.membre,
        from_resolution: desk.next_resolution && desk.next_resolution > 1 ? desk.next_resolution : 0,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t.blank.saved });
          setMandant(null);
          setMandataire(null);
        },
        onError: fail,
      },
    );
  const set = (k: keyof typeof facts) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFacts((f) => ({ ...f, [k]: e.currentTarget.checked }));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t.blank.title}
        </Title>
        <Text size="sm" c="gray.7">
          {t.blank.intro}
        </Text>
        <Select
          label={t.blank.mandant}
          data={owners(desk)}
          value={mandant}
          onChange={setMandant}
          searchable
        />
        <Checkbox label={t.blank.conseil} checked={facts.conseil} onChange={set('conseil')} />
        {facts.conseil ? (
          <Group>
            <Checkbox label={t.blank.president} checked={facts.president} onChange={set('president')} />
            <Checkbox label={t.blank.membre} checked={facts.membre} onChange={set('membre')} />
          </Group>
        ) : null}
        <Text size="sm">
          {t.blank.designator}
          {'\u202f: '}
          <strong>{t.roles[role]}</strong>
        </Text>
        <TextInput
          label={t.blank.designatorName}
          value={designator}
          onChange={(e) => setDesignator(e.currentTarget.value)}
        />
        <Select
          label={t.mandatairePick}
          data={owners(desk).filter((o) => o.value !== mandant)}
          value={mandataire}
          onChange={setMandataire}
          searchable
        />
        <Button
          onClick={submit}
          loading={entry.isPending}
          disabled={!mandant || !m || !designator.trim() || desk.assemblee.status_session !== 1}
          style={{ alignSelf: 'flex-start' }}
        >
          {t.blank.submit}
        </Button>
      </Stack>
    </Paper>
  );
}

export function FormsPanel({ desk, coproId }: { desk: DeskState; coproId: string }) {
  return (
    <Stack gap="md">
      <PaperForm desk={desk} coproId={coproId} />
      <BlankProxy desk={desk} coproId={coproId} />
    </Stack>
  );
}
