import {
  ActionIcon,
  Alert,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import {
  ApiError,
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TYPES,
  CHAT_FILES_MAX,
  type ChatConversation,
  chatMessages,
  formatSize,
} from '@tantieme/contract';
import { useState } from 'react';
import { chatFr as t } from '../fr';
import { type ChatScope, useSendMessage } from '../queries';

/** What the panel's foot shows: the message being written with its attachments, or why one cannot write. */
export function ChatComposer({ scope, conversation }: { scope: ChatScope; conversation: ChatConversation }) {
  const send = useSendMessage(scope, conversation.id);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);

  const addFiles = (picked: File[]) => {
    setFileError(null);
    const ok = picked.filter((f) => {
      if (!(CHAT_FILE_TYPES as readonly string[]).includes(f.type)) {
        setFileError(chatMessages.fileType);
        return false;
      }
      if (f.size > CHAT_FILE_MAX_BYTES) {
        setFileError(chatMessages.fileSize);
        return false;
      }
      return true;
    });
    setFiles((cur) => [...cur, ...ok].slice(0, CHAT_FILES_MAX));
  };

  const submit = () => {
    if (send.isPending || (!text.trim() && files.length === 0)) return;
    send.mutate(
      { text: text.trim(), files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
        },
      },
    );
  };

  if (!conversation.can_write)
    return (
      <Alert color="yellow" variant="light" data-testid="chat-cannot-write">
        <Text size="sm" c="dark">
          {t.cannotWrite}
        </Text>
      </Alert>
    );
  return (
    <Stack gap={6}>
      {(send.error || fileError) && (
        <Text size="sm" c="red.8" role="alert">
          {fileError ?? (send.error instanceof ApiError ? send.error.message : t.sendError)}
        </Text>
      )}
      {files.length > 0 && (
        <Group gap={6}>
          {files.map((f, i) => (
            <Paper key={`${f.name}-${f.size}-${f.lastModified}`} withBorder radius="sm" px={8} py={2}>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" truncate="end" maw={180}>
                  {f.name} ({formatSize(f.size)})
                </Text>
                <CloseButton
                  size="xs"
                  aria-label={t.removeFile(f.name)}
                  onClick={() => setFiles((cur) => cur.filter((_, k) => k !== i))}
                />
              </Group>
            </Paper>
          ))}
        </Group>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <FileButton onChange={addFiles} multiple accept={CHAT_FILE_TYPES.join(',')}>
          {(props) => (
            <ActionIcon {...props} variant="subtle" size="lg" aria-label={t.attach} data-testid="chat-attach">
              <IconPaperclip size={20} />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={4000}
          aria-label={t.placeholder}
          placeholder={t.placeholder}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          data-testid="chat-input"
        />
        <ActionIcon
          size="lg"
          onClick={submit}
          loading={send.isPending}
          aria-label={t.send}
          data-testid="chat-send"
          disabled={!text.trim() && files.length === 0}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
