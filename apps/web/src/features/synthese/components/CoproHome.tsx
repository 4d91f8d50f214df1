import { Alert, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { CoproprietaireSummary, Lot } from '@tantieme/contract';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { syntheseFr as t } from '../fr';
import { useLots, usePreviewRecord, useVerificationStatus } from '../queries';
import { AdministratorsCard } from './AdministratorsCard';
import { FinanceSection } from './FinanceSection';
import { LotDetail } from './LotDetail';
import { LotsList } from './LotsList';
import { SyndicCard } from './SyndicCard';
import { VerificationShortcut } from './VerificationShortcut';

function Dashboard({ record, preview }: { record: CoproprietaireSummary; preview: boolean }) {
  const coproId = record.coproprietes[0]?.id;
  const [params, setParams] = useSearchParams();
  const lots = useLots(coproId, record.id);
  const verification = useVerificationStatus(coproId, record.is_member_syndicat);
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
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SyndicCard coproId={coproId} />
        <AdministratorsCard coproId={coproId} />
      </SimpleGrid>
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
