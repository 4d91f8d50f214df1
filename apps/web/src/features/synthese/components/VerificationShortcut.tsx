import { Button, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { syntheseFr as t } from '../fr';

/** 'Vérification des comptes' shortcut (SPEC §6: council member and syndic_submit > 0). */
export function VerificationShortcut({ coproprietaireId }: { coproprietaireId: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="verif-title" bg="tantieme.0">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group wrap="nowrap" gap="sm" style={{ flex: '1 1 240px' }}>
          <ThemeIcon size="lg" variant="light" aria-hidden>
            <IconChecklist size={20} />
          </ThemeIcon>
          <div>
            <Text fw={700} id="verif-title">
              {t.verification.title}
            </Text>
            <Text size="sm">{t.verification.text}</Text>
          </div>
        </Group>
        <Button component={Link} to={`/${coproprietaireId}/verification`}>
          {t.verification.open}
        </Button>
      </Group>
    </Card>
  );
}
