import { Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import type { OwnerBill, PaymentTransaction } from '@tantieme/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PaymentStatusModal, PayNowButton } from '../../payments';
import { BalanceSummary } from '../components/BalanceSummary';
import { BillDetailsModal } from '../components/BillDetailsModal';
import { BillsTab } from '../components/BillsTab';
import { PageError, PageLoader } from '../components/PageState';
import { TransactionDetailsModal } from '../components/TransactionDetailsModal';
import { TransactionsTab } from '../components/TransactionsTab';
import { frFinances as t } from '../fr';
import { useFinanceTarget, useLedger } from '../queries';

type Tab = 'paid' | 'unpaid' | 'transactions';

/** The appels de fonds, the older bills view of SPEC §2.8: tabs Réglées, Non réglées and Transactions. */
export default function AppelsDeFondsPage() {
  const { target, isLoading, isError } = useFinanceTarget();
  const ledger = useLedger(target);
  const [tab, setTab] = useState<Tab>('unpaid');
  const [bill, setBill] = useState<OwnerBill | null>(null);
  const [tx, setTx] = useState<PaymentTransaction | null>(null);

  if (isLoading || (target && ledger.isLoading)) return <PageLoader />;
  if (isError || !target || ledger.isError || !ledger.data)
    return <PageError onRetry={ledger.isError ? () => ledger.refetch() : undefined} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {t.olderTitle}
        </Title>
        <Anchor component={Link} to={`/${target.coproprietaireId}/facture-v2`} size="sm">
          {t.toStatement}
        </Anchor>
      </Group>
      <BalanceSummary solde={ledger.data.solde}>
        <PayNowButton
          coproprieteId={target.coproprieteId}
          coproprietaireId={target.coproprietaireId}
          balanceCents={ledger.data.solde}
        />
      </BalanceSummary>
      <PaymentStatusModal />
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="paid">{t.tabs.paid}</Tabs.Tab>
          <Tabs.Tab value="unpaid">{t.tabs.unpaid}</Tabs.Tab>
          <Tabs.Tab value="transactions">{t.tabs.transactions}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="paid" pt="md">
          <BillsTab target={target} which="paid" active={tab === 'paid'} onDetails={setBill} />
        </Tabs.Panel>
        <Tabs.Panel value="unpaid" pt="md">
          <BillsTab target={target} which="unpaid" active={tab === 'unpaid'} onDetails={setBill} />
        </Tabs.Panel>
        <Tabs.Panel value="transactions" pt="md">
          <TransactionsTab target={target} active={tab === 'transactions'} onDetails={setTx} />
        </Tabs.Panel>
      </Tabs>
      <BillDetailsModal
        coproprieteId={target.coproprieteId}
        bill={bill ? { id: bill.id, name: bill.name.fr } : null}
        lotIds={ledger.data.lots.map((l) => l.id)}
        onClose={() => setBill(null)}
      />
      <TransactionDetailsModal transaction={tx} onClose={() => setTx(null)} />
    </Stack>
  );
}
