import { Accordion, Group, Stack, Text, Title } from '@mantine/core';
import { type DocumentGroup, formatDate, MONTHS_FR } from '@tantieme/contract';
import type { PreviewFile } from '../../../ui/FilePreview';
import { frDocs as t } from '../fr';
import { DocumentList } from './DocumentList';
import { Empty } from './PageState';

function count(g: DocumentGroup) {
  return (
    g.documents.length +
    g.years.reduce((s, y) => s + y.quotes.length + y.records.length, 0) +
    g.months.reduce((s, m) => s + m.documents.length, 0)
  );
}

function GroupBody({ g, onOpen }: { g: DocumentGroup; onOpen: (f: PreviewFile) => void }) {
  if (g.kind === 'AG')
    return (
      <Stack gap="md">
        {g.years.map((y) => (
          <Stack key={y.year} gap="xs">
            <Title order={4} size="h5">
              {y.year}
            </Title>
            {y.quotes.length > 0 && (
              <>
                <Text size="sm" fw={600} c="dark.6">
                  {t.agQuotes}
                </Text>
                <DocumentList docs={y.quotes} onOpen={onOpen} />
              </>
            )}
            {y.records.length > 0 && (
              <>
                <Text size="sm" fw={600} c="dark.6">
                  {t.agRecords}
                </Text>
                <DocumentList docs={y.records} onOpen={onOpen} />
              </>
            )}
          </Stack>
        ))}
      </Stack>
    );
  if (g.kind === 'BANK_STATEMENT')
    return (
      <Stack gap="md">
        {g.months.map((m) => (
          <Stack key={`${m.year}-${m.month}`} gap="xs">
            <Title order={4} size="h5">
              {MONTHS_FR[m.month - 1]} {m.year}
            </Title>
            <DocumentList docs={m.documents} onOpen={onOpen} />
          </Stack>
        ))}
      </Stack>
    );
  return <DocumentList docs={g.documents} onOpen={onOpen} />;
}

/** Document groups (copropriété or syndic), each expandable; syndic groups show card number and approval date. */
export function GroupsView({
  groups,
  onOpen,
}: {
  groups: DocumentGroup[];
  onOpen: (f: PreviewFile) => void;
}) {
  const shown = groups.filter((g) => count(g) > 0);
  if (!shown.length) return <Empty />;
  return (
    <Accordion multiple defaultValue={[shown[0].id]} variant="separated" radius="md">
      {shown.map((g) => (
        <Accordion.Item key={g.id} value={g.id}>
          <Accordion.Control>
            <Group justify="space-between" wrap="wrap" gap="xs" pr="sm">
              <Text fw={600}>
                {g.name} ({count(g)})
              </Text>
              {(g.number || g.approve_date) && (
                <Text size="sm" c="dark.5">
                  {g.number ? `${t.cardNumber} : ${g.number}` : ''}
                  {g.number && g.approve_date ? ' · ' : ''}
                  {g.approve_date ? `${t.approveDate} : ${formatDate(g.approve_date)}` : ''}
                </Text>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <GroupBody g={g} onOpen={onOpen} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
