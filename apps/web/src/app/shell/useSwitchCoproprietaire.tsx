import type { CoproprietaireSummary } from '@tantieme/contract';
import { modals } from '@mantine/modals';
import { Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { fr } from '../../i18n/fr';

/**
 * SPEC §4 Switching co-owner: a record whose first copropriété has syndic_disable cannot be
 * selected (dialog 'Ce copropriétaire était invalide', 'Fermer'); otherwise go to /{id}/home.
 */
export function useSwitchCoproprietaire(onDone?: () => void) {
  const navigate = useNavigate();
  return (rec: CoproprietaireSummary) => {
    if (rec.coproprietes[0]?.syndic_disable) {
      modals.openConfirmModal({
        title: fr.disabledCoproprietaire.title,
        children: <Text size="sm">{rec.coproprietes[0]?.name}</Text>,
        labels: { confirm: fr.disabledCoproprietaire.close, cancel: '' },
        cancelProps: { display: 'none' },
      });
      return;
    }
    navigate(`/${rec.id}/home`);
    onDone?.();
  };
}
