import { Box, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SheetPreview } from '@tantieme/contract';
import { useMemo } from 'react';
import { importFr as t } from './frImport';

/** Rows shown: the ones in error first, then the file's first ones, up to this many. */
const SHOWN = 100;

/** The file's rows under its headers, each cell in error marked and its message beside it. */
export function ImportRows({ preview }: { preview: SheetPreview }) {
  const { rows, headers, errors } = preview;
  const { shown, byCell } = useMemo(() => {
    const byCell = new Map<string, string>();
    const wrong = new Set<number>();
    for (const e of errors) {
      if (e.row === null) continue;
      wrong.add(e.row);
      const k = `${e.row}|${e.column ?? ''}`;
      byCell.set(k, byCell.has(k) ? `${byCell.get(k)} ${e.message}` : e.message);
    }
    const first = rows.filter((r) => wrong.has(r.row));
    const rest = rows.filter((r) => !wrong.has(r.row));
    return { shown: [...first, ...rest].slice(0, SHOWN), byCell };
  }, [rows, errors]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-rows-title">
      <Title order={2} size="h4" id="import-rows-title">
        {t.rowsTitle}
      </Title>
      <Text size="sm" c="gray.7">
        {t.rowsShown(shown.length, rows.length)}
      </Text>
      <Paper withBorder>
        {/* A wide file scrolls sideways: the region takes the keyboard's focus to scroll. */}
        <Box
          tabIndex={0}
          role="region"
          aria-labelledby="import-rows-title"
          style={{ overflowX: 'auto', maxHeight: 640, overflowY: 'auto' }}
        >
          <Table striped withColumnBorders fz="sm" data-testid="import-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.rowNumber}</Table.Th>
                {headers.map((h, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <Table.Th key={k}>{h || `Colonne ${k + 1}`}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => {
                const rowError = byCell.get(`${r.row}|`);
                return (
                  <Table.Tr key={r.row} bg={rowError ? 'red.0' : undefined}>
                    <Table.Td title={rowError}>{r.row}</Table.Td>
                    {r.cells.map((c, k) => {
                      const err = byCell.get(`${r.row}|${headers[k] || `Colonne ${k + 1}`}`);
                      return (
                        <Table.Td
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                          key={k}
                          bg={err ? 'red.1' : undefined}
                          data-error={err ? 'true' : undefined}
                        >
                          {c}
                          {err ? (
                            <Text component="span" display="block" size="xs" c="red.9">
                              {err}
                            </Text>
                          ) : null}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      </Paper>
    </Stack>
  );
}
