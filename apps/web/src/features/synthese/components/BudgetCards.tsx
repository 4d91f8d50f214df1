import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatCents } from '@tantieme/contract';
import { syntheseFr as t } from '../fr';
import { useBudgetAlurAvance, useBudgetFonctionnement } from '../queries';
import { Line, Spent } from './FinanceLines';

/** 'Dépenses': the building's operating budget and what has been spent (zero on failure). */
export function DepensesCard({ coproId }: { coproId: string }) {
  const q = useBudgetFonctionnement(coproId);
  const d = q.data ?? { totalFixed: 0, totalReality: 0, year_couple: null };
  return (
    <Card withBorder padding="md" data-testid="depenses-card">
      <Title order={3} size="h5" mb="xs">
        {t.finances.depenses}
      </Title>
      {q.isLoading ? (
        <Skeleton h={64} />
      ) : (
        <Stack gap="xs">
          {d.year_couple && (
            <Text size="xs" c="dimmed">
              {t.finances.yearOf(d.year_couple)}
            </Text>
          )}
          <Line label={t.finances.budgetVoted} value={formatCents(d.totalFixed)} />
          <Line label={t.finances.realised} value={formatCents(d.totalReality)} strong />
          <Spent realised={d.totalReality} budget={d.totalFixed} />
        </Stack>
      )}
    </Card>
  );
}

/** 'Fond Alur & Fond de roulement' (zero on failure). */
export function AlurCard({ coproId }: { coproId: string }) {
  const q = useBudgetAlurAvance(coproId);
  const d = q.data ?? { alur: 0, avance: 0 };
  return (
    <Card withBorder padding="md" data-testid="alur-card">
      <Title order={3} size="h5" mb="xs">
        {t.finances.alurTitle}
      </Title>
      {q.isLoading ? (
        <Skeleton h={48} />
      ) : (
        <Stack gap="xs">
          <Line label={t.finances.alur} value={formatCents(d.alur)} strong />
          <Line label={t.finances.avance} value={formatCents(d.avance)} strong />
        </Stack>
      )}
    </Card>
  );
}
