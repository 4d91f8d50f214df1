import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import {
  balanceDisplay,
  DOUGHNUT_CUTOUT_DASHBOARD,
  type FinanceRepartition,
  type FinanceSituation,
  formatCents,
  percentSpent,
  showYearTabs,
} from '@tantieme/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Doughnut, paletteColor } from '../../../ui/Doughnut';
import { syntheseFr as t } from '../fr';
import { useBudgetAlurAvance, useBudgetFonctionnement, useFinanceGeneral } from '../queries';
import { LoadError } from './LoadError';

// The transactions modal loads on first open: it is not part of the dashboard's first screen.
const TransactionsModal = lazy(() =>
  import('./TransactionsModal').then((m) => ({ default: m.TransactionsModal })),
);

const sum = (rs: FinanceRepartition[], f: (r: FinanceRepartition) => number) =>
  rs.reduce((s, r) => s + f(r), 0);

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

function Spent({ realised, budget }: { realised: number; budget: number }) {
  const p = percentSpent(realised, budget);
  return (
    <Stack gap={4}>
      <Progress
        value={Math.min(p, 100)}
        color={p > 100 ? 'red' : 'tantieme'}
        aria-label={t.finances.spent(p)}
        size="sm"
      />
      <Text size="xs" c="dimmed">
        {t.finances.spent(p)}
      </Text>
    </Stack>
  );
}

/** Financial situation card: balance, calls for funds, payments, charges vs budget and the transactions modal. */
function SituationCard({
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

/** The doughnut of the member's share per repartition, with its amounts as a legend. */
function RepartitionChart({ repartitions }: { repartitions: FinanceRepartition[] }) {
  const slices = useMemo(
    () => repartitions.map((r) => ({ label: r.name, value: r.amount / 100 })),
    [repartitions],
  );
  return (
    <Card withBorder padding="md" h="100%">
      <Title order={3} size="h5" mb="sm">
        {t.finances.repartitions}
      </Title>
      {repartitions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.finances.noCharges}
        </Text>
      ) : (
        <Group justify="center" gap="lg" wrap="wrap">
          <Doughnut
            slices={slices}
            cutout={DOUGHNUT_CUTOUT_DASHBOARD}
            size={180}
            label={t.finances.chartLabel}
            format={(v) => formatCents(Math.round(v * 100))}
          />
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, minWidth: 200 }}>
            {repartitions.map((r, i) => (
              <Group component="li" key={r.id} justify="space-between" wrap="nowrap" gap="sm">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <span
                    aria-hidden
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: 5,
                      background: paletteColor(i),
                      flex: 'none',
                    }}
                  />
                  <Text size="sm" truncate="end">
                    {r.name}
                  </Text>
                </Group>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(r.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      )}
    </Card>
  );
}

/** One card per repartition: the member's share, the building's total, budget and tantièmes. */
function RepartitionCards({
  repartitions,
  wide = false,
}: {
  repartitions: FinanceRepartition[];
  wide?: boolean;
}) {
  if (repartitions.length === 0) return null;
  return (
    <SimpleGrid cols={wide ? { base: 1, sm: 2, lg: 3 } : { base: 1, sm: 2 }} spacing="sm">
      {repartitions.map((r, i) => (
        <Card withBorder padding="sm" key={r.id} data-testid="repartition-card">
          <Group gap="xs" wrap="nowrap" mb={4}>
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 5, background: paletteColor(i), flex: 'none' }}
            />
            <Title order={4} size="h6" style={{ minWidth: 0 }}>
              {r.name}
            </Title>
          </Group>
          <Line label={t.finances.myShare} value={formatCents(r.amount)} strong />
          <Line label={t.finances.building} value={formatCents(r.copropriete_amount)} />
          {r.budget > 0 && <Line label={t.finances.budget} value={formatCents(r.budget)} />}
          <Text size="xs" c="dimmed" mt={4}>
            {t.finances.tantiemes(r.tantieme, r.total_tantieme)}
          </Text>
          {r.budget > 0 && <Spent realised={r.amount} budget={r.budget} />}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** 'Dépenses': the building's operating budget and what has been spent (zero on failure). */
function DepensesCard({ coproId }: { coproId: string }) {
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
function AlurCard({ coproId }: { coproId: string }) {
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
