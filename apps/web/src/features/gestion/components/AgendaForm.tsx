import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ApiError,
  type ConsoleAssemblee,
  type ConsoleAssembleeBody,
  BUREAU_NATURES,
  BUREAU_RESOLUTIONS,
  DECISION_TYPE_CODES,
  DECISION_TYPES,
  type DecisionTypeCode,
} from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { assembleesFr as t } from '../frAssemblees';

type Resolution = ConsoleAssembleeBody['resolutions'][number];
type Article = Resolution['article'];

const blank = (): Resolution => ({
  nature: null,
  title: '',
  content: null,
  article: 'ART-24',
  repartition_id: null,
  article_reason: null,
  no_vote: false,
});

/**
 * A new agenda opens with the bureau's election, at art. 24 (décret 1967 art. 15); the secrétaire
 * is the syndic unless the catalogue's « Désignation du secrétaire de séance » is added.
 */
const bureau = (): Resolution[] =>
  BUREAU_RESOLUTIONS.filter((b) => b.role !== 'secretaire').map((b) => ({
    ...blank(),
    nature: BUREAU_NATURES[b.role],
    title: b.title,
    content: b.content,
  }));

/** A date for the datetime-local input, in the browser's time (the syndic's). */
function localValue(iso: string | undefined) {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Whether the chosen article or key departs from the catalogue's proposal (a reason is then asked). */
function departs(r: Resolution) {
  if (!r.nature || r.no_vote) return false;
  const p = DECISION_TYPES[r.nature];
  return p.article !== r.article || (p.key === 'generales' && r.repartition_id !== null);
}

/**
 * The assembly's date and agenda. Each resolution's decision, from the catalogue, proposes the
 * article and the key; changing them asks for a reason, which the server records.
 */
export function AgendaForm({
  initial,
  keys,
  disabled,
  saving,
  onSave,
}: {
  initial: ConsoleAssemblee | undefined;
  keys: { id: string; name: string; kind: string }[];
  disabled: boolean;
  saving: boolean;
  onSave: (body: ConsoleAssembleeBody) => Promise<unknown>;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [date, setDate] = useState(localValue(initial?.date));
  const [type, setType] = useState<'ORDINAIRE' | 'EXTRAORDINAIRE'>(initial?.type ?? 'ORDINAIRE');
  const [visio, setVisio] = useState(initial?.visio_url ?? '');
  const [resolutions, setResolutions] = useState<Resolution[]>(
    initial?.resolutions_detail.map(({ id: _id, number: _n, ...r }) => r) ?? [...bureau(), blank()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [root, setRoot] = useState<string | null>(null);

  const set = (k: number, patch: Partial<Resolution>) =>
    setResolutions((rs) => rs.map((r, i) => (i === k ? { ...r, ...patch } : r)));
  const choose = (k: number, code: string | null) => {
    const nature = (code || null) as DecisionTypeCode | null;
    const p = nature ? DECISION_TYPES[nature] : null;
    set(k, {
      nature,
      ...(p ? { article: p.article, repartition_id: null, article_reason: null } : {}),
      ...(p && !resolutions[k].title ? { title: p.label } : {}),
    });
  };
  // The server's own choice: the key of that kind, else the building's only key.
  const general = keys.find((k) => k.kind === 'generales') ?? (keys.length === 1 ? keys[0] : undefined);
  const special = keys.filter((k) => k !== general);

  async function submit(ev: React.FormEvent) {
    ev.preventDefault();
    setErrors({});
    setRoot(null);
    try {
      await onSave({
        name,
        type,
        date: date ? new Date(date).toISOString() : '',
        visio_url: visio || null,
        resolutions,
      });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
      setErrors(fields);
      setRoot(apiMessage(err));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t.name}
            placeholder={t.namePlaceholder}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            disabled={disabled}
            required
            miw={260}
          />
          <TextInput
            type="datetime-local"
            label={t.date}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
            disabled={disabled}
            required
            miw={220}
          />
          <Select
            label={t.type}
            data={Object.entries(t.types).map(([value, label]) => ({ value, label }))}
            value={type}
            onChange={(v) => setType((v as typeof type) ?? 'ORDINAIRE')}
            allowDeselect={false}
            disabled={disabled}
            miw={160}
          />
        </Group>
        <TextInput
          label={t.visio}
          placeholder="https://"
          value={visio}
          onChange={(e) => setVisio(e.currentTarget.value)}
          error={errors.visio_url}
          disabled={disabled}
        />
        <Stack gap="xs" component="section" aria-labelledby="agenda-title">
          <Title order={2} size="h3" id="agenda-title">
            {t.agenda}
          </Title>
          <Text size="sm" c="gray.7">
            {t.agendaIntro}
          </Text>
        </Stack>
        {resolutions.map((r, k) => {
          const err = (f: string) => errors[`resolutions.${k}.${f}`];
          const p = r.nature ? DECISION_TYPES[r.nature] : null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: resolutions are numbered by their place
            <Paper withBorder p="md" key={k} component="fieldset">
              <Stack gap="sm">
                <Text component="legend" fw={600}>
                  {t.resolution(k + 1)}
                </Text>
                <Select
                  label={t.nature}
                  data={[
                    { value: '', label: t.natureNone },
                    ...DECISION_TYPE_CODES.map((c) => ({ value: c, label: DECISION_TYPES[c].label })),
                  ]}
                  value={r.nature ?? ''}
                  onChange={(v) => choose(k, v)}
                  allowDeselect={false}
                  disabled={disabled}
                  searchable
                />
                {p ? (
                  <Text size="sm" c="gray.7">
                    {t.proposal(t.articles[p.article], p.source)}
                  </Text>
                ) : null}
                <TextInput
                  label={t.resTitle}
                  value={r.title}
                  onChange={(e) => set(k, { title: e.currentTarget.value })}
                  error={err('title')}
                  disabled={disabled}
                  required
                />
                <Textarea
                  label={t.content}
                  value={r.content ?? ''}
                  onChange={(e) => set(k, { content: e.currentTarget.value || null })}
                  error={err('content')}
                  disabled={disabled}
                  autosize
                  minRows={2}
                />
                <Checkbox
                  label={t.noVote}
                  checked={r.no_vote}
                  onChange={(e) => set(k, { no_vote: e.currentTarget.checked })}
                  disabled={disabled}
                />
                {r.no_vote ? null : (
                  <Group grow align="flex-start" wrap="wrap">
                    <Select
                      label={t.article}
                      data={Object.entries(t.articles).map(([value, label]) => ({ value, label }))}
                      value={r.article}
                      onChange={(v) => set(k, { article: (v as Article) ?? 'ART-24' })}
                      error={err('article')}
                      allowDeselect={false}
                      disabled={disabled}
                      miw={180}
                    />
                    <Select
                      label={t.key}
                      data={[
                        { value: '', label: t.generalKey },
                        ...special.map((x) => ({ value: x.id, label: x.name })),
                      ]}
                      value={r.repartition_id ?? ''}
                      onChange={(v) => set(k, { repartition_id: v || null })}
                      error={err('repartition_id')}
                      allowDeselect={false}
                      disabled={disabled}
                      miw={180}
                    />
                  </Group>
                )}
                {departs(r) || err('article_reason') ? (
                  <TextInput
                    label={t.reason}
                    value={r.article_reason ?? ''}
                    onChange={(e) => set(k, { article_reason: e.currentTarget.value || null })}
                    error={err('article_reason')}
                    disabled={disabled}
                    required
                  />
                ) : null}
                {disabled || resolutions.length === 1 ? null : (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setResolutions((rs) => rs.filter((_, i) => i !== k))}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t.removeResolution(k + 1)}
                  </Button>
                )}
              </Stack>
            </Paper>
          );
        })}
        {disabled ? null : (
          <Group>
            <Button variant="light" onClick={() => setResolutions((rs) => [...rs, blank()])}>
              {t.addResolution}
            </Button>
            <Button type="submit" loading={saving}>
              {t.save}
            </Button>
          </Group>
        )}
        {root ? (
          <Alert color="red" role="alert">
            {root}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
