import { Alert, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { CoproprietaireSummary, Lot } from '@tantieme/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { markFirstScreenShown } from '../../../app/afterFirstScreen';
import { useAfterPaint, useWideLayout } from '../../../ui/layout';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { syntheseFr as t } from '../fr';
import { useLots, usePreviewRecord, useVerificationStatus } from '../queries';
import { AdministratorsCard } from './AdministratorsCard';
import { FinanceSection } from './FinanceSection';
import { LotsList } from './LotsList';
import { BalanceFirst, useFirstScreenSettled, WhatsNew } from './PhoneFirst';
import { SyndicCard } from './SyndicCard';
import { VerificationShortcut } from './VerificationShortcut';

// A lot's detail opens from the list (?lot=): not part of the first screen (the bundle budget).
const LotDetail = lazy(() => import('./LotDetail').then((m) => ({ default: m.LotDetail })));
// Below everything on a phone, once painted: the offer to install the app moves nothing.
const InstallOffer = lazy(() =>
  import('../../install/InstallOffer').then((m) => ({ default: m.InstallOffer })),
);

function Dashboard({
  record,
  preview,
  settled = true,
}: {
  record: CoproprietaireSummary;
  preview: boolean;
  settled?: boolean;
}) {
  const coproId = record.coproprietes[0]?.id;
  const [params, setParams] = useSearchParams();
  const lots = useLots(coproId, record.id);
  const verification = useVerificationStatus(coproId, record.is_member_syndicat);
  // Below the breakpoint where the left sidebar appears: the phone order (phone first).
  const phone = !useWideLayout();
  // On a phone, what lies below the first screen (lots, the charges' breakdown, the address book)
  // renders once the balance and 'Nouveautés' are painted: the whole page in one commit was
  // ~0.25 s of a phone's main thread before anything showed. Appended below, it
  // moves nothing.
  const below = useAfterPaint(settled);
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
  const verificationShortcut = showVerification && <VerificationShortcut coproprietaireId={record.id} />;
  const lotsAndFinances = openLot ? (
    <Suspense fallback={<Skeleton h={320} />}>
      <LotDetail lot={openLot} coproprietaireId={record.id} onBack={() => setLot(null)} />
    </Suspense>
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
  );
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      {!settled ? (
        // Until the first screen's data is there: one placeholder at least as tall as the screen,
        // then every block at once, so none pushes another (CLS).
        <Skeleton h="calc(100dvh - 200px)" mih={480} aria-hidden />
      ) : phone ? (
        // On a phone: the balance and 'Payez maintenant' first, then what is new and the offer to
        // install the app, then lots and the breakdown; the syndic's address book last. The DOM follows the
        // visual order, so a screen reader and the Tab key meet them in the same order.
        <>
          <BalanceFirst coproId={coproId} coproprietaireId={record.id} />
          {!preview && <WhatsNew record={record} />}
          {verificationShortcut}
          {/* The install offer right after what is new, not at the foot of a long page. */}
          {below && !preview && (
            <Suspense fallback={null}>
              <InstallOffer />
            </Suspense>
          )}
          {below && lotsAndFinances}
          {below && contacts}
        </>
      ) : (
        // SPEC §2.4 on a desktop: 'Mon Syndic', 'Gestionnaire copropriété', the verification
        // shortcut, 'Mes lots' and the tabs.
        <>
          {contacts}
          {verificationShortcut}
          {lotsAndFinances}
        </>
      )}
    </Stack>
  );
}

/** The co-owner's record in the dashboard layout (from the user's list). */
export function OwnerHome() {
  const { record, isLoading } = useCurrentCoproprietaire();
  if (isLoading || !record) return <Skeleton h={320} />;
  return <OwnerDashboard record={record} />;
}

function OwnerDashboard({ record }: { record: CoproprietaireSummary }) {
  const settled = useFirstScreenSettled(record);
  // The socket, the chat badge and the pending attach check start once this screen has painted.
  const painted = useAfterPaint(settled);
  useEffect(() => {
    if (painted) markFirstScreenShown();
  }, [painted]);
  return <Dashboard record={record} preview={false} settled={settled} />;
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
