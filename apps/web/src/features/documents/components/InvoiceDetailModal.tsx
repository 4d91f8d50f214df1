import {
  Badge,
  Box,
  Divider,
  Grid,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  UnstyledButton,
  Collapse,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type CoproprietaireSummary, formatCents, formatDate, mediumImageUrl } from '@tantieme/contract';
import { useState } from 'react';
import { frDocs } from '../fr';
import { useEcritures, useInvoiceDetail, useLotShares } from '../queries';
import { Loading, LoadError } from './PageState';

const t = frDocs.invoices;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} c="dark.6" miw={130}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Group>
  );
}

/** 'Ma quote part': the total of the record's lots, expandable per lot (transactions-by-multi-ecritures). */
function MyShare({
  coproprieteId,
  ecritureIds,
  record,
}: {
  coproprieteId: string;
  ecritureIds: string[];
  record: CoproprietaireSummary;
}) {
  const q = useLotShares(
    coproprieteId,
    ecritureIds,
    record.lots.map((l) => l.id),
  );
  const [open, setOpen] = useState(false);
  if (!ecritureIds.length) return null;
  if (q.isLoading) return <Loading />;
  const rows = q.data ?? [];
  const total = rows.reduce((s, r) => s + r.amount, 0);
  return (
    <Box>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="quote-part-lots">
        <Group gap="xs">
          {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          <Text fw={700}>{t.myShare}</Text>
          <Text fw={700} data-testid="quote-part-total">
            {formatCents(total)}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={open} id="quote-part-lots">
        <Table mt="xs" aria-label={t.perLot}>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.lot_id}>
                <Table.Td>{r.lot_name}</Table.Td>
                <Table.Td ta="right">{formatCents(r.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Collapse>
    </Box>
  );
}

/** Supplier invoice detail (SPEC §2.17), three-quarter width: fields left, source document right. */
export function InvoiceDetailModal({
  invoiceId,
  syndicId,
  coproprieteId,
  record,
  onClose,
}: {
  invoiceId: string | null;
  syndicId: string;
  coproprieteId: string;
  record: CoproprietaireSummary;
  onClose: () => void;
}) {
  const q = useInvoiceDetail(syndicId, invoiceId);
  const ecr = useEcritures(coproprieteId, invoiceId);
  const inv = q.data;
  const first = ecr.data?.[0];
  const source = inv?.source_urls[0];
  return (
    <Modal
      opened={!!invoiceId}
      onClose={onClose}
      size="75%"
      title={inv ? `${t.detailTitle} ${inv.number ?? ''} – ${inv.fournisseur_name}` : t.detailTitle}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {q.isLoading ? (
        <Loading />
      ) : q.isError || !inv ? (
        <LoadError retry={() => q.refetch()} />
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap={6}>
              {inv.paid && (
                <Badge color="green.9" variant="filled" tt="none" w="fit-content">
                  {t.paid}
                </Badge>
              )}
              <Field label={t.copro}>{inv.copr_name}</Field>
              <Field label={t.supplier}>{inv.fournisseur_name}</Field>
              <Field label={t.account}>{inv.compte_name}</Field>
              <Field label={t.date}>{formatDate(inv.invoice_date)}</Field>
              <Field label={t.number}>{inv.number}</Field>
              <Field label={t.comment}>{inv.internal_note}</Field>
              <Divider my="xs" label={t.expenses} labelPosition="left" />
              {/* Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it. */}
              <Table.ScrollContainer
                type="native"
                minWidth={420}
                tabIndex={0}
                role="region"
                aria-label={t.expenses}
              >
                <Table fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.charge}</Table.Th>
                      <Table.Th>{t.description}</Table.Th>
                      <Table.Th ta="right">{t.amountTtc}</Table.Th>
                      <Table.Th>{t.keys}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {inv.depenses.map((d) => (
                      <Table.Tr key={d.id}>
                        <Table.Td>{d.charge_name}</Table.Td>
                        <Table.Td>{d.description}</Table.Td>
                        <Table.Td ta="right">{formatCents(d.amount_ttc)}</Table.Td>
                        <Table.Td>{d.repartitions.map((r) => r.name).join(', ')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {first && (
                <>
                  <Divider my="xs" label={t.firstEntry} labelPosition="left" />
                  <Field label={t.date}>{formatDate(first.date)}</Field>
                  <Field label={t.description}>{first.description}</Field>
                  <Field label={t.amountTtc}>{formatCents(first.amount)}</Field>
                </>
              )}
              <Divider my="xs" />
              <MyShare
                coproprieteId={coproprieteId}
                ecritureIds={(ecr.data ?? []).map((e) => e.id)}
                record={record}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {!source ? (
              <Text c="dark.5">{t.noSource}</Text>
            ) : source.content_type === 'image/jpeg' ? (
              <img
                src={mediumImageUrl(source.path)}
                alt={`${t.source} ${inv.number ?? ''}`}
                style={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain' }}
              />
            ) : (
              <iframe
                src={source.path}
                title={`${t.source} ${inv.number ?? ''}`}
                style={{ width: '100%', height: '75vh', border: 0 }}
              />
            )}
          </Grid.Col>
        </Grid>
      )}
    </Modal>
  );
}
