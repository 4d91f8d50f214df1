import { Alert, Badge, Button, Card, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ApiError,
  hasSecondVote,
  type Resolution,
  type ResolutionsData,
  VOTE_CHOICE_LABELS,
  type VoteChoice,
  type VoteFormChoice,
  voteCounter,
} from '@tantieme/contract';
import { useEffect, useRef, useState } from 'react';
import { alertModal, confirmModal } from '../../../ui/confirm';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { frAg as t } from '../fr';
import { type AgTarget, useVote } from '../queries';

const CHOICES: VoteChoice[] = ['agree', 'disagree', 'abstain'];

/** The choices already recorded, so that 'Re vote' starts from the current ballot. */
export function recordedChoices(resolutions: Resolution[]): Record<string, VoteFormChoice> {
  const first = (v: Resolution['vote']) => (v.last_method ? (v.methods[v.last_method]?.value ?? null) : null);
  return Object.fromEntries(
    resolutions.map((r) => [r.id, { vote_1: first(r.vote), vote_2: first(r.vote_2) }]),
  );
}

/**
 * Publishes the sticky bar's height as `--sticky-bar-height` on the page (a11y.css adds it to
 * the scroll padding): a radio scrolled into view, by a click or by Tab, stops above the bar
 * instead of under it.
 */
function useStickyBarHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el) return;
    const set = () => root.style.setProperty('--sticky-bar-height', `${el.offsetHeight + 8}px`);
    set();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(set);
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      root.style.removeProperty('--sticky-bar-height');
    };
  }, []);
  return ref;
}

function ChoiceGroup({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: VoteChoice | null | undefined;
  onChange: (v: VoteChoice) => void;
}) {
  return (
    <Radio.Group
      label={label}
      name={name}
      value={value ?? null}
      onChange={(v) => onChange(v as VoteChoice)}
      withAsterisk
    >
      <Group gap="lg" mt={6}>
        {CHOICES.map((c) => (
          // 24 px radios: a target a finger or a pointer hits (WCAG 2.2, 2.5.8).
          <Radio key={c} value={c} label={VOTE_CHOICE_LABELS[c]} size="md" />
        ))}
      </Group>
    </Radio.Group>
  );
}

function ResolutionCard({
  r,
  choice,
  onChange,
  onOpenFile,
}: {
  r: Resolution;
  choice: VoteFormChoice | undefined;
  onChange: (c: VoteFormChoice) => void;
  onOpenFile: (f: PreviewFile) => void;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`res-${r.id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Title order={2} size="h5" id={`res-${r.id}`}>
          {t.resolution(r.number)} – {r.title}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color="tantieme">
            {t.article(r.article)}
          </Badge>
          {r.repartition && (
            <Badge variant="outline" color="gray.8" title={t.repartition}>
              {r.repartition.name}
            </Badge>
          )}
        </Group>
      </Group>
      {r.preamble && (
        <Text size="sm" mt="xs" c="gray.8">
          <strong>{t.preamble} : </strong>
          {r.preamble}
        </Text>
      )}
      {r.content && (
        <Text size="sm" mt="xs">
          {r.content}
        </Text>
      )}
      {r.comment && (
        <Text size="sm" mt="xs" c="gray.7" fs="italic">
          {r.comment}
        </Text>
      )}
      {r.files.length > 0 && (
        <Group gap="xs" mt="xs">
          <Text size="sm" fw={500}>
            {t.files} :
          </Text>
          {r.files.map((f) => (
            <Button key={f.id} variant="subtle" size="compact-sm" onClick={() => onOpenFile(f)}>
              {f.name}
            </Button>
          ))}
        </Group>
      )}
      {r.no_vote ? (
        <Text size="sm" mt="sm" c="gray.7">
          {t.noVote}
        </Text>
      ) : (
        <Stack gap="sm" mt="md">
          <ChoiceGroup
            label={t.firstVote}
            name={`vote1-${r.id}`}
            value={choice?.vote_1}
            onChange={(v) => onChange({ ...choice, vote_1: v })}
          />
          {hasSecondVote(r.article) && (
            <ChoiceGroup
              label={t.secondVote(r.article)}
              name={`vote2-${r.id}`}
              value={choice?.vote_2}
              onChange={(v) => onChange({ ...choice, vote_2: v })}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}

/**
 * 'Vote form' (SPEC §4, §8): every resolution with its choices, the 25-1 / 26-1 second choice, the
 * valid/total counter, submit only when complete, the confirm dialog and the §8 outcomes.
 */
export function VoteForm({
  data,
  target,
  agId,
  onVoted,
}: {
  data: ResolutionsData;
  target: AgTarget;
  agId: string;
  onVoted: () => void;
}) {
  const [choices, setChoices] = useState<Record<string, VoteFormChoice>>(() =>
    recordedChoices(data.resolutions),
  );
  const [file, setFile] = useState<PreviewFile | null>(null);
  const barRef = useStickyBarHeight();
  const { mutation, reload } = useVote(target, agId);
  const counter = voteCounter(data.resolutions, choices);
  const complete = counter.total > 0 && counter.valid === counter.total;

  if (counter.total === 0)
    return (
      <Alert color="gray" variant="light">
        {t.emptyVote}
      </Alert>
    );

  async function submit() {
    if (!(await confirmModal({ message: t.confirm }))) return;
    try {
      await mutation.mutateAsync({
        coproprietaire: { id: target.id, name: '' },
        list_data: data.resolutions
          .filter((r) => !r.no_vote)
          .map((r) => ({
            id: r.id,
            title: r.title,
            field: {
              vote_1: { vote_value: choices[r.id]?.vote_1 ?? null },
              vote_2: { vote_value: hasSecondVote(r.article) ? (choices[r.id]?.vote_2 ?? null) : null },
            },
            has_vote_two: hasSecondVote(r.article),
          })),
      });
      notifications.show({ color: 'teal', message: t.success });
      await reload();
      onVoted();
    } catch (err) {
      const message = err instanceof ApiError ? `${err.code} ${err.message}` : String(err);
      if (message.includes('assemblee_session_has_been_start')) {
        await alertModal({ message: t.sessionStarted });
        await reload();
        return;
      }
      setTimeout(() => {
        notifications.show({ color: 'red', message: t.error });
        void reload();
      }, 1000);
    }
  }

  return (
    <Stack gap="md" pb="md">
      {data.resolutions.map((r) => (
        <ResolutionCard
          key={r.id}
          r={r}
          choice={choices[r.id]}
          onChange={(c) => setChoices((s) => ({ ...s, [r.id]: c }))}
          onOpenFile={setFile}
        />
      ))}
      <Paper
        ref={barRef}
        withBorder
        shadow="md"
        px="sm"
        py={6}
        radius="md"
        style={{ position: 'sticky', bottom: 'calc(var(--app-shell-footer-offset, 0px) + 8px)', zIndex: 5 }}
      >
        {/* One line on a phone (label and count side by side): the bar takes ~50 px, not ~90. */}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="wrap" align="baseline" style={{ minWidth: 0 }}>
            <Text size="xs" c="gray.7">
              {t.counterLabel}
            </Text>
            <Text fw={700} aria-live="polite" data-testid="vote-counter">
              {t.counter(counter.valid, counter.total)}
            </Text>
          </Group>
          <Button onClick={submit} disabled={!complete} loading={mutation.isPending} style={{ flex: 'none' }}>
            {t.submit}
          </Button>
        </Group>
      </Paper>
      <FilePreview file={file} onClose={() => setFile(null)} />
    </Stack>
  );
}
