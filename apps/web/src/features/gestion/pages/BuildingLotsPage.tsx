import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { formatInt } from '@tantieme/contract';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { byNumber } from '../components/byNumber';
import { QueryState } from '../components/QueryState';
import { TantiemesGrid } from '../components/TantiemesGrid';
import { gestionFr } from '../fr';
import { may, useConsoleMe } from '../me';
import { useLotsAndKeys } from '../queries';

// The forms are for writers only and below the tables: loaded after the page's first paint.
const KeyForm = lazy(() => import('../components/KeyForm').then((m) => ({ default: m.KeyForm })));
const LotForm = lazy(() => import('../components/LotForm').then((m) => ({ default: m.LotForm })));

const t = gestionFr.lots;

/** A building's keys and lots: add them, then the tantièmes grid checked live. */
export default function BuildingLotsPage() {
  const { coproId = '' } = useParams();
  const me = useConsoleMe().data;
  const data = useLotsAndKeys(coproId);
  const canWrite = may(me, 'lots.write');
  const sorted = useMemo(() => byNumber(data.data?.lots ?? []), [data.data]);
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="lots" />
      {canWrite ? (
        <Group>
          <Button
            variant="light"
            component={Link}
            to={`/gestion/immeubles/${coproId}/import`}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          >
            {t.importFile}
          </Button>
        </Group>
      ) : null}
      <QueryState query={data}>
        {({ repartitions }) => (
          <>
            <Stack gap="sm" component="section" aria-labelledby="keys-title">
              <Title order={2} size="h3" id="keys-title">
                {t.keysTitle}
              </Title>
              <Text size="sm" c="gray.7">
                {t.intro}
              </Text>
              {repartitions.length > 0 ? (
                <Paper withBorder>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t.keyCode}</Table.Th>
                        <Table.Th>{t.keyName}</Table.Th>
                        <Table.Th ta="right">{t.keyTotal}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {repartitions.map((k) => (
                        <Table.Tr key={k.id}>
                          <Table.Td>{k.code}</Table.Td>
                          <Table.Td>{k.name}</Table.Td>
                          <Table.Td ta="right">{formatInt(k.total_tantieme)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
              ) : null}
              {canWrite ? (
                <Suspense fallback={null}>
                  <KeyForm coproId={coproId} first={repartitions.length === 0} />
                </Suspense>
              ) : null}
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="lots-title">
              <Title order={2} size="h3" id="lots-title">
                {t.title}
              </Title>
              {canWrite ? (
                <Suspense fallback={null}>
                  <LotForm coproId={coproId} />
                </Suspense>
              ) : null}
              <TantiemesGrid coproId={coproId} lots={sorted} keys={repartitions} />
            </Stack>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
