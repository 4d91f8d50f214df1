import { Button, Card, Group, Skeleton, Table, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { formatInt, type Lot } from '@tantieme/contract';
import { useEffect, useRef } from 'react';
import { syntheseFr as t } from '../fr';
import { useLotTantiemes } from '../queries';
import { LoadError } from './LoadError';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%" fw={500}>
        {label}
      </Table.Th>
      <Table.Td>{value?.trim() ? value : t.lots.none}</Table.Td>
    </Table.Tr>
  );
}

function TantiemesTab({ coproprietaireId, lotId }: { coproprietaireId: string; lotId: string }) {
  const q = useLotTantiemes(coproprietaireId, lotId);
  if (q.isLoading) return <Skeleton h={120} />;
  if (q.isError || !q.data) return <LoadError onRetry={() => q.refetch()} />;
  if (q.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t.lots.noTantieme}
      </Text>
    );
  return (
    <Table striped aria-label={t.lots.tabTantiemes}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.lots.repartition}</Table.Th>
          <Table.Th ta="right">{t.lots.tantieme}</Table.Th>
          <Table.Th ta="right">{t.lots.total}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {q.data.map((r) => (
          <Table.Tr key={r.repartition_name.fr}>
            <Table.Td>{r.repartition_name.fr}</Table.Td>
            <Table.Td ta="right">{formatInt(r.tantieme)}</Table.Td>
            <Table.Td ta="right">{formatInt(r.total_tantieme)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A lot's detail view with a 'Retour' button and lot tabs (information, tantièmes by repartition). */
export function LotDetail({
  lot,
  coproprietaireId,
  onBack,
}: {
  lot: Lot;
  coproprietaireId: string;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const loc = lot.locataire;
  const locName = loc ? `${loc.first_name ?? ''} ${loc.last_name ?? ''}`.trim() : '';
  return (
    <section aria-labelledby="lot-title">
      <Group mb="sm" gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t.lots.back}
        </Button>
        <Title order={2} size="h3" id="lot-title" ref={heading} tabIndex={-1}>
          {lot.name}
        </Title>
      </Group>
      <Card withBorder padding="md">
        <Tabs defaultValue="info" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="info">{t.lots.tabInfo}</Tabs.Tab>
            <Tabs.Tab value="tantiemes">{t.lots.tabTantiemes}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="info" pt="md">
            <Table>
              <Table.Tbody>
                <Row label={t.lots.lotNumber} value={lot.lot_id} />
                <Row label={t.lots.type} value={lot.type_name} />
                <Row
                  label={t.lots.agency}
                  value={[lot.agency_info?.name, lot.agency_info?.phone, lot.agency_info?.email]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <Row
                  label={t.lots.locataire}
                  value={[locName, loc?.phone, loc?.email].filter(Boolean).join(' · ')}
                />
              </Table.Tbody>
            </Table>
          </Tabs.Panel>
          <Tabs.Panel value="tantiemes" pt="md">
            <TantiemesTab coproprietaireId={coproprietaireId} lotId={lot.id} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </section>
  );
}
