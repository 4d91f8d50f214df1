import { Card, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconFileTypePdf, IconFileText, IconPhoto } from '@tabler/icons-react';
import { type DocumentItem, fileTypeClass, formatCents, formatDate, formatSize } from '@tantieme/contract';
import type { PreviewFile } from '../../../ui/FilePreview';

export const toPreview = (d: DocumentItem): PreviewFile => ({
  url: d.source_url,
  name: d.name,
  content_type: d.content_type,
  size: d.capacity,
});

function FileIcon({ contentType, name }: { contentType: string; name: string }) {
  const c = fileTypeClass(contentType, name);
  const props = { size: 28, stroke: 1.5, 'aria-hidden': true, style: { flexShrink: 0 } } as const;
  if (c === 'pdf') return <IconFileTypePdf {...props} color="var(--mantine-color-red-8)" />;
  if (c === 'image') return <IconPhoto {...props} color="var(--mantine-color-blue-8)" />;
  return <IconFileText {...props} color="var(--mantine-color-gray-7)" />;
}

/** A grid of document cards; a card opens the preview overlay. */
export function DocumentList({ docs, onOpen }: { docs: DocumentItem[]; onOpen: (f: PreviewFile) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {docs.map((d) => (
        <Card key={d.id} withBorder radius="md" padding={0}>
          <UnstyledButton
            onClick={() => onOpen(toPreview(d))}
            p="sm"
            style={{ display: 'block', width: '100%' }}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <FileIcon contentType={d.content_type} name={d.name} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" lineClamp={2}>
                  {d.name}
                </Text>
                <Text size="xs" c="dark.5">
                  {formatDate(d.date)} · {formatSize(d.capacity)}
                  {d.amount != null ? ` · ${formatCents(d.amount)}` : ''}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        </Card>
      ))}
    </SimpleGrid>
  );
}
