import { Divider, Drawer, List, Paper, Stack, Text, Title, TypographyStylesProvider } from '@mantine/core';
import { formatDate, formatParisTime } from '@tantieme/contract';
import { noticesFr } from '../frNotices';
import { useNotice } from '../queriesNotices';
import { QueryState } from './QueryState';

const t = noticesFr.detail;

/** One notice: its text, who has read it and when, who has not yet. */
export function NoticePanel({
  coproId,
  id,
  onClose,
}: {
  coproId: string;
  id: string | null;
  onClose(): void;
}) {
  const q = useNotice(coproId, id);
  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      position="right"
      size="lg"
      title={q.data?.subject ?? ''}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <QueryState query={q}>
        {(d) => {
          const read = d.recipients.filter((r) => r.read_at);
          const unread = d.recipients.filter((r) => !r.read_at);
          return (
            <Stack gap="md" data-testid="notice-detail">
              <Text size="sm" c="gray.7">
                {t.sentOn(formatDate(d.created_date), d.sent_by)} · {d.audience_label}
              </Text>
              <Paper withBorder p="sm" bg="gray.0">
                <TypographyStylesProvider fz="sm">
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (communications/sanitize.ts) */}
                  <div dangerouslySetInnerHTML={{ __html: d.html_body }} />
                </TypographyStylesProvider>
              </Paper>
              <Text fw={600}>{noticesFr.readBy(d.read_count, d.recipients_count)}</Text>
              <Divider />
              <Title order={3} size="h4">
                {t.read} ({read.length})
              </Title>
              {read.length ? (
                <List spacing={4} data-testid="notice-readers">
                  {read.map((r) => (
                    <List.Item key={r.coproprietaire_id}>
                      <Text size="sm" span fw={600}>
                        {r.name}
                      </Text>{' '}
                      <Text size="sm" span c="gray.7">
                        {t.lots(r.lots)} · {t.readAt(formatDate(r.read_at!), formatParisTime(r.read_at!))}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">{t.nobody}</Text>
              )}
              <Title order={3} size="h4">
                {t.unread} ({unread.length})
              </Title>
              {unread.length ? (
                <List spacing={4} data-testid="notice-unread">
                  {unread.map((r) => (
                    <List.Item key={r.coproprietaire_id}>
                      <Text size="sm" span>
                        {r.name}
                      </Text>{' '}
                      <Text size="sm" span c="gray.7">
                        {t.lots(r.lots)}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">{t.everybody}</Text>
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Drawer>
  );
}
