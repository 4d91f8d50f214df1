import { Loader, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { confirmModal } from '../../../ui/confirm';
import { settingsFr } from '../fr';
import { usePostalRequest, useSetPostalRequest } from '../queries';

const t = settingsFr.postal;

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** '3 décembre 2026', '1er décembre 2026', in Paris time. */
function formatLongDate(iso: string): string {
  const s = longDate.format(new Date(iso));
  return s.startsWith('1 ') ? `1er ${s.slice(2)}` : s;
}

/**
 * Loi 1965 art. 42-1 (as rewritten by loi 2024-322): notifications are electronic unless the
 * co-owner asks for the post, at any time; the request holds from its date until withdrawn.
 * Both acts are confirmed first: each one changes how the next convocation is sent.
 */
export function PostalRequestControl({ recordId }: { recordId: string }) {
  const state = usePostalRequest(recordId);
  const set = useSetPostalRequest(recordId);
  if (!state.data) return state.isLoading ? <Loader size="sm" aria-label="Chargement…" /> : null;
  const { active, history } = state.data;
  const lastWithdrawn = active ? null : (history.find((h) => h.withdrawn_at)?.withdrawn_at ?? null);

  const change = async (on: boolean) => {
    const ok = await confirmModal(
      on
        ? { title: t.makeTitle, message: t.makeBody, confirmLabel: t.makeConfirm }
        : { title: t.withdrawTitle, message: t.withdrawBody, confirmLabel: t.withdrawConfirm },
    );
    if (!ok) return;
    set.mutate(on, {
      onSuccess: () => notifications.show({ color: 'green', message: on ? t.made : t.dropped }),
      onError: () => notifications.show({ color: 'red', message: t.failed }),
    });
  };

  return (
    <Stack gap="sm" data-testid="postal-request">
      <Text size="sm">{t.intro}</Text>
      <Switch
        size="md"
        label={t.label}
        checked={!!active}
        disabled={set.isPending}
        description={active ? `${t.recorded(formatLongDate(active.received_at))}. ${t.byPost}` : undefined}
        onChange={(e) => void change(e.currentTarget.checked)}
      />
      {lastWithdrawn && (
        <Text size="sm" c="dimmed">
          {t.withdrawn(formatLongDate(lastWithdrawn))}
        </Text>
      )}
    </Stack>
  );
}
