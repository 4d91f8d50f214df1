import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { CommunicationsTable } from '../../documents/components/CommunicationsTable';
import { frDocs } from '../../documents/fr';
import { useDocRecord } from '../../documents/queries';
import { MessagesPanel } from '../components/MessagesPanel';

/**
 * /{coproId}/messages-communication: the messages panel; the communications (letters, e-mails,
 * SMS) part of the documents feature goes below it as its own component.
 */
export default function MessagesCommunicationPage() {
  const { coproId } = useParams();
  const { record } = useDocRecord();
  if (!coproId) return null;
  return (
    <Stack gap="lg">
      <MessagesPanel coproId={coproId} />
      <section aria-labelledby="communications-title">
        <Title order={2} size="h3" mb="sm" id="communications-title">
          {frDocs.comms.title}
        </Title>
        <CommunicationsTable record={record} />
      </section>
    </Stack>
  );
}
