import { ActionIcon, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ChatConversation, ChatFile } from '@tantieme/contract';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { chatFr as t } from '../fr';
import { type ChatScope, useMarkSeen, useMessages } from '../queries';
import { ContactAvatar } from './ContactList';
import { Bubble } from './ChatBubble';
import { ChatComposer } from './ChatComposer';

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
  const seen = useMarkSeen(scope);
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
        <ChatComposer scope={scope} conversation={conversation} />
      </Box>
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
