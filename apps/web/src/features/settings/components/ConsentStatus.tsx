import { Button, Group, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { formatParisDate, formatParisTime } from '@tantieme/contract';
import { settingsFr } from '../fr';
import { useElectronicConsent } from '../queries';

const t = settingsFr.consent;

/**
 * What the co-owner's convocations rely on (loi 1965 art. 42-1): the date and the act of their
 * consent, or that the post is used. The switch's default is no consent; with it on but nothing
 * recorded, a button lets them give it by an act of their own.
 */
export function ConsentStatus({
  recordId,
  switchOn,
  onConfirm,
  pending,
}: {
  recordId: string;
  switchOn: boolean;
  onConfirm: () => void;
  pending: boolean;
}) {
  const consent = useElectronicConsent(recordId);
  if (!consent.data) return null;
  const { active, history } = consent.data;
  const lastRevoked = history[0]?.revoked_at ?? null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="consent-status">
      <IconCertificate size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <div>
        <Text size="sm">
          {active
            ? t.given(formatParisDate(active.given_at), formatParisTime(active.given_at), active.given_by)
            : lastRevoked
              ? t.revoked(formatParisDate(lastRevoked))
              : t.none}
        </Text>
        {!active && switchOn && (
          <Button size="xs" variant="light" mt="xs" loading={pending} onClick={onConfirm}>
            {t.confirm}
          </Button>
        )}
      </div>
    </Group>
  );
}
