import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type CoproprietaireSummary, coproprietaireEndpoints } from '@tantieme/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api';
import { useAfterFirstScreen } from '../../app/afterFirstScreen';
import { useSession } from '../../app/session';
import { frCopro } from './fr';
import { useRemoveCoproprietaire } from './remove';

const t = frCopro.pending;

/** Asked once per page load and record, even if both layouts mount the check. */
const asked = new Set<string>();

export const pendingAttachKey = ['pending-attach'] as const;

function PendingDetails({ rec }: { rec: CoproprietaireSummary }) {
  const copro = rec.coproprietes[0];
  return (
    <Stack gap={6}>
      <Text size="sm">{t.question}</Text>
      <Stack gap={0} p="sm" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 8 }}>
        <Text fw={600}>{rec.display_name.fr}</Text>
        {copro && <Text size="sm">{copro.name}</Text>}
        {copro?.address.full_address && (
          <Text size="sm" c="dimmed">
            {copro.address.full_address}
          </Text>
        )}
        {rec.lots.length > 0 && (
          <Text size="sm" c="dimmed">
            {rec.lots.map((l) => l.name).join(', ')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * SPEC §4 Attach by code, on load: a stored pending attach setting asks 'Confirmation requise'.
 * 'Oui' deletes the setting; 'Ne pas connecter' offers to remove the record from the app.
 */
export function PendingAttachCheck() {
  const { token } = useSession();
  const qc = useQueryClient();
  const remove = useRemoveCoproprietaire();
  // Asked once the page's own reads have answered, not in competition with them.
  const after = useAfterFirstScreen();
  const pending = useQuery({
    queryKey: pendingAttachKey,
    enabled: !!token && after,
    queryFn: () => api.call(coproprietaireEndpoints.pendingAttach),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const rec = pending.data?.coproprietaire ?? null;

  useEffect(() => {
    if (!rec || asked.has(rec.id)) return;
    asked.add(rec.id);
    modals.openConfirmModal({
      title: t.title,
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: false,
      withCloseButton: false,
      children: <PendingDetails rec={rec} />,
      labels: { confirm: t.yes, cancel: t.no },
      onConfirm: async () => {
        try {
          await api.call(coproprietaireEndpoints.confirmPendingAttach);
        } finally {
          qc.setQueryData(pendingAttachKey, null);
        }
      },
      onCancel: () => remove(rec),
    });
  }, [rec, qc, remove]);

  return null;
}
