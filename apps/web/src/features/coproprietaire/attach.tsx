import { modals } from '@mantine/modals';
import { Text } from '@mantine/core';

/** Opens the 'Rattacher un copropriétaire' dialog (SPEC §2.5); built by the co-owner space feature. */
export function useAttachDialog() {
  return () =>
    modals.open({
      title: 'Rattacher un copropriétaire',
      children: <Text size="sm">Coming soon...</Text>,
    });
}
