import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { may, useConsoleMe } from '../me';
import { AppelsSection } from '../money/AppelsSection';
import { BudgetChart } from '../money/BudgetChart';
import { BudgetSection } from '../money/BudgetSection';
import { ExerciceSelect } from '../money/ExerciceSelect';
import { moneyFr } from '../money/fr';
import { useMoneyOverview } from '../money/queries';

/** The budget prévisionnel per key and the appels de fonds of the exercice. */
export default function BuildingBudgetPage() {
  const { coproId = '' } = useParams();
  const [exercice, setExercice] = useState<string | undefined>();
  const overview = useMoneyOverview(coproId, exercice);
  const me = useConsoleMe();
  const canWrite = may(me.data, 'finances.write');
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="budget" />
      <QueryState query={overview}>
        {(data) =>
          !data.exercice ? (
            <Text c="gray.7">{moneyFr.noExercice}</Text>
          ) : (
            <Stack gap="xl">
              <ExerciceSelect exercices={data.exercices} value={data.exercice.id} onChange={setExercice} />
              {!canWrite && me.data ? <Alert color="gray">{moneyFr.readOnly}</Alert> : null}
              <BudgetSection key={data.exercice.id} coproId={coproId} data={data} canWrite={canWrite} />
              <BudgetChart coproId={coproId} exercice={data.exercice.id} />
              <AppelsSection key={data.exercice.id} coproId={coproId} data={data} canWrite={canWrite} />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
