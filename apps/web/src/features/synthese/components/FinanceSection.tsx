import { Grid, SimpleGrid, Skeleton, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { showYearTabs } from '@tantieme/contract';
import { lazy, Suspense, useState } from 'react';
import { syntheseFr as t } from '../fr';
import { useFinanceGeneral } from '../queries';
import { LoadError } from './LoadError';
import { AlurCard, DepensesCard } from './BudgetCards';
import { RepartitionCards, RepartitionChart } from './Repartitions';
import { SituationCard } from './SituationCard';

// The transactions modal loads on first open: it is not part of the dashboard's first screen.
const TransactionsModal = lazy(() =>
  import('./TransactionsModal').then((m) => ({ default: m.TransactionsModal })),
);

/** Tabs Global + one per financial year (only when more than one exists). */
export function FinanceSection({ coproId, coproprietaireId }: { coproId: string; coproprietaireId: string }) {
  const q = useFinanceGeneral(coproId, coproprietaireId);
  const [opened, { open, close }] = useDisclosure(false);
  const [current, setModalYear] = useState<{ year: number | null; couple: string | null }>({
    year: null,
    couple: null,
  });
  // Mounted from the first opening on, so the modal's closing transition still plays.
  const [mounted, setMounted] = useState(false);
  const openTransactions = (year: number | null, couple: string | null) => {
    setModalYear({ year, couple });
    setMounted(true);
    open();
  };
  if (q.isLoading) return <Skeleton h={240} />;
  if (q.isError || !q.data) return <LoadError text={t.finances.loadError} onRetry={() => q.refetch()} />;
  const g = q.data;
  const years = g.summary.years;
  const withYears = showYearTabs(years);
  return (
    <section aria-label={t.finances.situation}>
      <Tabs defaultValue="global" keepMounted={false}>
        <Tabs.List aria-label={t.finances.tabsLabel} style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="global">{t.finances.global}</Tabs.Tab>
          {withYears &&
            years.map((y) => (
              <Tabs.Tab key={y.year} value={String(y.year)}>
                {y.couple}
              </Tabs.Tab>
            ))}
        </Tabs.List>
        <Tabs.Panel value="global" pt="md">
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <SituationCard
                title={t.finances.situation}
                situation={g.summary.situation}
                repartitions={g.summary.repartitions}
                onTransactions={() => openTransactions(null, null)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <DepensesCard coproId={coproId} />
                <AlurCard coproId={coproId} />
              </SimpleGrid>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <RepartitionChart repartitions={g.summary.repartitions} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <RepartitionCards repartitions={g.summary.repartitions} />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        {withYears &&
          years.map((y) => (
            <Tabs.Panel key={y.year} value={String(y.year)} pt="md">
              <Grid gutter="md">
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <SituationCard
                    title={`${t.finances.situation} – ${y.couple}`}
                    situation={y.situation}
                    repartitions={y.repartitions}
                    onTransactions={() => openTransactions(y.year, y.couple)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 8 }}>
                  <RepartitionChart repartitions={y.repartitions} />
                </Grid.Col>
                <Grid.Col span={12}>
                  <RepartitionCards repartitions={y.repartitions} wide />
                </Grid.Col>
              </Grid>
            </Tabs.Panel>
          ))}
      </Tabs>
      {mounted && (
        <Suspense fallback={null}>
          <TransactionsModal
            opened={opened}
            onClose={close}
            coproId={coproId}
            coproprietaireId={coproprietaireId}
            year={current.year}
            couple={current.couple}
          />
        </Suspense>
      )}
    </section>
  );
}
