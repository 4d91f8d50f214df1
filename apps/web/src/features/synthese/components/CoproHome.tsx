import { Alert, SimpleGrid, Skeleton, Stack, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CoproprietaireSummary, Lot } from '@tantieme/contract';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { syntheseFr as t } from '../fr';
import { useLots, usePreviewRecord, useVerificationStatus } from '../queries';
import { AdministratorsCard } from './AdministratorsCard';
import { FinanceSection } from './FinanceSection';
import { LotDetail } from './LotDetail';
import { LotsList } from './LotsList';
import { BalanceFirst, WhatsNew } from './PhoneFirst';
import { SyndicCard } from './SyndicCard';
import { VerificationShortcut } from './VerificationShortcut';

function Dashboard({ record, preview }: { record: CoproprietaireSummary; preview: boolean }) {
  const coproId = record.coproprietes[0]?.id;
  const [params, setParams] = useSearchParams();
  const lots = useLots(coproId, record.id);
  const verification = useVerificationStatus(coproId, record.is_member_syndicat);
  const theme = useMantineTheme();
  // Below the breakpoint where the left sidebar appears: the phone order of issue 15.
  const phone = useMediaQuery(`(max-width: ${parseFloat(theme.breakpoints.md) - 0.01}em)`, false, {
    getInitialValueInEffect: false,
  });
  const openLotId = params.get('lot');
  const openLot = lots.data?.find((l) => l.id === openLotId) ?? null;
  // Keep the other query parameters (the preview's spt) when opening or closing a lot.
  const setLot = (lot: Lot | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (lot) next.set('lot', lot.id);
      else next.delete('lot');
      return next;
    });
  if (!coproId) return null;
  const showVerification =
    !preview && record.is_member_syndicat && (verification.data?.syndic_submit ?? 0) > 0;
  const contacts = (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <SyndicCard coproId={coproId} />
      <AdministratorsCard coproId={coproId} />
    </SimpleGrid>
  );
  const body = (
    <>
      {showVerification && <VerificationShortcut coproprietaireId={record.id} />}
      {openLot ? (
        <LotDetail lot={openLot} coproprietaireId={record.id} onBack={() => setLot(null)} />
      ) : (
        <>
          <LotsList
            lots={lots.data}
            isLoading={lots.isLoading}
            isError={lots.isError}
            onRetry={() => lots.refetch()}
            onOpen={setLot}
          />
          <FinanceSection coproId={coproId} coproprietaireId={record.id} />
        </>
      )}
    </>
  );
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      {phone ? (
        // Issue 15, on a phone: the balance and 'Payez maintenant' first, then what is new,
        // then lots and the breakdown; the syndic's address book last. The DOM follows the
        // visual order, so a screen reader and the Tab key meet them in the same order.
        <>
          <BalanceFirst coproId={coproId} coproprietaireId={record.id} />
          {!preview && <WhatsNew record={record} />}
          {body}
          {contacts}
        </>
      ) : (
        // SPEC §2.4 on a desktop: 'Mon Syndic', 'Gestionnaire copropriété', the verification
        // shortcut, 'Mes lots' and the tabs.
        <>
          {contacts}
          {body}
        </>
      )}
    </Stack>
  );
}

/** The co-owner's record in the dashboard layout (from the user's list). */
export function OwnerHome() {
  const { record, isLoading } = useCurrentCoproprietaire();
  if (isLoading || !record) return <Skeleton h={320} />;
  return <Dashboard record={record} preview={false} />;
}

/** SPEC §4 Syndic preview: the record is fetched with the preview token and shown read-only. */
export function PreviewHome() {
  const { coproId } = useParams();
  const q = usePreviewRecord(coproId, true);
  if (q.isLoading) return <Skeleton h={320} />;
  if (q.isError || !q.data)
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t.title}
        </Title>
        <Alert color="red" title={t.loadError} role="alert" />
      </Stack>
    );
  return <Dashboard record={q.data} preview />;
}
