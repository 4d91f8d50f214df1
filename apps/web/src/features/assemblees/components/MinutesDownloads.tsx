import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { frRegister as t } from '../fr.register';
import { type AgTarget, useMinute } from '../queries';

/**
 * The procès-verbal and the attendance sheet of a closed assembly, as the co-owner downloads them:
 * the sealed PDF once every signature is in, which any PDF reader checks without us.
 */
export function MinutesDownloads({
  target,
  agId,
  active,
}: {
  target: AgTarget;
  agId: string;
  active: boolean;
}) {
  const headingId = useId();
  const pv = useMinute(target, agId, 'procesVerbal', active);
  const feuille = useMinute(target, agId, 'feuilleDePresence', active);
  if (pv.isLoading || feuille.isLoading) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t.minutesTitle}
        </Title>
        {pv.data || feuille.data ? (
          <>
            <Text size="sm">{t.minutesIntro}</Text>
            <Group gap="sm">
              {pv.data && (
                <Button component="a" href={pv.data.url} variant="light">
                  {t.pv(pv.data.sealed)}
                </Button>
              )}
              {feuille.data && (
                <Button component="a" href={feuille.data.url} variant="light">
                  {t.feuille(feuille.data.sealed)}
                </Button>
              )}
            </Group>
            {pv.data && (
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {t.signedDigest(pv.data.sha256)}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm">{t.minutesNone}</Text>
        )}
      </Stack>
    </Card>
  );
}
