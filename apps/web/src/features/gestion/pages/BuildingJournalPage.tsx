import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { may, useConsoleMe } from '../me';
import { AnnexesSection } from '../money/AnnexesSection';
import { BalancesTable } from '../money/BalancesTable';
import { moneyFr } from '../money/fr';
import { JournalTable } from '../money/JournalTable';
import { type JournalFilters, useJournal } from '../money/queries';

const t = moneyFr.journal;

/** The exercice's journal, filtered by account and origin, 100 écritures a page; the balance below. */
export default function BuildingJournalPage() {
  const { coproId = '' } = useParams();
  const [compte, setCompte] = useState('');
  const [source, setSource] = useState('');
  const [after, setAfter] = useState<number[]>([]);
  const filters: JournalFilters = {
    ...(/^\d{1,8}$/.test(compte) ? { compte } : {}),
    ...(source ? { source: source as JournalFilters['source'] } : {}),
    ...(after.length ? { after: after[after.length - 1] } : {}),
  };
  const journal = useJournal(coproId, filters);
  const me = useConsoleMe();
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="journal" />
      <Title order={2}>{t.title}</Title>
      <Text size="sm" c="gray.7">
        {t.intro}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t.filterAccount}
          value={compte}
          inputMode="numeric"
          placeholder="512"
          onChange={(e) => {
            setCompte(e.currentTarget.value.trim());
            setAfter([]);
          }}
          maw={240}
        />
        <NativeSelect
          label={t.filterSource}
          value={source}
          onChange={(e) => {
            setSource(e.currentTarget.value);
            setAfter([]);
          }}
          data={Object.entries(t.sources).map(([value, label]) => ({
            value: value === 'all' ? '' : value,
            label,
          }))}
          maw={240}
        />
      </Group>
      <QueryState query={journal}>
        {(data) => (
          <Stack gap="sm">
            {data.ecritures.length === 0 ? (
              <Text c="gray.7">{t.none}</Text>
            ) : (
              <JournalTable
                coproId={coproId}
                ecritures={data.ecritures}
                canWrite={may(me.data, 'finances.write')}
              />
            )}
            <Group>
              {after.length ? (
                <Button variant="default" onClick={() => setAfter([])}>
                  {t.first}
                </Button>
              ) : null}
              {data.next_after !== null ? (
                <Button variant="default" onClick={() => setAfter([...after, data.next_after as number])}>
                  {t.next}
                </Button>
              ) : null}
            </Group>
            <BalancesTable coproId={coproId} exercice={data.exercice?.id} />
            <AnnexesSection coproId={coproId} exercice={data.exercice?.id} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
