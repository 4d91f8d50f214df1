import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { isOpenSignalement } from '@tantieme/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MeTooButton } from '../components/MeTooButton';
import { SignalementCard } from '../components/SignalementCard';
import { signalementsFr as t } from '../fr';
import { useLiveSignalements, useSignalements } from '../queries';

type Filter = 'open' | 'closed' | 'mine';

/** Signalements of the building: open ones first, filters open / closed / mine. */
export default function SignalementsPage() {
  const { coproId = '' } = useParams();
  const q = useSignalements(coproId);
  useLiveSignalements(coproId);
  const [filter, setFilter] = useState<Filter>('open');
  const all = q.data?.items ?? [];
  const shown = all.filter((s) =>
    filter === 'mine' ? s.is_mine || s.supported_by_me : (filter === 'open') === isOpenSignalement(s.status),
  );
  const empty = { open: t.emptyOpen, closed: t.emptyClosed, mine: t.emptyMine }[filter];
  return (
    <Stack gap="md" maw={900} data-testid="signalements-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">
          {t.title}
        </Title>
        <Button component={Link} to="nouveau" leftSection={<IconPlus size={18} aria-hidden />}>
          {t.newReport}
        </Button>
      </Group>
      <Text size="sm">{t.intro}</Text>
      <SegmentedControl
        aria-label={t.filterLabel}
        value={filter}
        onChange={(v) => setFilter(v as Filter)}
        data={[
          { value: 'open', label: t.filters.open },
          { value: 'closed', label: t.filters.closed },
          { value: 'mine', label: t.filters.mine },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {q.isLoading ? (
        <Center py="xl">
          <Loader aria-label={t.loading} />
        </Center>
      ) : q.isError ? (
        <Alert color="red" role="alert" title={t.loadError}>
          <Button variant="light" color="red" mt="sm" onClick={() => void q.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="gray.8" py="lg" ta="center" data-testid="signalements-empty">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
          {shown.map((s) => (
            <SignalementCard key={s.id} s={s} to={s.id} action={<MeTooButton recordId={coproId} s={s} />} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
