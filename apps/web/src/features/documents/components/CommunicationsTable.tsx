import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Spoiler,
  Stack,
  Table,
  Text,
  TypographyStylesProvider,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPaperclip } from '@tabler/icons-react';
import {
  type Communication,
  communicationTypeLabel,
  type CoproprietaireSummary,
  formatDate,
  formatPhone,
  formatSize,
} from '@tantieme/contract';
import { useMemo, useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { frDocs } from '../fr';
import { useCommunications } from '../queries';
import { useReadReceipts } from '../readReceipts';
import { Empty, LoadError, Loading } from './PageState';

const t = frDocs.comms;

function Recipient({ c }: { c: Communication }) {
  const r = c.recipient_info;
  if (c.sending_method === 'postal') {
    const a = r.sending_address ?? {};
    return (
      <Stack gap={0}>
        {r.name && r.name !== a.address_1 && <Text size="sm">{r.name}</Text>}
        {a.address_1 && <Text size="sm">{a.address_1}</Text>}
        {a.address_4 && <Text size="sm">{a.address_4}</Text>}
        <Text size="sm">{[a.zip_code, a.city].filter(Boolean).join(' ')}</Text>
        {a.country && a.country !== 'FR' && <Text size="sm">{a.country}</Text>}
      </Stack>
    );
  }
  // Numbers as every screen writes them (06 12 34 56 78), not as stored (+33612345678).
  const list =
    c.sending_method === 'email' ? (r.to_addresses ?? []) : (r.sending_phone ?? []).map(formatPhone);
  return (
    <Stack gap={0}>
      {list.map((v) => (
        <Text key={v} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {v}
        </Text>
      ))}
    </Stack>
  );
}

function Content({ c, onOpen }: { c: Communication; onOpen: (f: PreviewFile) => void }) {
  return (
    <Stack gap={6}>
      {c.sending_method === 'email' && c.subject && (
        <Text size="sm" fw={600}>
          {c.subject}
        </Text>
      )}
      {c.sending_method === 'email' && c.html_body && (
        <Spoiler maxHeight={60} showLabel={t.expand} hideLabel={t.collapse}>
          <TypographyStylesProvider fz="sm">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitize-html allow-list, see communications/sanitize.ts) */}
            <div dangerouslySetInnerHTML={{ __html: c.html_body }} />
          </TypographyStylesProvider>
        </Spoiler>
      )}
      {c.sending_method === 'sms' && c.content && <Text size="sm">{c.content}</Text>}
      {c.attachments.length > 0 && (
        <Group gap="xs">
          {c.attachments.map((a) => (
            <Button
              key={a.id}
              size="compact-sm"
              variant="light"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              onClick={() =>
                onOpen({ url: a.path_url, name: a.name, content_type: a.content_type, size: a.capacity })
              }
            >
              {a.name} ({formatSize(a.capacity)})
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

const methodLabel = (m: Communication['sending_method']) =>
  m === 'postal' ? t.postal : m === 'email' ? t.email : t.sms;

function TypeCell({ c }: { c: Communication }) {
  // A notice not yet opened before this showing is marked new (it is opened now).
  const fresh = c.read_at === null;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600}>
        {communicationTypeLabel(c.module)}
      </Text>
      <Badge variant="light" color={fresh ? 'tantieme.9' : 'gray.8'} size="sm" tt="none">
        {fresh ? t.fresh : methodLabel(c.sending_method)}
      </Badge>
    </Stack>
  );
}

/** SPEC §2.18 communications: Date / Type / À / Contenu/Fichiers, 'Afficher davantage', attachments in the preview. */
export function CommunicationsTable({ record }: { record: CoproprietaireSummary | null }) {
  const q = useCommunications(record);
  const phone = useMediaQuery('(max-width: 48em)');
  const [file, setFile] = useState<PreviewFile | null>(null);
  const list = useMemo(() => (q.data?.pages ?? []).flatMap((p) => p.data), [q.data]);
  useReadReceipts(record, list);
  if (!record || q.isLoading) return <Loading />;
  if (q.isError) return <LoadError retry={() => q.refetch()} />;
  return (
    <Stack gap="sm">
      {list.length === 0 ? (
        <Empty text={t.empty} />
      ) : phone ? (
        <Stack gap="sm">
          {list.map((c) => (
            <Card key={c.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" align="flex-start" mb={6}>
                <TypeCell c={c} />
                <Text size="sm" c="dark.5">
                  {formatDate(c.created_date)}
                </Text>
              </Group>
              <Text size="xs" fw={600} c="dark.6">
                {t.columns.to}
              </Text>
              <Recipient c={c} />
              <Text size="xs" fw={600} c="dark.6" mt={6}>
                {t.columns.content}
              </Text>
              <Content c={c} onOpen={setFile} />
            </Card>
          ))}
        </Stack>
      ) : (
        // Scrolls sideways on narrow screens: focusable and named, so a keyboard can scroll it.
        <Table.ScrollContainer type="native" minWidth={760} tabIndex={0} role="region" aria-label={t.title}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>{t.columns.date}</Table.Th>
                <Table.Th w={150}>{t.columns.type}</Table.Th>
                <Table.Th w={240}>{t.columns.to}</Table.Th>
                <Table.Th>{t.columns.content}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td style={{ verticalAlign: 'top' }}>{formatDate(c.created_date)}</Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <TypeCell c={c} />
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Recipient c={c} />
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Content c={c} onOpen={setFile} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {q.hasNextPage && (
        <Anchor
          component="button"
          type="button"
          onClick={() => q.fetchNextPage()}
          disabled={q.isFetchingNextPage}
        >
          {t.more}
        </Anchor>
      )}
      <FilePreview file={file} onClose={() => setFile(null)} />
    </Stack>
  );
}
