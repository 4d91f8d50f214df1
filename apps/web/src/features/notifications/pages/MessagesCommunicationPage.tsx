import { Stack } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { MessagesPanel } from '../components/MessagesPanel';

/**
 * /{coproId}/messages-communication: the messages panel; the communications (letters, e-mails,
 * SMS) part of the documents feature goes below it as its own component.
 */
export default function MessagesCommunicationPage() {
  const { coproId } = useParams();
  if (!coproId) return null;
  return (
    <Stack gap="lg">
      <MessagesPanel coproId={coproId} />
    </Stack>
  );
}
