import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import {
  balanceDisplay,
  type FinanceRepartition,
  type FinanceSituation,
  formatCents,
} from '@tantieme/contract';
import { syntheseFr as t } from '../fr';
import { Line, Spent, sum } from './FinanceLines';

/** Financial situation card: balance, calls for funds, payments, charges vs budget and the transactions modal. */
export function SituationCard({
  situation,
  repartitions,
  onTransactions,
  title,
}: {
  situation: FinanceSituation;
  repartitions: FinanceRepartition[];
  onTransactions: () => void;
  title: string;
}) {
  const b = balanceDisplay(situation.solde);
  const charges = sum(repartitions, (r) => r.amount);
  const budget = sum(repartitions, (r) => r.budget);
  return (
    <Card withBorder padding="md" data-testid="situation-card">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">{b.label}</Text>
          <Badge color={b.color} variant="light" size="lg" radius="sm" data-testid="solde">
            {formatCents(b.amount)}
          </Badge>
        </Group>
        <Line label={t.finances.appels} value={formatCents(situation.debit)} />
        <Line label={t.finances.paiements} value={formatCents(situation.credit)} />
        <Line label={t.finances.myShare} value={formatCents(charges)} strong />
        {budget > 0 && (
          <>
            <Line label={t.finances.budget} value={formatCents(budget)} />
            <Spent realised={charges} budget={budget} />
          </>
        )}
        <Button
          variant="light"
          leftSection={<IconListDetails size={16} />}
          onClick={onTransactions}
          mt="xs"
          fullWidth
        >
          {t.finances.showTransactions}
        </Button>
      </Stack>
    </Card>
  );
}
