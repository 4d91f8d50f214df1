import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { formatParisDate } from '@tantieme/contract';
import { Link, useParams } from 'react-router-dom';
import { QueryState } from '../components/QueryState';
import { useDesk } from '../desk/queries';
import { may, useConsoleMe } from '../me';
import { BureauForm } from '../pv/BureauForm';
import { pvFr as t } from '../pv/frPv';
import { MemberSign } from '../pv/MemberSign';
import { NotificationList } from '../pv/NotificationList';
import { usePv } from '../pv/queries';

const day = (d: string) => formatParisDate(`${d}T12:00:00Z`);

/**
 * The PV after the meeting, on the desk's tablet: the bureau signs it one after the other (décret
 * 1967 art. 17), it is sealed with the last signature, then notified to each opposant and
 * défaillant through their channel, with the last day each may contest it (loi art. 42, 2e al.).
 */
export default function MinutesPage() {
  const { coproId = '', assembleeId = '' } = useParams();
  const pv = usePv(coproId, assembleeId);
  const desk = useDesk(coproId, assembleeId);
  const me = useConsoleMe();
  const canHold = may(me.data, 'assemblees.seance');
  const canNotify = may(me.data, 'assemblees.write');
  return (
    <Stack gap="md" maw={960}>
      <Anchor
        component={Link}
        to={`/gestion/immeubles/${coproId}/assemblees/${assembleeId}/seance`}
        size="sm"
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} component="span" mih={24}>
          <IconArrowLeft size={16} aria-hidden />
          {t.back}
        </Group>
      </Anchor>
      <QueryState query={pv}>
        {(d) => (
          <Stack gap="md">
            <div>
              <Title order={1}>{t.title}</Title>
              <Text c="gray.7">
                {d.assemblee.name} · {formatParisDate(d.assemblee.date)}
              </Text>
            </div>
            {d.assemblee.status_session !== 2 ? (
              <Alert color="blue">{t.notClosed}</Alert>
            ) : (
              <Alert color={d.pv.sealed ? 'teal' : 'yellow'} data-testid="pv-status">
                <Text size="sm" fw={600}>
                  {d.pv.sealed ? t.sealed : t.missing(d.missing.length || 3)}
                </Text>
                <Text size="sm">{t.signUntil(day(d.signature_until))}</Text>
                <Text size="sm">{t.notifyUntil(day(d.notification_until))}</Text>
              </Alert>
            )}
            <Title order={2} size="h3">
              {t.bureau}
            </Title>
            {d.bureau.length === 0 && canHold && d.assemblee.status_session !== null ? (
              <BureauForm
                coproId={coproId}
                assembleeId={assembleeId}
                owners={(desk.data?.participants ?? []).map((p) => ({ id: p.id, name: p.name }))}
                syndicName={me.data?.user.display_name ?? ''}
              />
            ) : null}
            {d.bureau.map((m) => (
              <MemberSign
                key={m.key}
                member={m}
                coproId={coproId}
                assembleeId={assembleeId}
                canSign={canHold && d.assemblee.status_session === 2}
              />
            ))}
            {d.assemblee.status_session === 2 ? (
              <>
                <Title order={2} size="h3">
                  {t.notification}
                </Title>
                <NotificationList pv={d} coproId={coproId} canNotify={canNotify} />
              </>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
