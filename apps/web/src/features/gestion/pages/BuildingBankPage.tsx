import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { BuildingHeader } from '../components/BuildingHeader';
import { QueryState } from '../components/QueryState';
import { may, useConsoleMe } from '../me';
import { LinesTable, StatementsTable } from '../money/BankTables';
import { moneyFr } from '../money/fr';
import { ImportForm } from '../money/ImportForm';
import { useBank } from '../money/queries';

/** The bank account 512: statements imported and reconciled, credits matched and waiting. */
export default function BuildingBankPage() {
  const { coproId = '' } = useParams();
  const bank = useBank(coproId);
  const me = useConsoleMe();
  const canWrite = may(me.data, 'finances.write');
  return (
    <Stack gap="lg" maw={1200}>
      <BuildingHeader coproId={coproId} tab="bank" />
      <QueryState query={bank}>
        {(data) => (
          <Stack gap="xl">
            {canWrite ? <ImportForm coproId={coproId} mappings={data.mappings} /> : null}
            <Stack gap="sm">
              <Title order={2} size="h3">
                {moneyFr.bank.statements}
              </Title>
              <StatementsTable statements={data.statements} />
            </Stack>
            <LinesTable
              coproId={coproId}
              lines={data.unmatched}
              owners={data.coproprietaires}
              waiting
              canWrite={canWrite}
            />
            <LinesTable
              coproId={coproId}
              lines={data.matched}
              owners={data.coproprietaires}
              waiting={false}
              canWrite={canWrite}
            />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
