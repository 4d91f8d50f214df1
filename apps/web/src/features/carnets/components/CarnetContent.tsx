import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type CarnetEntretienContent, formatCents, formatDate } from '@tantieme/contract';
import type { ReactNode } from 'react';
import { carnetFr as t } from '../fr';
import { DtgWorks } from './DtgWorks';
import { Section } from './Section';

/** A card of label/value lines (readable on a phone, unlike a wide table). */
function Card({ title, lines }: { title: string; lines: [string, ReactNode][] }) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <dl style={{ margin: 0 }}>
        {lines.map(([k, v]) => (
          <div key={k} style={{ display: 'flex', columnGap: 8, flexWrap: 'wrap' }}>
            <Text component="dt" size="sm" c="gray.7">
              {k} :
            </Text>
            <Text component="dd" size="sm" m={0}>
              {v}
            </Text>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

const None = () => (
  <Text size="sm" c="gray.7">
    {t.none}
  </Text>
);

/** The built-in carnet (décret 2001-477 art. 3), read-only: the council's page and every co-owner's. */
export function Carnet({ c }: { c: CarnetEntretienContent }) {
  // Décret 2001-477 art. 3 requires the term; a contract stored without it says so.
  const expiry = (d: string | null) =>
    d ? (
      formatDate(d)
    ) : (
      <Text component="span" size="sm" c="orange.9" fw={600}>
        {t.noExpiry}
      </Text>
    );
  return (
    <Stack gap="lg">
      <Text size="sm" c="gray.7">
        {t.legal} {t.updated(formatDate(c.updated_at))}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Section title={t.building} testId="carnet-building">
          <Card
            title={c.building.name}
            lines={[
              [t.address, c.building.full_address],
              ...(c.building.construction_year
                ? [[t.constructionYear, String(c.building.construction_year)] as [string, string]]
                : []),
            ]}
          />
        </Section>
        <Section title={t.syndic} testId="carnet-syndic">
          <Card
            title={c.syndic.name}
            lines={[
              ...(c.syndic.address ? [[t.address, c.syndic.address] as [string, string]] : []),
              ...(c.syndic.phone ? [['Téléphone', c.syndic.phone] as [string, string]] : []),
              ...(c.syndic.email ? [['E-mail', c.syndic.email] as [string, string]] : []),
            ]}
          />
        </Section>
      </SimpleGrid>

      <Section title={t.insurance} testId="carnet-insurance">
        {c.insurance_contracts.length === 0 ? (
          <None />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {c.insurance_contracts.map((i) => (
              <Card
                key={`${i.insurer}-${i.policy_number}`}
                title={i.kind}
                lines={[
                  [t.insurer, i.insurer],
                  [t.policy, i.policy_number],
                  ...(i.broker ? [[t.broker, i.broker] as [string, string]] : []),
                  [t.expires, expiry(i.expires_on)],
                ]}
              />
            ))}
          </SimpleGrid>
        )}
      </Section>

      <Section title={t.maintenance} testId="carnet-maintenance">
        {c.maintenance_contracts.length === 0 ? (
          <None />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {c.maintenance_contracts.map((m) => (
              <Card
                key={`${m.contractor}-${m.reference}`}
                title={m.equipment}
                lines={[
                  [t.contractor, m.contractor],
                  [t.reference, m.reference],
                  [t.expires, expiry(m.expires_on)],
                ]}
              />
            ))}
          </SimpleGrid>
        )}
      </Section>

      <Section title={t.works} testId="carnet-works">
        {c.major_works.length === 0 ? (
          <None />
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.year}</Table.Th>
                  <Table.Th scope="col">{t.nature}</Table.Th>
                  <Table.Th scope="col">{t.company}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.major_works.map((w) => (
                  <Table.Tr key={`${w.year}-${w.nature}`}>
                    <Table.Td>{w.year}</Table.Td>
                    <Table.Td>{w.nature}</Table.Td>
                    <Table.Td>{w.contractor}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <DtgWorks works={c.dtg_works} />

      <Section title={t.plan} testId="carnet-plan">
        {!c.works_plan ? (
          <Text size="sm" c="gray.7">
            {t.planNone}
          </Text>
        ) : (
          <>
            {c.works_plan.adopted_on && (
              <Text size="sm">{t.planAdopted(formatDate(c.works_plan.adopted_on))}</Text>
            )}
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t.year}</Table.Th>
                    <Table.Th scope="col">{t.nature}</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t.estimate}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.works_plan.items.map((i) => (
                    <Table.Tr key={`${i.year}-${i.nature}`}>
                      <Table.Td>{i.year}</Table.Td>
                      <Table.Td>{i.nature}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {i.estimated_cents === null ? '—' : formatCents(i.estimated_cents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Section>
    </Stack>
  );
}
