import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { frPouvoir as t } from '../fr.pouvoir';
import { type AgTarget, fetchAct } from '../queries';

/** A closed assembly's procès-verbal and attendance sheet, made from the register, to download. */
export function ActesLinks({ target, agId }: { target: AgTarget; agId: string }) {
  const [missing, setMissing] = useState(false);
  async function download(act: 'pv' | 'feuille') {
    setMissing(false);
    try {
      const r = await fetchAct(target, agId, act);
      const a = document.createElement('a');
      a.href = r.url;
      a.download = r.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch {
      setMissing(true);
    }
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5">
        {t.actsTitle}
      </Title>
      <Group mt="xs" gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => download('pv')}
        >
          {t.pv}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => download('feuille')}
        >
          {t.feuille}
        </Button>
      </Group>
      {missing && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {t.actMissing}
        </Text>
      )}
    </Card>
  );
}
