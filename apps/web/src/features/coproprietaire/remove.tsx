import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ApiError, type CoproprietaireSummary, coproprietaireEndpoints } from '@tantieme/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { frCopro } from './fr';
import { coproprietairesKey } from './queries';

const t = frCopro.remove;

/**
 * Removal of a record from the app (SPEC §2.16 / §4 Remove co-owner account): a confirmation
 * ('Annuler' cancels), then a detach on the server (the data stay; the code re-attaches it);
 * on success the co-owner state is cleared and the user goes to '/'.
 */
export function useRemoveCoproprietaire(onDone?: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (rec: CoproprietaireSummary, opts: { onCancel?: () => void } = {}) => {
    const name = rec.display_name.fr;
    modals.openConfirmModal({
      title: t.title,
      centered: true,
      children: <Text size="sm">{t.message(name)}</Text>,
      labels: { confirm: t.confirm, cancel: t.cancel },
      confirmProps: { color: 'red' },
      onCancel: opts.onCancel,
      onConfirm: async () => {
        try {
          const ok = await api.call(coproprietaireEndpoints.remove, { params: { id: rec.id } });
          if (!ok) throw new Error(t.failed);
          queryClient.setQueryData<CoproprietaireSummary[]>(coproprietairesKey, (list) =>
            list?.filter((r) => r.id !== rec.id),
          );
          // Everything cached about the record goes with it.
          queryClient.removeQueries({
            predicate: (q) => q.queryKey.some((k) => k === rec.id),
          });
          await queryClient.invalidateQueries({ queryKey: coproprietairesKey });
          notifications.show({ color: 'green', message: t.done(name) });
          onDone?.();
          navigate('/', { state: { stayHome: true } });
        } catch (err) {
          notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : t.failed });
        }
      },
    });
  };
}
