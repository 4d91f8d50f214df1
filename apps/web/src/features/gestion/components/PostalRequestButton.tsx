import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ConsoleCoproprietaire, formatDate } from '@tantieme/contract';
import { useState } from 'react';
import { confirmModal } from '../../../ui/confirm';
import { apiMessage } from '../../auth/validate';
import { gestionFr } from '../fr';
import { usePostalRequest } from '../queriesPeople';

const t = gestionFr.owners;
const fail = (err: unknown) => notifications.show({ color: 'red', message: apiMessage(err) });
const today = () => new Date().toLocaleDateString('sv-SE');

/**
 * The co-owner's request for the post (loi 1965 art. 42-1): recorded with the date the syndic
 * received it, shown while in force, withdrawn when the co-owner renounces it.
 */
export function PostalRequestButton({ coproId, o }: { coproId: string; o: ConsoleCoproprietaire }) {
  const postal = usePostalRequest(coproId);
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(today);
  if (o.state === 'removed' || o.state === 'anonymised') return null;
  const withdraw = async () => {
    const ok = await confirmModal({
      message: t.confirmPostalWithdraw(o.name),
      confirmLabel: t.postalWithdraw,
    });
    if (ok)
      postal.withdraw.mutate(o.id, {
        onSuccess: () => notifications.show({ color: 'teal', message: t.postalWithdrawn }),
        onError: fail,
      });
  };
  const save = () =>
    postal.record.mutate(
      // Midnight where the syndic is: the day of receipt, as the letter's stamp says.
      { coproprietaireId: o.id, receivedAt: new Date(`${date}T00:00:00`).toISOString() },
      {
        onSuccess: () => {
          setOpen(false);
          notifications.show({ color: 'teal', message: t.postalSaved });
        },
        onError: fail,
      },
    );
  if (o.postal_request_received_at)
    return (
      <Group gap={6} wrap="nowrap">
        <Text size="xs" data-testid="postal-state">
          {t.postalOn(formatDate(o.postal_request_received_at))}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          mih={28}
          onClick={withdraw}
          aria-label={`${t.postalWithdraw} · ${o.name}`}
        >
          {t.postalWithdraw}
        </Button>
      </Group>
    );
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        mih={28}
        onClick={() => {
          setDate(today());
          setOpen(true);
        }}
        aria-label={`${t.postalRecord} · ${o.name}`}
      >
        {t.postalRecord}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${t.postalTitle} · ${o.name}`}>
        <Stack gap="md">
          <Text size="sm">{t.postalIntro}</Text>
          <TextInput
            type="date"
            label={t.postalDate}
            value={date}
            max={today()}
            required
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button onClick={save} loading={postal.record.isPending} disabled={!date}>
              {t.postalSave}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
