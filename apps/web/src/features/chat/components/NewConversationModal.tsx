import { Alert, Badge, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ApiError, type ChatCandidate } from '@tantieme/contract';
import { useState } from 'react';
import { chatFr as t } from '../fr';
import { useCandidates, useOpenConversation } from '../queries';
import { ContactAvatar } from './ContactList';

/** Modal 'Rattacher un copropriétaire' (SPEC §2.14): the syndic or a co-owner of the building. */
export function NewConversationModal({
  coproId,
  opened,
  onClose,
  onOpened,
}: {
  coproId: string;
  opened: boolean;
  onClose: () => void;
  onOpened: (conversationId: string) => void;
}) {
  const list = useCandidates(coproId, opened);
  const open = useOpenConversation(coproId);
  const [q, setQ] = useState('');
  const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const shown = (list.data ?? []).filter((c) => norm(c.name).includes(norm(q.trim())));
  const choose = (c: ChatCandidate) =>
    open.mutate(
      { participant_id: c.id, participant_type: c.type },
      {
        onSuccess: (conv) => {
          onOpened(conv.id);
          onClose();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t.attachTitle} centered size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.attachHint}
        </Text>
        <TextInput
          aria-label={t.search}
          placeholder={t.search}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-autofocus
        />
        {open.error && (
          <Alert color="red">{open.error instanceof ApiError ? open.error.message : t.loadError}</Alert>
        )}
        {list.isLoading ? (
          <Loader aria-label="Chargement…" mx="auto" />
        ) : (
          <Stack
            gap={2}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none', maxHeight: 420, overflowY: 'auto' }}
          >
            {shown.map((c) => (
              <li key={c.id}>
                <UnstyledButton
                  w="100%"
                  p="xs"
                  style={{ borderRadius: 8, opacity: c.reachable ? 1 : 0.75 }}
                  disabled={!c.reachable || open.isPending}
                  onClick={() => choose(c)}
                  data-testid="chat-candidate"
                >
                  <Group wrap="nowrap" gap="sm">
                    <ContactAvatar contact={c} size={36} />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate="end">
                        {c.name}
                      </Text>
                      {!c.reachable ? (
                        <Text size="xs" c="gray.7">
                          {t.notReachable}
                        </Text>
                      ) : null}
                    </div>
                    {c.type === 'syndic' ? (
                      <Badge variant="light" color="tantieme">
                        {t.syndicLabel}
                      </Badge>
                    ) : c.position ? (
                      <Badge variant="light" color="teal.9">
                        {c.position}
                      </Badge>
                    ) : null}
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
