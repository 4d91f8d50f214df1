import { Stack, Text } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { SignalementBoard } from '../components/SignalementBoard';
import { SignalementPanel } from '../components/SignalementPanel';
import { boardFr as t } from '../frBoard';
import { may, useConsoleMe } from '../me';
import { useBoard } from '../queriesBoard';

/** A building's signalements by status; the one opened is in the address (`?signalement=`). */
export default function BuildingSignalementsPage() {
  const { coproId = '' } = useParams();
  const me = useConsoleMe();
  const board = useBoard(coproId);
  const [params, setParams] = useSearchParams();
  const opened = params.get('signalement');
  const open = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('signalement', id);
        else p.delete('signalement');
        return p;
      },
      { replace: false },
    );
  return (
    <Stack gap="lg" maw={1400}>
      <BuildingHeader coproId={coproId} tab="signalements" />
      <Text size="sm" c="gray.7">
        {t.intro}
      </Text>
      <QueryState query={board}>
        {(b) => (
          <>
            <SignalementBoard items={b.items} onOpen={open} />
            <SignalementPanel
              coproId={coproId}
              id={opened}
              assignable={b.assignable}
              canWrite={may(me.data, 'signalements.write')}
              onClose={() => open(null)}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
