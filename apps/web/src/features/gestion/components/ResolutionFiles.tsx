import { Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import type { ConsoleAssemblee } from '@tantieme/contract';
import { apiMessage } from '../../auth/validate';
import { assembleesFr as t } from '../frAssemblees';
import { useResolutionFiles } from '../queriesAssemblees';

const base64 = async (f: File) => {
  const bytes = new Uint8Array(await f.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/**
 * Each resolution's attachments (quotes, contracts), sent with the convocation (décret 1967
 * art. 11): added or removed until the convocations leave.
 */
export function ResolutionFiles({
  coproId,
  ag,
  canWrite,
}: {
  coproId: string;
  ag: ConsoleAssemblee;
  canWrite: boolean;
}) {
  const { attach, detach } = useResolutionFiles(coproId, ag.id);
  const editable = canWrite && !ag.published_at;
  const fail = (err: unknown) => notifications.show({ color: 'red', message: apiMessage(err) });
  const add = async (resolutionId: string, f: File | null) => {
    if (!f) return;
    attach.mutate(
      { resolutionId, body: { name: f.name, content_type: f.type, content_base64: await base64(f) } },
      { onError: fail },
    );
  };
  return (
    <Stack gap="sm" data-testid="resolution-files">
      <Title order={2} size="h3">
        {t.files.title}
      </Title>
      <Text size="sm" c="gray.7">
        {t.files.intro}
      </Text>
      {ag.resolutions_detail.map((r) => (
        <Paper key={r.id} withBorder p="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{`N° ${r.number} – ${r.title}`}</Text>
            {editable ? (
              <FileButton onChange={(f) => add(r.id, f)} accept="application/pdf,image/jpeg,image/png">
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconPaperclip size={16} aria-hidden />}>
                    {t.files.add}
                  </Button>
                )}
              </FileButton>
            ) : null}
          </Group>
          {r.files.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t.files.none}
            </Text>
          ) : (
            r.files.map((f) => (
              <Group key={f.id} justify="space-between" mt={4}>
                <Text size="sm">{f.name}</Text>
                {editable ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => detach.mutate({ resolutionId: r.id, fileId: f.id }, { onError: fail })}
                    aria-label={t.files.remove(f.name)}
                  >
                    {t.files.removeShort}
                  </Button>
                ) : null}
              </Group>
            ))
          )}
        </Paper>
      ))}
    </Stack>
  );
}
