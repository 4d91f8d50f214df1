import { Alert, Anchor, Button, Center, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatParisDate, formatParisTime } from '@tantieme/contract';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { NotFound } from '../../../ui/NotFound';
import { ActesLinks } from '../components/ActesLinks';
import { ConvocationTab } from '../components/ConvocationTab';
import { MinutesDownloads } from '../components/MinutesDownloads';
import { ParticiperTab } from '../components/ParticiperTab';
import { PouvoirTab } from '../components/PouvoirTab';
import { RegisterCheck } from '../components/RegisterCheck';
import { detailTitle } from '../components/status';
import { VoteForm } from '../components/VoteForm';
import { VoteResult } from '../components/VoteResult';
import { frAg as t } from '../fr';
import { frPouvoir as tp } from '../fr.pouvoir';
import { frRegister as tr } from '../fr.register';
import { useAgTarget, useResolutions } from '../queries';

type Tab = 'convocation' | 'vote' | 'participate' | 'pouvoir' | 'register';
const TABS: Tab[] = ['convocation', 'vote', 'participate', 'pouvoir', 'register'];
type VoteTab = 'result' | 'form';

/** Detail 'Assemblées - {name} - {year}' (SPEC §2.20) with tabs Convocation, vote and Participer. */
export default function AssembleeDetailPage() {
  const { assembleeId = '' } = useParams();
  const { target, isLoading } = useAgTarget();
  const q = useResolutions(target, assembleeId);
  // The list's 'Voter' opens the vote tab (`?onglet=vote`), even once a ballot is cast.
  const [params] = useSearchParams();
  const asked = params.get('onglet') as Tab | null;
  const [tab, setTab] = useState<Tab | null>(asked && TABS.includes(asked) ? asked : null);
  const [voteTab, setVoteTab] = useState<VoteTab | null>(null);
  const [formKey, setFormKey] = useState(0);

  if (isLoading || q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  if (q.isError || !q.data || !target) {
    if (q.error && 'status' in q.error && q.error.status === 404) return <NotFound />;
    return (
      <Alert color="red" role="alert" title={t.loadError}>
        <Button variant="light" size="xs" onClick={() => q.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  }
  const data = q.data;
  const ag = data.assemblee;
  const active = ag.vote_active;
  // What the co-owner came for: the vote form while it is open and not yet used, else the convocation.
  const currentTab: Tab = tab ?? (active && !data.ballot ? 'vote' : 'convocation');
  // SPEC §4: without an active vote only the result tab is shown.
  const currentVoteTab: VoteTab = active ? (voteTab ?? (data.ballot ? 'result' : 'form')) : 'result';

  return (
    <Stack gap="md">
      <Anchor component={Link} to=".." relative="path" size="sm">
        ← {t.back}
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {detailTitle(ag)}
        </Title>
        <Text c="gray.7" size="sm">
          {ag.copr_name} · {t.meetingOn(formatParisDate(ag.date), formatParisTime(ag.date))}
        </Text>
        <Text size="sm" fw={500} c={active ? 'teal.9' : 'gray.7'}>
          {active && ag.valid_to
            ? t.voteUntil(formatParisDate(ag.valid_to), formatParisTime(ag.valid_to))
            : t.voteClosed}
        </Text>
      </div>
      {ag.status_session === 2 && <ActesLinks target={target} agId={ag.id} />}
      <Tabs value={currentTab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        {/* One line that scrolls sideways: on a phone five wrapped tabs took three lines. */}
        <Tabs.List
          style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }}
        >
          <Tabs.Tab value="convocation" style={{ flexShrink: 0 }}>
            {t.tabs.convocation}
          </Tabs.Tab>
          <Tabs.Tab value="vote" style={{ flexShrink: 0 }}>
            {t.tabs.vote}
          </Tabs.Tab>
          <Tabs.Tab value="participate" style={{ flexShrink: 0 }}>
            {t.tabs.participate}
          </Tabs.Tab>
          <Tabs.Tab value="pouvoir" style={{ flexShrink: 0 }}>
            {tp.tab}
          </Tabs.Tab>
          <Tabs.Tab value="register" style={{ flexShrink: 0 }}>
            {tr.tab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="convocation" pt="md">
          <ConvocationTab target={target} agId={ag.id} active={currentTab === 'convocation'} />
        </Tabs.Panel>
        <Tabs.Panel value="vote" pt="md">
          <Tabs
            value={currentVoteTab}
            onChange={(v) => v && setVoteTab(v as VoteTab)}
            variant="pills"
            keepMounted={false}
          >
            <Tabs.List>
              <Tabs.Tab value="result">{t.voteTabs.result}</Tabs.Tab>
              {active && <Tabs.Tab value="form">{t.voteTabs.form}</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="result" pt="md">
              <VoteResult
                data={data}
                target={target}
                agId={ag.id}
                onRevote={
                  active && data.ballot && data.resolutions.length > 0
                    ? () => {
                        setTab('vote');
                        setFormKey((k) => k + 1);
                        setVoteTab('form');
                      }
                    : null
                }
              />
            </Tabs.Panel>
            {active && (
              <Tabs.Panel value="form" pt="md">
                <VoteForm
                  key={formKey}
                  data={data}
                  target={target}
                  agId={ag.id}
                  onVoted={() => {
                    setTab('vote');
                    setVoteTab('result');
                  }}
                />
              </Tabs.Panel>
            )}
          </Tabs>
        </Tabs.Panel>
        <Tabs.Panel value="participate" pt="md">
          <ParticiperTab target={target} agId={ag.id} active={currentTab === 'participate'} />
        </Tabs.Panel>
        <Tabs.Panel value="pouvoir" pt="md">
          <PouvoirTab target={target} agId={ag.id} data={data} active={currentTab === 'pouvoir'} />
        </Tabs.Panel>
        <Tabs.Panel value="register" pt="md">
          <Stack gap="md">
            <MinutesDownloads target={target} agId={ag.id} active={currentTab === 'register'} />
            <RegisterCheck target={target} agId={ag.id} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
