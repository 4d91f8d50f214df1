import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInfoCircle, IconMessagePlus } from '@tabler/icons-react';
import type { CoproprietaireSummary } from '@tantieme/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useWideLayout } from '../../../ui/layout';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { settingsFr } from '../../settings/fr';
import { useRecordSettings, useUpdateRecordSetting } from '../../settings/queries';
import { ChatPanel } from '../components/ChatPanel';
import { ContactList } from '../components/ContactList';
import { NewConversationModal } from '../components/NewConversationModal';
import { chatFr as t } from '../fr';
import { recordScope, useChatLive, useConversations } from '../queries';

/** The notice card 'Autorisation' (SPEC §2.22, §1) with the opt-in switch of the record. */
function Autorisation({ record }: { record: CoproprietaireSummary }) {
  const settings = useRecordSettings(record.id);
  const update = useUpdateRecordSetting(record);
  if (!settings.data) return null;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="chat-autorisation">
      <Group gap="xs" mb={6}>
        <IconInfoCircle size={18} aria-hidden color="var(--mantine-color-tantieme-7)" />
        <Text fw={700} size="sm" id="chat-autorisation">
          {settingsFr.authorisationTitle}
        </Text>
      </Group>
      <Switch
        size="sm"
        label={settingsFr.chatAllow}
        description={settingsFr.chatNotice}
        checked={settings.data['chat-allow-other-owners'] === '1'}
        onChange={(e) =>
          update.mutate({ key: 'chat-allow-other-owners', value: e.currentTarget.checked ? '1' : '0' })
        }
        data-testid="chat-allow"
      />
    </Card>
  );
}

/** Route Messaging (/:coproId/messaging): contact list and chat panel (SPEC §2.14). */
export default function MessagingPage() {
  const { record } = useCurrentCoproprietaire();
  const coproId = record?.id ?? '';
  useChatLive(coproId || undefined);
  const scope = useMemo(() => recordScope(coproId), [coproId]);
  const list = useConversations(scope);
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const [modal, { open, close }] = useDisclosure(false);
  const wide = useWideLayout();
  const select = (id: string | null) => setParams(id ? { c: id } : {}, { replace: !id });
  const current = list.data?.conversations.find((c) => c.id === selected) ?? null;
  if (!record) return null;

  const listColumn = (
    <Stack gap="sm" style={{ minHeight: 0 }} h="100%">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Button
        leftSection={<IconMessagePlus size={18} />}
        onClick={open}
        variant="light"
        fullWidth
        data-testid="chat-new"
      >
        {t.newConversation}
      </Button>
      <Box style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {list.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Chargement…" />
          </Center>
        ) : list.isError ? (
          <Alert color="red" title={t.loadError}>
            <Button variant="light" color="red" mt="sm" onClick={() => void list.refetch()}>
              {t.retry}
            </Button>
          </Alert>
        ) : list.data && list.data.conversations.length > 0 ? (
          <ContactList conversations={list.data.conversations} selected={selected} onSelect={select} />
        ) : (
          <Stack align="center" py="xl" gap={4}>
            <Text fw={600}>{t.noConversation}</Text>
            <Text size="sm" c="gray.7">
              {t.noConversationHint}
            </Text>
          </Stack>
        )}
      </Box>
      <Autorisation record={record} />
    </Stack>
  );

  const panel = current ? (
    <ChatPanel key={current.id} scope={scope} conversation={current} onBack={() => select(null)} />
  ) : (
    <Center h="100%">
      <Text c="gray.7">{t.choose}</Text>
    </Center>
  );

  // Header 60 + footer 60 + the main's padding (+ the copyright line on wide screens).
  const height = wide
    ? 'calc(100dvh - 60px - 60px - 2 * var(--mantine-spacing-md) - 56px)'
    : 'calc(100dvh - 60px - 60px - 2 * var(--mantine-spacing-md))';
  return (
    <>
      {wide ? (
        <Group align="stretch" gap="md" wrap="nowrap" h={height} mih={480}>
          <Box w={340} style={{ flexShrink: 0 }}>
            {listColumn}
          </Box>
          <Paper withBorder radius="md" style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
            {panel}
          </Paper>
        </Group>
      ) : current ? (
        <Paper withBorder radius="md" h={height} mih={420} style={{ overflow: 'hidden' }}>
          {/* The list (and its heading) is hidden on a phone while a conversation is open. */}
          <VisuallyHidden component="h1">{t.title}</VisuallyHidden>
          {panel}
        </Paper>
      ) : (
        <Box>{listColumn}</Box>
      )}
      <NewConversationModal coproId={coproId} opened={modal} onClose={close} onOpened={(id) => select(id)} />
    </>
  );
}
