import { Stack, Title } from '@mantine/core';
import { CommunicationsTable } from '../components/CommunicationsTable';
import { frDocs as t } from '../fr';
import { useDocRecord } from '../queries';

/** 'Communication' (SPEC §2.18; IS_SYNDICAT): the record's letters, e-mails and SMS. */
export default function CommunicationPostalPage() {
  const { record } = useDocRecord();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.titles.postals}
      </Title>
      <CommunicationsTable record={record} />
    </Stack>
  );
}
