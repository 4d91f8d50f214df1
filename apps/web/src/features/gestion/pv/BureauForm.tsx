import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { pvFr as t } from './frPv';
import { usePvBureau } from './queries';

type Owner = { id: string; name: string };

/** Who holds the bureau, when the desk has not recorded it: président, secrétaire (a co-owner or the syndic), scrutateurs. */
export function BureauForm({
  coproId,
  assembleeId,
  owners,
  syndicName,
}: {
  coproId: string;
  assembleeId: string;
  owners: Owner[];
  syndicName: string;
}) {
  const save = usePvBureau(coproId, assembleeId);
  const [president, setPresident] = useState<string | null>(null);
  const [secretaire, setSecretaire] = useState<string | null>(null);
  const [secretaireName, setSecretaireName] = useState(syndicName);
  const [scrutateurs, setScrutateurs] = useState<(string | null)[]>([null]);
  const data = owners.map((o) => ({ value: o.id, label: o.name }));
  const ready = !!president && scrutateurs.every(Boolean) && (!!secretaire || secretaireName.trim() !== '');
  const submit = () =>
    save.mutate(
      {
        members: [
          { role: 'president', coproprietaire: president, name: '-' },
          secretaire
            ? { role: 'secretaire', coproprietaire: secretaire, name: '-' }
            : { role: 'secretaire', coproprietaire: null, name: secretaireName },
          ...scrutateurs.map((s) => ({ role: 'scrutateur' as const, coproprietaire: s, name: '-' })),
        ],
      },
      { onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }) },
    );
  return (
    <Paper withBorder p="md" data-testid="pv-bureau-form">
      <Stack gap="sm">
        <Text size="sm">{t.bureauHint}</Text>
        <Select label={t.president} data={data} value={president} onChange={setPresident} searchable />
        <Select
          label={t.secretaire}
          description={t.secretaireHint}
          data={data}
          value={secretaire}
          onChange={setSecretaire}
          clearable
          searchable
        />
        {secretaire ? null : (
          <TextInput
            label={t.secretaireName}
            value={secretaireName}
            onChange={(e) => setSecretaireName(e.currentTarget.value)}
          />
        )}
        {scrutateurs.map((s, i) => (
          <Select
            // biome-ignore lint/suspicious/noArrayIndexKey: the scrutateurs are added in order, never removed
            key={i}
            label={t.scrutateur(i + 1)}
            data={data}
            value={s}
            onChange={(v) => setScrutateurs((l) => l.map((x, j) => (j === i ? v : x)))}
            searchable
          />
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => setScrutateurs((l) => [...l, null])}
            disabled={scrutateurs.length >= 3}
          >
            {t.addScrutateur}
          </Button>
          <Button onClick={submit} disabled={!ready} loading={save.isPending}>
            {t.saveBureau}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
