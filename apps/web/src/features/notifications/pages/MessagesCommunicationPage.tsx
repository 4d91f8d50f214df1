import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { CommunicationsTable } from '../../documents/components/CommunicationsTable';
import { frDocs } from '../../documents/fr';
import { useCommunications, useDocRecord } from '../../documents/queries';
import { MessagesPanel } from '../components/MessagesPanel';

/**
 * /{coproId}/messages-communication: the messages panel; the communications (letters, e-mails,
 * SMS) part of the documents feature goes below it as its own component.
 *
 * The communications are shown once the messages' first page is there (the panel places them):
 * shown at once, below a panel still loading, they were pushed down by its fifteen messages as
 * they came (a layout shift of 0.18–0.62 on a phone, Lighthouse). Their data is asked
 * at once all the same.
 */
export default function MessagesCommunicationPage() {
  const { coproId } = useParams();
  const { record } = useDocRecord();
  useCommunications(record);
  if (!coproId) return null;
  return (
    <Stack gap="lg">
      <MessagesPanel
        coproId={coproId}
        below={
          <section aria-labelledby="communications-title">
            <Title order={2} size="h3" mb="sm" id="communications-title">
              {frDocs.comms.title}
            </Title>
            <CommunicationsTable record={record} />
          </section>
        }
      />
    </Stack>
  );
}
