import {
  ActionIcon,
  Alert,
  Box,
  Center,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconChecks, IconFile, IconPaperclip, IconSend } from '@tabler/icons-react';
import {
  ApiError,
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TYPES,
  CHAT_FILES_MAX,
  type ChatConversation,
  type ChatFile,
  type ChatMessage,
  chatMessages,
  fileTypeClass,
  formatSize,
} from '@tantieme/contract';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { chatFr as t } from '../fr';
import { type ChatScope, useMarkSeen, useMessages, useSendMessage } from '../queries';
import { ContactAvatar, when } from './ContactList';

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

function Bubble({
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

/** The chat panel: last 25 messages, older ones on scroll up, text and attachments, sent / read. */
export function ChatPanel({
  scope,
  conversation,
  onBack,
}: {
  scope: ChatScope;
  conversation: ChatConversation;
  onBack: () => void;
}) {
  const conv = conversation.id;
  const q = useMessages(scope, conv);
  const send = useSendMessage(scope, conv);
  const seen = useMarkSeen(scope);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const keep = useRef<{ height: number; top: number } | null>(null);

  // Opening a conversation sets its unseen count to 0; so does a message arriving while open.
  const unseen = conversation.un_seen;
  const markSeen = seen.mutate;
  useEffect(() => {
    markSeen(conv);
  }, [conv, markSeen]);
  useEffect(() => {
    if (unseen > 0) markSeen(conv);
  }, [unseen, conv, markSeen]);

  const messages = useMemo(
    () => (q.data ? [...q.data.pages].reverse().flatMap((p) => p.messages) : []),
    [q.data],
  );
  const newest = messages[messages.length - 1]?.id;

  // Older page loaded: keep the view where it was; otherwise stick to the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-runs when the shown messages change
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keep.current) {
      el.scrollTop = el.scrollHeight - keep.current.height + keep.current.top;
      keep.current = null;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, newest]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el || el.scrollTop > 40 || !q.hasNextPage || q.isFetchingNextPage) return;
    keep.current = { height: el.scrollHeight, top: el.scrollTop };
    void q.fetchNextPage();
  };

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

  const openFile = async (f: ChatFile) => {
    const r = await scope.fileUrl(conv, f.id);
    setPreview({ url: r.url, name: r.name, content_type: r.content_type });
  };

  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <Group gap="sm" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <ActionIcon variant="subtle" onClick={onBack} aria-label={t.back} hiddenFrom="md">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <ContactAvatar contact={conversation.contact} size={36} />
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end" data-testid="chat-title">
            {conversation.contact.name}
          </Text>
          {(conversation.contact.position || conversation.contact.type === 'syndic') && (
            <Text size="xs" c="gray.7">
              {conversation.contact.position || t.syndicLabel}
            </Text>
          )}
        </div>
      </Group>
      <Box
        ref={scroller}
        onScroll={onScroll}
        p="sm"
        style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
        data-testid="chat-scroller"
        // A scrollable region a keyboard user can reach and scroll (axe scrollable-region-focusable).
        role="log"
        tabIndex={0}
        aria-label={t.messagesWith(conversation.contact.name)}
        aria-live="polite"
      >
        {q.isFetchingNextPage && (
          <Center py="xs">
            <Loader size="sm" aria-label={t.olderLoading} />
          </Center>
        )}
        {q.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Chargement…" />
          </Center>
        ) : messages.length === 0 ? (
          <Text c="gray.7" ta="center" py="xl">
            {t.noMessage}
          </Text>
        ) : (
          <Stack gap="xs">
            {messages.map((m, i) => (
              <Bubble
                key={m.id}
                m={m}
                showAuthor={
                  conversation.contact.type === 'syndic' || messages[i - 1]?.created_by !== m.created_by
                }
                onOpenFile={openFile}
              />
            ))}
          </Stack>
        )}
      </Box>
      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        {!conversation.can_write ? (
          <Alert color="yellow" variant="light" data-testid="chat-cannot-write">
            <Text size="sm" c="dark">
              {t.cannotWrite}
            </Text>
          </Alert>
        ) : (
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
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    size="lg"
                    aria-label={t.attach}
                    data-testid="chat-attach"
                  >
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
        )}
      </Box>
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
