import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatParisDate, formatParisTime, type PvState } from '@tantieme/contract';
import { useRef, useState } from 'react';
import type SignaturePadType from 'signature_pad';
import { croppedPng, DrawPad } from '../../assemblees/components/DrawPad';
import { apiMessage } from '../../auth/validate';
import { pvFr as t } from './frPv';
import { usePvSign } from './queries';

/** A bureau member: signed (when), or the pad to sign on this tablet. */
export function MemberSign({
  member,
  coproId,
  assembleeId,
  canSign,
}: {
  member: PvState['bureau'][number];
  coproId: string;
  assembleeId: string;
  canSign: boolean;
}) {
  const sign = usePvSign(coproId, assembleeId);
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const padRef = useRef<SignaturePadType | null>(null);
  const validate = () => {
    const canvas = (padRef.current as unknown as { canvas: HTMLCanvasElement } | null)?.canvas;
    const data = canvas ? croppedPng(canvas) : null;
    if (!data) return;
    sign.mutate(
      { member: member.key, signature: data },
      {
        onSuccess: () => setOpen(false),
        onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
      },
    );
  };
  return (
    <Paper withBorder p="md" data-testid="pv-member" data-member={member.key}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text size="sm" c="gray.7">
              {t.role(member.role)}
            </Text>
            <Text fw={600}>{member.name}</Text>
          </div>
          {member.signed_at ? (
            <Badge color="teal" size="lg" variant="light">
              {t.signed(`${formatParisDate(member.signed_at)} à ${formatParisTime(member.signed_at)}`)}
            </Badge>
          ) : canSign && !open ? (
            <Button onClick={() => setOpen(true)}>{t.sign}</Button>
          ) : (
            <Badge color="gray" size="lg" variant="light">
              {t.toSign}
            </Badge>
          )}
        </Group>
        {open ? (
          <Stack gap="xs">
            <DrawPad label={t.padLabel(member.name)} onChange={setDrawn} padRef={padRef} testId="pv-pad" />
            <Group justify="flex-end">
              <Button variant="subtle" onClick={() => setOpen(false)}>
                {t.cancel}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  padRef.current?.clear();
                  setDrawn(false);
                }}
              >
                {t.clear}
              </Button>
              <Button onClick={validate} disabled={!drawn} loading={sign.isPending}>
                {t.validate}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
