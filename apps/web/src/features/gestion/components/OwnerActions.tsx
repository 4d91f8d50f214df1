import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConsoleCoproprietaire } from '@tantieme/contract';
import { confirmModal } from '../../../ui/confirm';
import { apiMessage } from '../../auth/validate';
import { gestionFr } from '../fr';
import { useInvitations } from '../queriesPeople';

const t = gestionFr.owners;

const fail = (err: unknown) => notifications.show({ color: 'red', message: apiMessage(err) });

/** A co-owner's invitation actions by state, each confirmed first. */
export function OwnerActions({ coproId, o }: { coproId: string; o: ConsoleCoproprietaire }) {
  const inv = useInvitations(coproId);
  const pending = o.invitation?.status === 'pending' ? o.invitation : null;
  const send = async (again: boolean) => {
    const ok = await confirmModal({
      message: again ? t.confirmResend(o.name) : t.confirmInvite(o.name, o.email ?? ''),
      confirmLabel: again ? t.resend : t.invite,
    });
    if (ok)
      inv.invite.mutate(o.id, {
        onSuccess: () => notifications.show({ color: 'teal', message: t.sent }),
        onError: fail,
      });
  };
  const revoke = async () => {
    if (!pending) return;
    const ok = await confirmModal({ message: t.confirmRevoke(o.name), confirmLabel: t.revoke, danger: true });
    if (ok)
      inv.revoke.mutate(pending.id, {
        onSuccess: () => notifications.show({ color: 'teal', message: t.revoked }),
        onError: fail,
      });
  };
  if (o.state === 'registered' || o.state === 'removed' || o.state === 'anonymised') return null;
  if (!o.email && !o.phone)
    return (
      <Text size="xs" c="gray.7">
        {t.noEmail}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      {pending ? (
        <>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => send(true)}
            aria-label={`${t.resend} · ${o.name}`}
          >
            {t.resend}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={revoke}
            aria-label={`${t.revoke} · ${o.name}`}
          >
            {t.revoke}
          </Button>
        </>
      ) : (
        <Button
          size="compact-sm"
          onClick={() => send(false)}
          aria-label={`${t.invite} · ${o.name}`}
          data-testid="owner-invite"
        >
          {t.invite}
        </Button>
      )}
    </Group>
  );
}
