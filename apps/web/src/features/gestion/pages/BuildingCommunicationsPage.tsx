import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatDate } from '@tantieme/contract';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { NoticeForm } from '../components/NoticeForm';
import { NoticePanel } from '../components/NoticePanel';
import { QueryState } from '../components/QueryState';
import { noticesFr as t } from '../frNotices';
import { may, useConsoleMe } from '../me';
import { useNotices } from '../queriesNotices';

/** A building's notices (avis): who has read each, and the form to write one. */
export default function BuildingCommunicationsPage() {
  const { coproId = '' } = useParams();
  const me = useConsoleMe();
  const notices = useNotices(coproId);
  const [writing, setWriting] = useState(false);
  const [params, setParams] = useSearchParams();
  const opened = params.get('avis');
  const open = (id: string | null) =>
    setParams((p) => {
      if (id) p.set('avis', id);
      else p.delete('avis');
      return p;
    });
  const canWrite = may(me.data, 'messages.write');
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="communications" />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="gray.7" maw={720}>
          {t.intro}
        </Text>
        {canWrite && !writing ? (
          <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setWriting(true)}>
            {t.write}
          </Button>
        ) : null}
      </Group>
      <QueryState query={notices}>
        {(n) => (
          <>
            {writing ? (
              <NoticeForm
                coproId={coproId}
                choices={n}
                onCancel={() => setWriting(false)}
                onSent={(id) => {
                  setWriting(false);
                  open(id);
                }}
              />
            ) : null}
            {n.items.length === 0 ? (
              <Text>{t.empty}</Text>
            ) : (
              <Table.ScrollContainer
                minWidth={520}
                type="native"
                tabIndex={0}
                role="region"
                aria-label={t.listLabel}
              >
                <Table verticalSpacing="sm" striped data-testid="notices">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={110}>{t.columns.date}</Table.Th>
                      <Table.Th>{t.columns.subject}</Table.Th>
                      <Table.Th w={170}>{t.columns.read}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {n.items.map((i) => (
                      <Table.Tr key={i.id} data-testid="notice-row">
                        <Table.Td>{formatDate(i.created_date)}</Table.Td>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            fw={600}
                            ta="left"
                            mih={24}
                            aria-label={t.open(i.subject)}
                            onClick={() => open(i.id)}
                          >
                            {i.subject}
                          </Anchor>
                          <Text size="xs" c="gray.7">
                            {i.audience_label} · {t.by(i.sent_by)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge
                            variant="light"
                            color={i.read_count === i.recipients_count ? 'green.9' : 'gray.8'}
                            tt="none"
                            size="lg"
                            style={{ whiteSpace: 'nowrap' }}
                          >
                            {t.readBy(i.read_count, i.recipients_count)}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <NoticePanel coproId={coproId} id={opened} onClose={() => open(null)} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
