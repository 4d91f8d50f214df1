import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { may, useConsoleMe } from '../me';
import { CaptureForm } from './CaptureForm';
import { facturesFr } from './fr';
import { InvoicesTable } from './InvoicesTable';
import { useInvoices } from './queries';
import { ThresholdPanel } from './ThresholdPanel';

/**
 * A building's supplier invoices: captured with their PDF and booked (6xx / 401), sent to the
 * conseil syndical from the assembly's threshold on (loi art. 21), paid against the bank.
 */
export default function BuildingInvoicesPage() {
  const { coproId = '' } = useParams();
  const list = useInvoices(coproId);
  const me = useConsoleMe();
  const canWrite = may(me.data, 'finances.write');
  const canThreshold = may(me.data, 'assemblees.write');
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="invoices" />
      <QueryState query={list}>
        {(view) => (
          <Stack gap="xl">
            <ThresholdPanel coproId={coproId} view={view} canWrite={canThreshold} />
            {canWrite ? <CaptureForm coproId={coproId} view={view} /> : null}
            <Stack gap="sm">
              <Title order={2} size="h3">
                {facturesFr.title}
              </Title>
              <InvoicesTable coproId={coproId} invoices={view.invoices} canWrite={canWrite} />
            </Stack>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
