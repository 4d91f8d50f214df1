import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconCalendarEvent, IconMessage } from '@tabler/icons-react';
import {
  type Assemblee,
  type CoproprietaireSummary,
  formatParisDate,
  formatParisTime,
  menuVisibility,
} from '@tantieme/contract';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAssemblees } from '../../assemblees/queries';
import { BalanceSummary } from '../../finances/components/BalanceSummary';
import { useUnreadMessages, useUnreadNotifications } from '../../notifications/queries';
import { PayNowButton } from '../../payments';
import { useStripeReady } from '../../payments/queries';
import { syntheseFr as t } from '../fr';
import {
  useAdministrators,
  useFinanceGeneral,
  useLots,
  useSyndicInfo,
  useVerificationStatus,
} from '../queries';

/**
 * What a co-owner comes for, first on a phone: the balance of the record and, when
 * the syndic takes card payments and something is owed, 'Payez maintenant'.
 */
export function BalanceFirst({ coproId, coproprietaireId }: { coproId: string; coproprietaireId: string }) {
  const q = useFinanceGeneral(coproId, coproprietaireId);
  if (q.isLoading) return <Skeleton h={96} />;
  // The finance section below says what failed and offers a retry.
  if (q.isError || !q.data) return null;
  const solde = q.data.summary.situation.solde;
  return (
    <section aria-label={t.first.balance} data-testid="phone-balance">
      <BalanceSummary solde={solde}>
        <PayNowButton coproprieteId={coproId} coproprietaireId={coproprietaireId} balanceCents={solde} />
      </BalanceSummary>
    </section>
  );
}

/** The next assembly of the record: not yet held, from today on, the soonest first. */
export function nextAssemblee(list: Assemblee[], now = new Date()): Assemblee | null {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  return (
    list
      .filter((a) => a.status < 2 && new Date(a.date).getTime() >= today.getTime())
      .sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime())[0] ?? null
  );
}

function NewsLine({ icon, to, children }: { icon: ReactNode; to: string; children: ReactNode }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="center">
      <span aria-hidden style={{ display: 'flex', color: 'var(--mantine-color-tantieme-7)' }}>
        {icon}
      </span>
      <Anchor component={Link} to={to} className="tap-target">
        {children}
      </Anchor>
    </Group>
  );
}

/** 'Nouveautés': unread notifications and messages, and the next assembly when there is one. */
export function WhatsNew({ record }: { record: CoproprietaireSummary }) {
  const coproId = record.coproprietes[0]?.id;
  const base = `/${record.id}`;
  const withAg = menuVisibility(record).assemblee;
  const notifs = useUnreadNotifications(record.id);
  const messages = useUnreadMessages(record.id);
  const ags = useAssemblees(withAg && coproId ? { coproId, id: record.id } : null);
  const n = notifs.data ?? 0;
  const m = messages.data ?? 0;
  const next = withAg ? nextAssemblee(ags.data ?? []) : null;
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="whats-new-title"
      data-testid="whats-new"
    >
      <Title order={2} size="h5" id="whats-new-title" mb="xs">
        {t.first.news}
      </Title>
      {n === 0 && m === 0 && !next ? (
        <Text size="sm">{t.first.nothingNew}</Text>
      ) : (
        <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {n > 0 && (
            <NewsLine icon={<IconBell size={20} />} to={`${base}/notifications`}>
              {t.first.notifications(n)}
            </NewsLine>
          )}
          {m > 0 && (
            <NewsLine icon={<IconMessage size={20} />} to={`${base}/messages-communication`}>
              {t.first.messages(m)}
            </NewsLine>
          )}
          {next && (
            <NewsLine icon={<IconCalendarEvent size={20} />} to={`${base}/assemblee/${next.id}`}>
              {t.first.nextAssemblee(next.name, formatParisDate(next.date), formatParisTime(next.date))}
            </NewsLine>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** How long the first screen waits for its data before showing each block with its own skeleton. */
export const FIRST_SCREEN_WAIT_MS = 4000;

/**
 * Whether the blocks of the first screen can be shown (CLS): the balance, what is new,
 * the verification shortcut, the lots and the syndic's cards each change height when their data
 * arrives, and each arrival pushed the blocks below it down (a layout shift of 0.14–0.27 on a
 * phone). Until their queries have answered (they start together, with the page: app/preload.ts)
 * the page shows one placeholder, then everything at once; once shown, it stays shown. The hooks
 * are the blocks' own: same keys, no extra request. Not for the syndic preview (no 'Nouveautés').
 */
export function useFirstScreenSettled(record: CoproprietaireSummary): boolean {
  const coproId = record.coproprietes[0]?.id;
  const withAg = menuVisibility(record).assemblee;
  const general = useFinanceGeneral(coproId, record.id);
  const queries = [
    general,
    // 'Payez maintenant' appears in the balance card when card payment is ready (PayNowButton).
    useStripeReady(coproId ?? '', (general.data?.summary.situation.solde ?? 0) > 0),
    useLots(coproId, record.id),
    useSyndicInfo(coproId),
    useAdministrators(coproId),
    useVerificationStatus(coproId, record.is_member_syndicat),
    useUnreadNotifications(record.id),
    useUnreadMessages(record.id),
    useAssemblees(withAg && coproId ? { coproId, id: record.id } : null),
  ];
  const loading = queries.some((q) => q.isLoading);
  const [shown, setShown] = useState(!loading);
  // The whole first screen renders at once here: as a transition, React renders it in slices and
  // lets the phone answer a tap in between, instead of one long task (TBT).
  useEffect(() => {
    if (!loading) startTransition(() => setShown(true));
  }, [loading]);
  useEffect(() => {
    const t = setTimeout(() => startTransition(() => setShown(true)), FIRST_SCREEN_WAIT_MS);
    return () => clearTimeout(t);
  }, []);
  return shown;
}
