import { Group, Paper, Text } from '@mantine/core';
import { balanceDisplay, formatCents } from '@tantieme/contract';
import type { ReactNode } from 'react';

/**
 * SPEC §9: 'Solde débiteur de' in yellow (zero too), 'Solde créditeur de' in green with the
 * absolute amount. `children` sits beside it (the 'Payez maintenant' button).
 */
export function BalanceSummary({ solde, children }: { solde: number; children?: ReactNode }) {
  const b = balanceDisplay(solde);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="balance"
      data-balance-color={b.color}
      style={{
        background: `var(--mantine-color-${b.color}-light)`,
        borderColor: `var(--mantine-color-${b.color}-${b.color === 'yellow' ? 6 : 7})`,
      }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div role="status" aria-live="polite">
          <Text size="sm" fw={500} c={b.color === 'yellow' ? 'yellow.9' : 'green.9'}>
            {b.label}
          </Text>
          <Text
            fz={28}
            fw={700}
            c={b.color === 'yellow' ? 'yellow.9' : 'green.9'}
            data-testid="balance-amount"
          >
            {formatCents(b.amount)}
          </Text>
        </div>
        {children}
      </Group>
    </Paper>
  );
}
