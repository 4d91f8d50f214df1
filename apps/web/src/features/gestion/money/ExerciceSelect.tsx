import { NativeSelect } from '@mantine/core';
import type { MoneyOverview } from '@tantieme/contract';
import { moneyFr } from './fr';

/** Which exercice the money screens show (the latest open one by default). */
export function ExerciceSelect({
  exercices,
  value,
  onChange,
}: {
  exercices: MoneyOverview['exercices'];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  if (exercices.length < 2) return null;
  return (
    <NativeSelect
      label={moneyFr.exercice}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={exercices.map((e) => ({
        value: e.id,
        label: e.closed ? `${e.couple} (${moneyFr.closed})` : e.couple,
      }))}
      maw={240}
    />
  );
}
