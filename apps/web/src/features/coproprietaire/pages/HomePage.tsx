import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { badgeCount, type CoproprietaireSummary, positionLabel } from '@tantieme/contract';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { StaffInboxLink } from '../../chat/StaffInboxLink';
import { useRecordsListLive } from '../../notifications/realtime';
import { useSession } from '../../../app/session';
import { useSwitchCoproprietaire } from '../../../app/shell/useSwitchCoproprietaire';
import { useConsoleMe } from '../../gestion/me';
import { LoadingOverlay } from '../../../ui/LoadingOverlay';
import { useAttachDialog } from '../attach';
import { frCopro } from '../fr';
import { useCoproprietaires } from '../queries';

const t = frCopro.home;

/** Once per page load: the landing of SPEC §2.3 / §4 Startup happens after the first profile load only. */
let landed = false;

/** The record to land on: the only one, when it can be selected. */
export function landingRecord(list: CoproprietaireSummary[]): CoproprietaireSummary | null {
  if (list.length !== 1) return null;
  return list[0].coproprietes[0]?.syndic_disable ? null : list[0];
}

const cardStyle = { height: '100%', position: 'relative' as const };

function AttachCard({ onClick }: { onClick(): void }) {
  return (
    <UnstyledButton onClick={onClick} style={{ display: 'block', height: '100%' }}>
      <Card
        withBorder
        padding="lg"
        style={{ ...cardStyle, borderStyle: 'dashed', borderWidth: 2 }}
        bg="var(--mantine-color-tantieme-0)"
      >
        <Stack align="center" justify="center" gap={6} h="100%" mih={120}>
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconPlus size={26} />
          </ThemeIcon>
          <Text fw={600} ta="center" c="tantieme.8">
            {t.attachCard}
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            {t.attachCardHint}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

function RecordCard({ rec, onClick }: { rec: CoproprietaireSummary; onClick(): void }) {
  const copro = rec.coproprietes[0];
  const position = positionLabel(rec);
  const n = rec.total_notification;
  return (
    <UnstyledButton
      onClick={onClick}
      style={{ display: 'block', height: '100%' }}
      data-testid="coproprietaire-card"
    >
      <Card withBorder padding="lg" style={cardStyle} shadow="xs">
        {n > 0 && <VisuallyHidden>{t.unread(n)}</VisuallyHidden>}
        {n > 0 && (
          <Badge
            aria-hidden
            color="red"
            variant="filled"
            size="lg"
            radius="xl"
            px={8}
            style={{ position: 'absolute', top: 10, right: 10, minWidth: 28, overflow: 'visible' }}
            data-testid="notification-badge"
          >
            {badgeCount(n)}
          </Badge>
        )}
        <Group gap="sm" wrap="nowrap" align="flex-start" pr={n > 0 ? 36 : 0}>
          <Avatar name={rec.display_name.fr} color="initials" size="md" aria-hidden />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={2}>
              {rec.display_name.fr}
            </Text>
            {position && (
              <Text size="xs" c="tantieme.7" fw={600}>
                {position}
              </Text>
            )}
          </Stack>
        </Group>
        {copro && (
          <Group gap={6} mt="md" wrap="nowrap" align="flex-start">
            <IconBuildingCommunity size={18} style={{ flexShrink: 0, marginTop: 2 }} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {copro.name}
              </Text>
              {copro.address.full_address && (
                <Text size="xs" c="dimmed">
                  {copro.address.full_address}
                </Text>
              )}
            </Stack>
          </Group>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          {t.lots(rec.lots.length)}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

/** Home of SPEC §2.3: a welcome without records, else the card grid. */
export default function HomePage() {
  const { user } = useSession();
  const list = useCoproprietaires();
  useRecordsListLive();
  const navigate = useNavigate();
  const switchTo = useSwitchCoproprietaire();
  const openAttach = useAttachDialog();
  const missingContact = !!user && (!user.email || !user.phone);
  // Coming back to '/' on purpose (after a removal) shows the grid, even for one record.
  const stayHome = !!(useLocation().state as { stayHome?: boolean } | null)?.stayHome;
  // The syndic's staff land in the console; a volunteer syndic lands on their record as a co-owner.
  const me = useConsoleMe();
  const landingNow = !landed && !stayHome;
  const toConsole = landingNow && !!me.data && (me.data.kind === 'staff' || list.data?.length === 0);
  const landing = landingNow && list.data && !me.isLoading && !toConsole ? landingRecord(list.data) : null;

  useEffect(() => {
    if (list.data && !me.isLoading) landed = true;
  }, [list.data, me.isLoading]);
  useEffect(() => {
    if (toConsole) navigate('/gestion', { replace: true });
    else if (landing) navigate(`/${landing.id}/home`, { replace: true });
  }, [toConsole, landing, navigate]);

  // SPEC §2.3 / §4 Startup: an account without e-mail or phone goes to /register.
  if (missingContact)
    return <Navigate to={user?.email ? '/register?mode=link_phone' : '/register'} replace />;
  if (list.isLoading || landing || toConsole || (landingNow && me.isLoading)) return <LoadingOverlay />;
  if (list.isError)
    return (
      <Alert color="red" title={t.loadError} mt="md">
        <Button variant="light" color="red" mt="sm" onClick={() => list.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  const records = list.data ?? [];

  if (records.length === 0)
    return (
      <Stack align="center" ta="center" gap="md" py={48} maw={560} mx="auto">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconBuildingCommunity size={40} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t.welcome(user?.first_name ?? '', user?.last_name ?? '')}
        </Title>
        <Text c="dimmed">{t.invite}</Text>
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={openAttach}>
          {t.attachCard}
        </Button>
        <StaffInboxLink />
      </Stack>
    );

  return (
    <Stack gap="lg" py="md">
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t.myRecords}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <AttachCard onClick={openAttach} />
        {records.map((rec) => (
          <RecordCard key={rec.id} rec={rec} onClick={() => switchTo(rec)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
