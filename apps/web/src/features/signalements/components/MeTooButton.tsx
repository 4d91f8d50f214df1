import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isOpenSignalement, type SignalementSummary } from '@tantieme/contract';
import { IconHandStop } from '@tabler/icons-react';
import { apiMessage } from '../../auth/validate';
import { signalementsFr as t } from '../fr';
import { useSupport } from '../queries';

/** 'Moi aussi' on someone else's open report; pressed again, it withdraws. */
export function MeTooButton({ recordId, s }: { recordId: string; s: SignalementSummary }) {
  const support = useSupport(recordId);
  if (s.is_mine || !isOpenSignalement(s.status)) return null;
  const on = s.supported_by_me;
  return (
    <Button
      size="sm"
      variant={on ? 'filled' : 'light'}
      leftSection={<IconHandStop size={16} aria-hidden />}
      aria-pressed={on}
      aria-label={`${t.meToo} : ${s.title}`}
      loading={support.isPending}
      onClick={() =>
        support.mutate(
          { id: s.id, on: !on },
          { onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }) },
        )
      }
    >
      {t.meToo}
    </Button>
  );
}
