import { Stack, Text } from '@mantine/core';
import type { CoproprietaireSummary } from '@tantieme/contract';
import { useNavigate } from 'react-router-dom';
import { fr } from '../../i18n/fr';
import { alertModal } from '../../ui/confirm';

/**
 * SPEC §4 Switching co-owner: a record whose first copropriété has syndic_disable cannot be
 * selected (dialog 'Ce copropriétaire était invalide', 'Fermer'; nothing else happens);
 * otherwise it becomes current, navigation goes to /{id}/home and the sidebar closes.
 */
export function useSwitchCoproprietaire(onDone?: () => void) {
  const navigate = useNavigate();
  return (rec: CoproprietaireSummary) => {
    if (rec.coproprietes[0]?.syndic_disable) {
      void alertModal({
        title: fr.disabledCoproprietaire.title,
        okLabel: fr.disabledCoproprietaire.close,
        message: (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {rec.display_name.fr}
            </Text>
            <Text size="sm" c="dimmed">
              {rec.coproprietes[0]?.name}
            </Text>
          </Stack>
        ),
      });
      return;
    }
    navigate(`/${rec.id}/home`);
    onDone?.();
  };
}
