import {
  ActionIcon,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import {
  CONSOLE_DOCUMENT_AUDIENCES,
  CONSOLE_DOCUMENT_KINDS,
  type ConsoleDocumentAudience,
  consoleDocumentKind,
  formatSize,
} from '@tantieme/contract';
import { documentsFr } from './frDocuments';
import type { QueueItem } from './queue';

const t = documentsFr.queue;

export interface RowChoices {
  owners: { value: string; label: string }[];
  ownTypes: { value: string; label: string }[];
}

const kindOptions = CONSOLE_DOCUMENT_KINDS.map((k) => ({ value: k.code, label: k.label }));

/** One file of the list: its name, type, readers, date; its progress bar; its error, in French. */
export function UploadRow({
  item,
  choices,
  onChange,
  onRemove,
}: {
  item: QueueItem;
  choices: RowChoices;
  onChange: (patch: Partial<QueueItem>) => void;
  onRemove: () => void;
}) {
  const s = item.step;
  const busy = s.kind === 'hashing' || s.kind === 'sending' || s.kind === 'publishing';
  const locked = busy || s.kind === 'done';
  const pct = s.kind === 'sending' ? s.pct : s.kind === 'publishing' || s.kind === 'done' ? 100 : 0;
  const status =
    s.kind === 'hashing'
      ? t.hashing
      : s.kind === 'sending'
        ? t.sending(s.pct)
        : s.kind === 'publishing'
          ? t.publishing
          : s.kind === 'done'
            ? t.done
            : null;
  const own = item.audience === 'coproprietaire';
  const err = (f: string) => (s.kind === 'error' && s.field === f ? s.message : undefined);
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="upload-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
            {item.file.name}{' '}
            <Text span c="gray.7" size="sm" fw={400}>
              ({formatSize(item.file.size)})
            </Text>
          </Text>
          {!busy && s.kind !== 'done' ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size={32}
              onClick={onRemove}
              aria-label={t.remove(item.file.name)}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
        {item.replaces ? (
          <Text size="sm" c="gray.7">
            {t.replacing(item.replaces.name)}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={t.name}
            value={item.name}
            disabled={locked}
            error={err('name')}
            onChange={(ev) => onChange({ name: ev.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t.date}
            value={item.date}
            disabled={locked}
            error={err('date')}
            onChange={(ev) => onChange({ date: ev.currentTarget.value })}
          />
          {item.replaces ? null : (
            <>
              <Select
                label={t.audience}
                data={CONSOLE_DOCUMENT_AUDIENCES.map((a) => ({ value: a, label: documentsFr.audiences[a] }))}
                value={item.audience}
                disabled={locked}
                error={err('audience')}
                allowDeselect={false}
                onChange={(v) => v && onChange({ audience: v as ConsoleDocumentAudience })}
              />
              <Select
                label={t.type}
                data={own ? choices.ownTypes : kindOptions}
                value={own ? item.type : item.kind}
                disabled={locked}
                error={err(own ? 'type' : 'kind')}
                allowDeselect={false}
                onChange={(v) =>
                  own
                    ? onChange({ type: v })
                    : onChange({
                        kind: v,
                        audience: consoleDocumentKind(v ?? '')?.audience ?? item.audience,
                      })
                }
              />
              {own ? (
                <Select
                  label={t.owner}
                  placeholder={t.ownerPlaceholder}
                  data={choices.owners}
                  value={item.ownerId}
                  searchable
                  disabled={locked}
                  error={err('coproprietaire_id')}
                  onChange={(v) => onChange({ ownerId: v })}
                />
              ) : null}
            </>
          )}
        </SimpleGrid>
        {s.kind !== 'ready' && s.kind !== 'error' ? (
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={pct}
              flex={1}
              size="lg"
              color={s.kind === 'done' ? 'teal' : 'tantieme'}
              aria-label={t.progress(item.file.name)}
              animated={busy}
            />
            <Text size="sm" w={120} aria-live="polite">
              {status}
            </Text>
          </Group>
        ) : null}
        {s.kind === 'error' ? (
          <Text size="sm" c="red.8" role="alert" data-testid="upload-error">
            {s.message}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
