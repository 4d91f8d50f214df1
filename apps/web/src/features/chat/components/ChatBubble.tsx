import { Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChecks, IconFile } from '@tabler/icons-react';
import { type ChatFile, type ChatMessage, fileTypeClass, formatSize } from '@tantieme/contract';
import { chatFr as t } from '../fr';
import { when } from './ContactList';

const hhmm = (iso: string) =>
  new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
/** '14:05' today, 'Hier 14:05', '21/11/2026 14:05'. */
const stamp = (iso: string) => {
  const w = when(iso);
  return w === hhmm(iso) ? w : `${w} ${hhmm(iso)}`;
};

function Attachment({ file, onOpen }: { file: ChatFile; onOpen: () => void }) {
  return (
    <UnstyledButton
      onClick={onOpen}
      data-testid="chat-file"
      // Its name is its visible text (name, size · type): axe label-content-name-mismatch.
    >
      <Paper withBorder radius="sm" px="xs" py={6} bg="white">
        <Group gap={6} wrap="nowrap">
          <IconFile size={18} aria-hidden color="var(--mantine-color-tantieme-7)" />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dark" truncate="end" maw={220}>
              {file.name}
            </Text>
            <Text size="xs" c="gray.7">
              {formatSize(file.size)} · {fileTypeClass(file.content_type, file.name).toUpperCase()}
            </Text>
          </div>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** One message: its author, text and attachments, its time and, for mine, sent or read. */
export function Bubble({
  m,
  showAuthor,
  onOpenFile,
}: {
  m: ChatMessage;
  showAuthor: boolean;
  onOpenFile: (f: ChatFile) => void;
}) {
  return (
    <Group
      justify={m.mine ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-mine={m.mine ? '1' : '0'}
    >
      <Box maw="80%">
        {showAuthor && (
          <Text size="xs" c="gray.7" mb={2} ta={m.mine ? 'right' : 'left'}>
            {m.created_by_name}
          </Text>
        )}
        <Paper
          radius="lg"
          px="sm"
          py={8}
          bg={m.mine ? 'tantieme.8' : 'gray.1'}
          c={m.mine ? 'white' : 'dark'}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {m.text && <Text size="sm">{m.text}</Text>}
          {m.files.length > 0 && (
            <Stack gap={4} mt={m.text ? 6 : 0}>
              {m.files.map((f) => (
                <Attachment key={f.id} file={f} onOpen={() => onOpenFile(f)} />
              ))}
            </Stack>
          )}
        </Paper>
        <Group gap={4} justify={m.mine ? 'flex-end' : 'flex-start'} mt={2}>
          <Text size="xs" c="gray.7">
            {stamp(m.created_date)}
          </Text>
          {m.mine &&
            (m.read ? (
              <IconChecks
                size={14}
                aria-label={t.read}
                color="var(--mantine-color-tantieme-7)"
                data-testid="chat-read"
              />
            ) : (
              <IconCheck
                size={14}
                aria-label={t.sent}
                color="var(--mantine-color-gray-7)"
                data-testid="chat-sent"
              />
            ))}
        </Group>
      </Box>
    </Group>
  );
}
