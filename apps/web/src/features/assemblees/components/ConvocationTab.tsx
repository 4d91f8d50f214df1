import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { FileView } from '../../../ui/FilePreview';
import { frAg as t } from '../fr';
import { type AgTarget, useConvocation } from '../queries';

/** Two-line empty states of SPEC §2.20 ('title / hint'). */
export function Missing({ text }: { text: string }) {
  const [title, hint] = text.split(' / ');
  return (
    <Stack gap={4} align="center" py="xl" ta="center">
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm">
        {hint}
      </Text>
    </Stack>
  );
}

export function ConvocationTab({
  target,
  agId,
  active,
}: {
  target: AgTarget;
  agId: string;
  active: boolean;
}) {
  const q = useConvocation(target, agId, active);
  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  if (!q.data) return <Missing text={t.convocationMissing} />;
  return (
    <Stack gap="xs">
      <Anchor href={q.data.url} target="_blank" rel="noopener" size="sm">
        {t.openFile} ({q.data.name})
      </Anchor>
      <FileView file={q.data} height="75vh" />
    </Stack>
  );
}
