import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { formatSize, type Message } from '@tantieme/contract';
import { useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { t } from '../fr';

/** Message detail: title, body and attachments opening in the file preview (SPEC §2.21). */
export function MessageDetail({ item, onClose }: { item: Message | null; onClose(): void }) {
  const [file, setFile] = useState<PreviewFile | null>(null);
  return (
    <>
      <Modal opened={!!item} onClose={onClose} title={item?.title} centered size="lg" zIndex={400}>
        {item && (
          <Stack gap="sm" data-testid="message-detail">
            <Text size="xs" c="dark.4">
              {t.from} {item.sender.name} · {new Date(item.created_date).toLocaleString('fr-FR')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {item.body}
            </Text>
            {item.attachments.length > 0 && (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t.attachments}
                </Text>
                {item.attachments.map((a) => (
                  <Group key={a.id} gap={6} wrap="nowrap">
                    <IconPaperclip size={16} aria-hidden />
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      disabled={!a.path_url}
                      onClick={() =>
                        a.path_url && setFile({ url: a.path_url, name: a.name, content_type: a.content_type })
                      }
                    >
                      {a.name}
                    </Anchor>
                    <Text size="xs" c="dark.4">
                      {formatSize(a.capacity)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose}>{t.close}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <FilePreview file={file} onClose={() => setFile(null)} />
    </>
  );
}
