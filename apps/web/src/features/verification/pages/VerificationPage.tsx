import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  formatCents,
  formatDate,
  type VerificationChargeType,
  type VerificationCosts,
  type VerificationInvoice,
  verificationFr,
} from '@tantieme/contract';
import { useState } from 'react';
import { FilePreview, type PreviewFile } from '../../../ui/FilePreview';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { verifFr as t } from '../fr';
import { useCosts, useFinish, useVerificationLive, useVerifyAll, useVerifyOne } from '../queries';

const allInvoices = (d: VerificationCosts) => d.years.flatMap((y) => y.charges.flatMap((c) => c.invoices));

function InvoiceRow({
  inv,
  locked,
  onToggle,
  onOpen,
}: {
  inv: VerificationInvoice;
  locked: boolean;
  onToggle: (v: 0 | 1) => void;
  onOpen: (f: PreviewFile) => void;
}) {
  const doc = inv.invoice_infos[0];
  const label = inv.ecriture_description;
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="verif-invoice">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="gray.7" style={{ flexShrink: 0 }}>
              {formatDate(inv.date)}
            </Text>
            <Text size="sm" fw={600} truncate="end">
              {label}
            </Text>
          </Group>
          <Group gap="sm">
            <Text size="sm">{formatCents(inv.invoice_amount)}</Text>
            {doc?.invoice_url ? (
              <Anchor
                component="button"
                size="sm"
                onClick={() =>
                  onOpen({
                    url: doc.invoice_url as string,
                    name: doc.invoice_name,
                    content_type: doc.invoice_content_type,
                  })
                }
              >
                {t.invoice}
              </Anchor>
            ) : (
              <Text size="sm" c="gray.7">
                {t.noInvoice}
              </Text>
            )}
          </Group>
        </div>
        <Group gap="md" wrap="nowrap">
          <Checkbox
            label={t.syndic}
            checked={inv.verifications.SYNDIC.value === 1}
            readOnly
            disabled
            aria-label={t.syndicBox(label)}
          />
          <Checkbox
            label={t.syndicat}
            checked={inv.verifications.SYNDICAT.value === 1}
            disabled={locked}
            onChange={(e) => onToggle(e.currentTarget.checked ? 1 : 0)}
            aria-label={t.syndicatBox(label)}
            data-testid="verif-syndicat"
          />
        </Group>
      </Group>
    </Paper>
  );
}

function Tab({ coproId, type }: { coproId: string; type: VerificationChargeType }) {
  const q = useCosts(coproId, type);
  const one = useVerifyOne(coproId, type);
  const all = useVerifyAll(coproId, type);
  const finish = useFinish(coproId);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement…" />
      </Center>
    );
  if (q.isError || !q.data)
    return (
      <Alert color="red" title={t.loadError}>
        <Button variant="light" color="red" mt="sm" onClick={() => void q.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  const d = q.data;
  if (d.status.syndic_submit === 0) return <Alert color="blue">{verificationFr.notSubmitted}</Alert>;
  const finished = d.status.syndicat_finish === 1;
  const invoices = allInvoices(d);
  const checked = invoices.filter((i) => i.verifications.SYNDICAT.value === 1).length;
  const busy = all.isPending || finish.isPending;
  return (
    <Stack gap="md">
      <Paper
        p="sm"
        radius="md"
        bg={finished ? 'gray.2' : 'tantieme.0'}
        data-testid="verif-header"
        data-finished={finished ? '1' : '0'}
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Checkbox
            label={t.checkAll}
            checked={invoices.length > 0 && checked === invoices.length}
            indeterminate={checked > 0 && checked < invoices.length}
            disabled={finished || busy || invoices.length === 0}
            onChange={(e) => all.mutate(e.currentTarget.checked ? 1 : 0)}
            data-testid="verif-all"
          />
          <Group gap="sm">
            <Text size="sm" c={finished ? 'gray.7' : 'dark'}>
              {t.progress(checked, invoices.length)}
            </Text>
            <Button
              onClick={() => finish.mutate(finished ? 0 : 1)}
              loading={finish.isPending}
              variant={finished ? 'default' : 'filled'}
              data-testid="verif-finish"
            >
              {finished ? t.modify : t.finish}
            </Button>
          </Group>
        </Group>
        {finished && (
          <Text size="sm" c="gray.8" mt={6}>
            {t.finishedNote}
          </Text>
        )}
      </Paper>
      {invoices.length === 0 && <Text c="gray.7">{t.empty}</Text>}
      {d.years.map((y) => (
        <Stack key={y.id} gap="xs">
          <Title order={2} size="h4">
            {t.year(y.couple)}
          </Title>
          <Accordion multiple variant="separated" defaultValue={y.charges.slice(0, 1).map((c) => c.id)}>
            {y.charges.map((c) => {
              const n = c.invoices.filter((i) => i.verifications.SYNDICAT.value === 1).length;
              return (
                <Accordion.Item key={c.id} value={c.id} data-testid="verif-charge">
                  <Accordion.Control>
                    <Group justify="space-between" wrap="wrap" gap={4} pr="sm">
                      <Text fw={600}>
                        {c.code} {c.name}
                      </Text>
                      <Group gap="xs">
                        <Text size="sm">{formatCents(c.amount)}</Text>
                        <Badge color={n === c.invoices.length ? 'teal.9' : 'gray.7'} variant="light">
                          {t.progress(n, c.invoices.length)}
                        </Badge>
                      </Group>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap={6}>
                      {c.invoices.map((inv) => (
                        <InvoiceRow
                          key={inv.id}
                          inv={inv}
                          locked={finished || busy}
                          onOpen={setPreview}
                          onToggle={(value) => one.mutate({ chargeId: c.id, invoiceId: inv.id, value })}
                        />
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </Stack>
      ))}
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}

/** Route Verification (/:coproId/verification, IS_SYNDICAT): the council checks the year's invoices. */
export default function VerificationPage() {
  const { record } = useCurrentCoproprietaire();
  const coproId = record?.coproprietes[0]?.id ?? '';
  useVerificationLive(coproId);
  const [tab, setTab] = useState<VerificationChargeType>('fonc');
  if (!record || !coproId) return null;
  return (
    <Stack gap="md" maw={1000} mx="auto">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Tabs value={tab} onChange={(v) => setTab((v as VerificationChargeType) ?? 'fonc')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="fonc">{t.tabFonc}</Tabs.Tab>
          <Tabs.Tab value="travaux">{t.tabTravaux}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fonc" pt="md">
          <Tab coproId={coproId} type="fonc" />
        </Tabs.Panel>
        <Tabs.Panel value="travaux" pt="md">
          <Tab coproId={coproId} type="travaux" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
