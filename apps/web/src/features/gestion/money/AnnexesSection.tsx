import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { consoleAnnexesEndpoints as a, formatCents } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api';
import { moneyFr } from './fr';
import { moneyKeys } from './queries';

const t = moneyFr.annexes;

/** The year's close: each annex as a PDF for the assembly, the journal and balances as CSV. */
export function AnnexesSection({ coproId, exercice }: { coproId: string; exercice?: string }) {
  const [error, setError] = useState(false);
  const view = useQuery({
    queryKey: [...moneyKeys.all(coproId), 'annexes', exercice ?? ''],
    queryFn: () => api.call(a.annexes, { params: { coproId }, query: { exercice } }),
  });
  const open = (get: () => Promise<{ url: string }>) => {
    setError(false);
    get().then(
      (f) => window.open(f.url, '_blank', 'noopener'),
      () => setError(true),
    );
  };
  const e = view.data?.etat_financier;
  return (
    <Stack gap="sm">
      <Title order={2}>{t.title}</Title>
      <Text size="sm" c="gray.7">
        {t.intro}
      </Text>
      {e ? (
        <Text size="sm">
          {e.total_actif === e.total_passif
            ? t.balanced(formatCents(e.total_actif))
            : t.unbalanced(formatCents(e.total_actif), formatCents(e.total_passif))}
        </Text>
      ) : null}
      <Paper withBorder p="sm">
        <Group gap="sm" wrap="wrap">
          {(['1', '2', '3', '4'] as const).map((n) => (
            <Button
              key={n}
              variant="default"
              mih={24}
              disabled={!view.data?.exercice}
              onClick={() =>
                open(() => api.call(a.annexPdf, { params: { coproId }, query: { annexe: n, exercice } }))
              }
            >
              {t.annex[n]}
            </Button>
          ))}
          {(['journal', 'balances', 'passation'] as const).map((fichier) => (
            <Button
              key={fichier}
              variant="subtle"
              mih={24}
              disabled={!view.data?.exercice}
              onClick={() =>
                open(() => api.call(a.export, { params: { coproId }, query: { fichier, exercice } }))
              }
            >
              {{ journal: t.journalCsv, balances: t.balancesCsv, passation: t.handover }[fichier]}
            </Button>
          ))}
        </Group>
      </Paper>
      {error ? (
        <Alert color="red" role="alert">
          {t.failed}
        </Alert>
      ) : null}
    </Stack>
  );
}
