import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserStar } from '@tabler/icons-react';
import type { ConsoleCoproprietaire } from '@tantieme/contract';
import { confirmModal } from '../../../ui/confirm';
import { apiMessage } from '../../auth/validate';
import { gestionFr } from '../fr';
import { useBuilding } from '../queries';
import { useBenevole } from '../queriesPeople';

const t = gestionFr.owners;

/** Who the building's volunteer syndic is now (loi 1965 art. 17-2), and « Retirer » for who may. */
export function BenevoleLine({ coproId, canManage }: { coproId: string; canManage: boolean }) {
  const b = useBuilding(coproId).data;
  const benevole = useBenevole(coproId);
  if (!b) return null;
  const current = b.benevole;
  const revoke = async () => {
    if (!current) return;
    const ok = await confirmModal({
      message: t.confirmRevokeBenevole(current.name),
      confirmLabel: t.revokeBenevole,
      danger: true,
    });
    if (ok)
      benevole.revoke.mutate(undefined, {
        onSuccess: () => notifications.show({ color: 'teal', message: t.revokedBenevole }),
        onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
      });
  };
  return (
    <Paper withBorder p="sm" data-testid="benevole-line">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <IconUserStar size={20} aria-hidden />
          <Text size="sm">{current ? t.benevoleNow(current.name) : t.benevoleNone}</Text>
        </Group>
        {current && canManage ? (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            mih={28}
            onClick={revoke}
            loading={benevole.revoke.isPending}
            aria-label={`${t.revokeBenevole} · ${t.benevole} ${current.name}`}
          >
            {t.revokeBenevole}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/** « Nommer syndic bénévole » on the row of a co-owner with an account, confirmed first. */
export function NameBenevoleButton({ coproId, o }: { coproId: string; o: ConsoleCoproprietaire }) {
  const benevole = useBenevole(coproId);
  if (o.state !== 'registered' || o.is_syndic_benevole) return null;
  const name = async () => {
    const ok = await confirmModal({ message: t.confirmNameBenevole(o.name), confirmLabel: t.nameBenevole });
    if (ok)
      benevole.name.mutate(o.id, {
        onSuccess: () => notifications.show({ color: 'teal', message: t.namedBenevole(o.name) }),
        onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
      });
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      mih={28}
      onClick={name}
      aria-label={`${t.nameBenevole} · ${o.name}`}
    >
      {t.nameBenevole}
    </Button>
  );
}
