import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type Checklist, kindOfChecklistItem } from '@tantieme/contract';
import { documentsFr } from './frDocuments';

const t = documentsFr.checklist;
const COLOR = { present: 'teal', missing: 'red', stale: 'orange' } as const;
type Row = Checklist['items'][number];

/**
 * The décret 2019-502 list: each item present, missing (« Manquant ») or to update, with a button
 * that opens the file chooser for that item's type when the console files it (art. 1 and 3).
 */
export function ChecklistPanel({
  checklist,
  canWrite,
  onAdd,
}: {
  checklist: Checklist;
  canWrite: boolean;
  onAdd: (kind: string) => void;
}) {
  const missing = checklist.items.filter((i) => i.status === 'missing').length;
  const groups = (['all', 'own', 'council'] as const).map((a) => ({
    audience: a,
    rows: checklist.items.filter((i) => i.audience === a),
  }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="checklist-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id="checklist-title">
            {t.title}
          </Title>
          <Text fw={600} c={missing ? 'red.8' : 'teal.8'} data-testid="checklist-missing">
            {t.missing(missing)}
          </Text>
        </Group>
        <Text size="sm" c="gray.7">
          {t.intro}
        </Text>
        {groups.map((g) => (
          <Stack key={g.audience} gap={4}>
            <Title order={3} size="h5" mt="xs">
              {t.audiences[g.audience]}
            </Title>
            <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
              {g.rows.map((r) => (
                <ChecklistLine key={r.code} row={r} canWrite={canWrite} onAdd={onAdd} />
              ))}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function ChecklistLine({
  row,
  canWrite,
  onAdd,
}: {
  row: Row;
  canWrite: boolean;
  onAdd: (kind: string) => void;
}) {
  const kind = kindOfChecklistItem(row.code);
  const detail = row.counts
    ? t.counts(row.counts.present, row.counts.total)
    : row.document
      ? row.document.name
      : !kind && row.audience === 'council'
        ? t.syndicOwn
        : null;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={4}
      data-testid="checklist-item"
      data-code={row.code}
      data-status={row.status}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm">{row.label}</Text>
        <Text size="xs" c="gray.7">
          {row.reference}
          {detail ? ` · ${detail}` : ''}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Badge color={COLOR[row.status]} variant="light" tt="none" miw={96}>
          {t.status[row.status]}
        </Badge>
        {canWrite && kind && row.status !== 'present' ? (
          <Button
            size="compact-sm"
            variant="light"
            mih={28}
            onClick={() => onAdd(kind.code)}
            aria-label={t.add(row.label)}
          >
            {t.addShort}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
