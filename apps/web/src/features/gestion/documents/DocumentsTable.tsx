import { Anchor, Button, Group, Paper, Table, Text } from '@mantine/core';
import { type ConsoleDocument, formatDate, formatSize } from '@tantieme/contract';
import { documentsFr } from './frDocuments';

const t = documentsFr.list;

/** The building's documents: name (opens the file), type, readers, date, size; replace, delete. */
export function DocumentsTable({
  documents,
  canWrite,
  onReplace,
  onDelete,
}: {
  documents: ConsoleDocument[];
  canWrite: boolean;
  onReplace: (d: ConsoleDocument) => void;
  onDelete: (d: ConsoleDocument) => void;
}) {
  if (documents.length === 0) return <Text c="gray.7">{t.empty}</Text>;
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" striped data-testid="documents-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.name}</Table.Th>
              <Table.Th scope="col">{t.type}</Table.Th>
              <Table.Th scope="col">{t.audience}</Table.Th>
              <Table.Th scope="col">{t.date}</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t.size}
              </Table.Th>
              {canWrite ? <Table.Th scope="col">{t.actions}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((d) => (
              <Table.Tr key={d.id} data-testid="document-row">
                <Table.Td>
                  <Anchor href={d.url} target="_blank" rel="noopener" size="sm">
                    {d.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{d.type_label}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {d.coproprietaire ? d.coproprietaire.name : documentsFr.audiences[d.audience]}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{formatSize(d.size)}</Table.Td>
                {canWrite ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        mih={28}
                        onClick={() => onReplace(d)}
                        aria-label={t.replace(d.name)}
                      >
                        {t.replaceShort}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        mih={28}
                        onClick={() => onDelete(d)}
                        aria-label={t.delete(d.name)}
                      >
                        {t.deleteShort}
                      </Button>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
