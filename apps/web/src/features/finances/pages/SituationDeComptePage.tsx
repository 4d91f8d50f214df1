import { Anchor, Box, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { buildStatement, type LedgerLine, mergeSettledLines } from '@tantieme/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PaymentStatusModal, PayNowButton } from '../../payments';
import { BalanceSummary } from '../components/BalanceSummary';
import { BillDetailsModal } from '../components/BillDetailsModal';
import { PageError, PageLoader } from '../components/PageState';
import { StatementCards, StatementTable } from '../components/StatementTable';
import { frFinances as t } from '../fr';
import { useFinanceTarget, useLedger, useSettledLines } from '../queries';

/** 'Situation de compte' (SPEC §2.8): the statement, table on desktop and cards on phones. */
export default function SituationDeComptePage() {
  const { target, isLoading, isError } = useFinanceTarget();
  const ledger = useLedger(target);
  // A receipt's link (e-mail, notification) opens the statement with the settled lines, where it is.
  const [showAll, setShowAll] = useState(() => new URLSearchParams(window.location.search).has('recu'));
  const settled = useSettledLines(target, showAll);
  const [bill, setBill] = useState<{ id: string; name: string } | null>(null);

  const withSettled = showAll && !!settled.data;
  const statement = useMemo(() => {
    const open = ledger.data?.lines ?? [];
    const lines = withSettled ? mergeSettledLines(open, settled.data ?? []) : open;
    return buildStatement(lines, { showAll: withSettled });
  }, [ledger.data, settled.data, withSettled]);

  if (isLoading || (target && ledger.isLoading)) return <PageLoader />;
  if (isError || !target || ledger.isError || !ledger.data)
    return <PageError onRetry={ledger.isError ? () => ledger.refetch() : undefined} />;

  const lotIds = ledger.data.lots.map((l) => l.id);
  const receipts = { coproprieteId: target.coproprieteId, coproprietaireId: target.coproprietaireId };
  const onBill = lotIds.length
    ? (line: LedgerLine) => line.bill_id && setBill({ id: line.bill_id, name: line.name.fr })
    : undefined;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.statementTitle}
      </Title>
      <BalanceSummary solde={ledger.data.solde}>
        <PayNowButton
          coproprieteId={target.coproprieteId}
          coproprietaireId={target.coproprietaireId}
          balanceCents={ledger.data.solde}
        />
      </BalanceSummary>
      <PaymentStatusModal />
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Switch
            label={t.showSettled}
            checked={showAll}
            onChange={(e) => setShowAll(e.currentTarget.checked)}
          />
          {showAll && settled.isFetching && <Loader size="xs" aria-label="Chargement…" />}
        </Group>
        {!target.preview && (
          <Anchor component={Link} to={`/${target.coproprietaireId}/facture`} size="sm">
            {t.toOlder}
          </Anchor>
        )}
      </Group>
      {showAll && settled.isError && <PageError onRetry={() => settled.refetch()} />}
      {statement.rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t.noLines}
        </Text>
      ) : (
        <>
          <Box visibleFrom="sm">
            <StatementTable {...statement} showAll={withSettled} onBill={onBill} receipts={receipts} />
          </Box>
          <Box hiddenFrom="sm">
            <StatementCards {...statement} showAll={withSettled} onBill={onBill} receipts={receipts} />
          </Box>
        </>
      )}
      <BillDetailsModal
        coproprieteId={target.coproprieteId}
        bill={bill}
        lotIds={lotIds}
        onClose={() => setBill(null)}
      />
    </Stack>
  );
}
