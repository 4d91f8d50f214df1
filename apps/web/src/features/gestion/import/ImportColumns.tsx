import { Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IMPORT_COLUMN_LABELS, IMPORT_COLUMNS, type ImportColumn } from '@tantieme/contract';
import { importFr as t } from './frImport';

const OPTIONS = IMPORT_COLUMNS.map((c) => ({ value: c, label: IMPORT_COLUMN_LABELS[c] }));

/** Each header of the file and what it holds (guessed by the server), to correct before checking again. */
export function ImportColumns({
  headers,
  columns,
  onChange,
}: {
  headers: string[];
  columns: ImportColumn[];
  onChange: (columns: ImportColumn[]) => void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-columns-title">
      <Title order={2} size="h4" id="import-columns-title">
        {t.columnsTitle}
      </Title>
      <Text size="sm" c="gray.7">
        {t.columnsIntro}
      </Text>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {headers.map((h, k) => (
            <Select
              // The header's place is its identity: two columns may have the same title.
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              key={k}
              label={h || `Colonne ${k + 1}`}
              aria-label={t.columnOf(h || `Colonne ${k + 1}`)}
              data={OPTIONS}
              value={columns[k] ?? 'ignore'}
              allowDeselect={false}
              onChange={(v) => onChange(columns.map((c, i) => (i === k ? (v as ImportColumn) : c)))}
            />
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
