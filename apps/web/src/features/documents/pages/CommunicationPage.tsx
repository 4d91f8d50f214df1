import { Button, Card, Center, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPaperclip } from '@tabler/icons-react';
import { ApiError, formatDate, formatParisTime, formatPhone, formatSize } from '@tantieme/contract';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { LoadError, Loading } from '../components/PageState';
import { frDocs } from '../fr';
import { useSms } from '../sms';

const t = frDocs.sms;

/** /m/{id} (SPEC §2.18): the SMS a co-owner received, opened from its link. */
export default function CommunicationPage() {
  const { id } = useParams();
  const q = useSms(id);
  const [file, setFile] = useState<PreviewFile | null>(null);
  const sms = q.data;
  return (
    // The empty layout is the page's one <main>.
    <Container size="sm" py="xl">
      {q.isLoading ? (
        <Loading />
      ) : q.isError && !(q.error instanceof ApiError && q.error.status === 404) ? (
        <LoadError retry={() => q.refetch()} />
      ) : !sms ? (
        <Center py="xl">
          <Text>{t.notFound}</Text>
        </Center>
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={1} size="h3">
              {sms.subject ?? 'SMS'}
            </Title>
            <div>
              <Text size="sm" fw={600} c="dark.6">
                {t.to}
              </Text>
              <Text>{(sms.recipient_info.sending_phone ?? []).map(formatPhone).join(', ')}</Text>
            </div>
            <Group gap="xs">
              <IconCircleCheck size={20} color="var(--mantine-color-green-9)" aria-hidden />
              <Text c="green.9" fw={600}>
                {t.sent}
              </Text>
              {sms.internal_executed_date && (
                <Text c="dark.6">
                  {formatDate(sms.internal_executed_date)} {formatParisTime(sms.internal_executed_date)}
                </Text>
              )}
            </Group>
            {sms.content && <Text style={{ whiteSpace: 'pre-wrap' }}>{sms.content}</Text>}
            {sms.attachments.length > 0 && (
              <Stack gap="xs">
                <Text size="sm" fw={600} c="dark.6">
                  {t.attachments}
                </Text>
                {sms.attachments.map((a) => (
                  <Card key={a.id} withBorder padding="xs" radius="sm">
                    <Button
                      variant="subtle"
                      leftSection={<IconPaperclip size={16} aria-hidden />}
                      onClick={() =>
                        setFile({
                          url: a.path_url,
                          name: a.name,
                          content_type: a.content_type,
                          size: a.capacity,
                        })
                      }
                    >
                      {a.name} ({formatSize(a.capacity)})
                    </Button>
                  </Card>
                ))}
              </Stack>
            )}
          </Stack>
        </Card>
      )}
      <FilePreview file={file} onClose={() => setFile(null)} />
    </Container>
  );
}
