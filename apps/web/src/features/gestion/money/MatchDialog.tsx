import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type BankLineView, formatCents } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { moneyFr } from './fr';
import { parseEuros, useMatch } from './queries';

const t = moneyFr.bank;
interface Part {
  key: number;
  owner: string;
  amount: string;
}
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Matching a waiting credit by hand: one co-owner (the best suggestion first), or a split. */
export function MatchDialog({
  coproId,
  line,
  owners,
  onClose,
}: {
  coproId: string;
  line: BankLineView;
  owners: { id: string; name: string }[];
  onClose: () => void;
}) {
  const first = line.suggestions[0]?.coproprietaireId ?? owners[0]?.id ?? '';
  const [parts, setParts] = useState<Part[]>([{ key: 0, owner: first, amount: euros(line.amount_cents) }]);
  const [error, setError] = useState<string | null>(null);
  const match = useMatch(coproId);
  const cents = parts.map((p) => parseEuros(p.amount) ?? 0);
  const left = line.amount_cents - cents.reduce((s, c) => s + c, 0);
  const options = owners.map((o) => ({ value: o.id, label: o.name }));
  const update = (i: number, p: Partial<Part>) =>
    setParts(parts.map((x, j) => (j === i ? { ...x, ...p } : x)));

  return (
    <Modal opened onClose={onClose} title={t.matchTitle(formatCents(line.amount_cents))} size="lg">
      <Stack>
        <Text size="sm" c="gray.8">
          {line.name} · {line.reference}
        </Text>
        {parts.map((p, i) => (
          <Group key={p.key} align="flex-end" wrap="wrap">
            <NativeSelect
              label={t.matchOwner}
              value={p.owner}
              onChange={(e) => update(i, { owner: e.currentTarget.value })}
              data={options}
              style={{ flex: 2, minWidth: 200 }}
            />
            {parts.length > 1 ? (
              <>
                <TextInput
                  label={t.partAmount}
                  value={p.amount}
                  inputMode="decimal"
                  onChange={(e) => update(i, { amount: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 120 }}
                />
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => setParts(parts.filter((_, j) => j !== i))}
                >
                  {t.removePart}
                </Button>
              </>
            ) : null}
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() =>
              setParts([
                ...(parts.length === 1 ? [{ ...parts[0], amount: euros(line.amount_cents) }] : parts),
                {
                  key: Math.max(...parts.map((x) => x.key)) + 1,
                  owner: owners.find((o) => !parts.some((p) => p.owner === o.id))?.id ?? '',
                  amount: euros(Math.max(left, 0)),
                },
              ])
            }
          >
            {parts.length === 1 ? t.split : t.addPart}
          </Button>
          {parts.length > 1 ? <Text size="sm">{t.left(formatCents(left))}</Text> : null}
        </Group>
        {error ? (
          <Text c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
        <Button
          loading={match.isPending}
          disabled={parts.length > 1 && left !== 0}
          onClick={() =>
            match.mutate(
              {
                lineId: line.id,
                body: {
                  parts: parts.map((p, i) => ({
                    coproprietaire_id: p.owner,
                    amount_cents: parts.length === 1 ? line.amount_cents : cents[i],
                  })),
                },
              },
              { onSuccess: onClose, onError: (err) => setError(apiMessage(err)) },
            )
          }
        >
          {t.match}
        </Button>
      </Stack>
    </Modal>
  );
}
