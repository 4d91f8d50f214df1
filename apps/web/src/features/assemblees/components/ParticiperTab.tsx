import { Anchor, Center, Group, Loader, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { frAg as t } from '../fr';
import { type AgTarget, useVisio } from '../queries';
import { Missing } from './ConvocationTab';

/** 'Participer' (SPEC §2.20): the meeting link embedded with an 'Ouvrir' link. */
export function ParticiperTab({ target, agId, active }: { target: AgTarget; agId: string; active: boolean }) {
  const q = useVisio(target, agId, active);
  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  const url = q.data?.url;
  if (!url) return <Missing text={t.visioMissing} />;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Anchor href={url} target="_blank" rel="noopener noreferrer">
          <Group gap={4}>
            {t.open}
            <IconExternalLink size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <iframe
        src={url}
        title={t.visioFrameTitle}
        allow="camera; microphone; fullscreen; display-capture; autoplay"
        style={{ width: '100%', height: '70vh', border: 0, borderRadius: 8, background: '#f1f3f5' }}
      />
    </Stack>
  );
}
