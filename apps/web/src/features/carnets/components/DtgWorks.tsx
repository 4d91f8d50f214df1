import { Badge, Table, Text } from '@mantine/core';
import { type DtgWork, DTG_WORK_STATUS_LABELS, formatCents } from '@tantieme/contract';
import { carnetFr as t } from '../fr';
import { Section } from './Section';

const STATUS_COLOR = {
  A_VOTER: 'blue.9',
  VOTE: 'teal.9',
  EN_COURS: 'orange.9',
  REALISE: 'green.9',
  NON_RETENU: 'gray.7',
} as const;

/** Still to be paid for: what is neither done nor set aside. */
const pending = (w: DtgWork) => w.status !== 'REALISE' && w.status !== 'NON_RETENU';

/**
 * The diagnostic technique global's list of works (CCH L.731-1), as the carnet holds it
 * (décret 2001-477 art. 3): work, planned year, estimated cost and where it stands.
 */
export function DtgWorks({ works }: { works: DtgWork[] }) {
  const total = works.filter(pending).reduce((s, w) => s + w.estimated_cents, 0);
  return (
    <Section title={t.dtg} testId="carnet-dtg">
      {works.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t.dtgNone}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {t.dtgIntro}
          </Text>
          {/* Wider than a phone: a scrollable region the keyboard can reach. */}
          <Table.ScrollContainer type="native" minWidth={480} tabIndex={0} role="region" aria-label={t.dtg}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.plannedYear}</Table.Th>
                  <Table.Th scope="col">{t.work}</Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    {t.estimate}
                  </Table.Th>
                  <Table.Th scope="col">{t.status}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {works.map((w) => (
                  <Table.Tr key={`${w.planned_year}-${w.work}`}>
                    <Table.Td>{w.planned_year}</Table.Td>
                    <Table.Td>{w.work}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                      {formatCents(w.estimated_cents)}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[w.status]} variant="filled" tt="none">
                        {DTG_WORK_STATUS_LABELS[w.status]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" fw={600}>
            {t.dtgTotal(formatCents(total))}
          </Text>
        </>
      )}
    </Section>
  );
}
