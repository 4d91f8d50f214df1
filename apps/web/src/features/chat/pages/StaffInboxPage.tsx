import { Box, Center, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useWideLayout } from '../../../ui/layout';
import { NotFound } from '../../../ui/NotFound';
import { ChatPanel } from '../components/ChatPanel';
import { ContactList } from '../components/ContactList';
import { chatFr as t } from '../fr';
import { staffScope, useChatLive, useConversations, useStaffMe } from '../queries';

/** /staff/messaging: every conversation a co-owner opened with 'the syndic'; any staff member answers. */
export default function StaffInboxPage() {
  const me = useStaffMe(true);
  useChatLive('staff');
  const list = useConversations(staffScope);
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const wide = useWideLayout();
  const select = (id: string | null) => setParams(id ? { c: id } : {}, { replace: !id });
  if (me.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  if (!me.data) return <NotFound />;
  const current = list.data?.conversations.find((c) => c.id === selected) ?? null;
  const listColumn = (
    <Stack gap="sm" h="100%" style={{ minHeight: 0 }}>
      <Title order={1} size="h2">
        {t.staffTitle}
      </Title>
      <Text size="sm" c="gray.7">
        {t.staffIntro(me.data.syndic.name)}
      </Text>
      <Box style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {list.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Chargement…" />
          </Center>
        ) : list.data && list.data.conversations.length > 0 ? (
          <ContactList conversations={list.data.conversations} selected={selected} onSelect={select} />
        ) : (
          <Text c="gray.7" py="xl" ta="center">
            {t.staffEmpty}
          </Text>
        )}
      </Box>
    </Stack>
  );
  const panel = current ? (
    <ChatPanel key={current.id} scope={staffScope} conversation={current} onBack={() => select(null)} />
  ) : (
    <Center h="100%">
      <Text c="gray.7">{t.choose}</Text>
    </Center>
  );
  const height = 'calc(100dvh - 60px - 2 * var(--mantine-spacing-md) - 40px)';
  return wide ? (
    <Group align="stretch" gap="md" wrap="nowrap" h={height} mih={480}>
      <Box w={360} style={{ flexShrink: 0 }}>
        {listColumn}
      </Box>
      <Paper withBorder radius="md" style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        {panel}
      </Paper>
    </Group>
  ) : current ? (
    <Paper withBorder radius="md" h={height} mih={420} style={{ overflow: 'hidden' }}>
      {/* The list (and its heading) is hidden on a phone while a conversation is open. */}
      <VisuallyHidden component="h1">{t.staffTitle}</VisuallyHidden>
      {panel}
    </Paper>
  ) : (
    listColumn
  );
}
