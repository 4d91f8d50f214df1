import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatParisDate, formatParisTime } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { assembleesFr } from '../frAssemblees';
import { useConvocationPreview, usePublishAssemblee } from '../queriesAssemblees';
import { QueryState } from './QueryState';

const t = assembleesFr.preview;
const day = (iso: string) => formatParisDate(iso);
/** A YYYY-MM-DD Paris day in words. */
const dayOnly = (d: string) => formatParisDate(`${d}T12:00:00Z`);

/**
 * Each co-owner's convocation as it would leave now: its channel (loi art. 42-1), the foreseen first
 * presentation and whether the 21 days still run; the letter itself on demand. The send button is
 * refused by the server inside the delay, naming who would be late.
 */
export function ConvocationPreview({
  coproId,
  assembleeId,
  canPublish,
  publishedAt,
}: {
  coproId: string;
  assembleeId: string;
  canPublish: boolean;
  publishedAt: string | null;
}) {
  const preview = useConvocationPreview(coproId, assembleeId);
  const publish = usePublishAssemblee(coproId, assembleeId);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="convocations-title">
      <Title order={2} size="h3" id="convocations-title">
        {t.title}
      </Title>
      <Text size="sm" c="gray.7">
        {t.intro}
      </Text>
      <QueryState query={preview}>
        {({ convocations, late }) => {
          const letter = convocations.find((c) => c.coproprietaire.id === open);
          return (
            <>
              {late > 0 && !publishedAt ? (
                <Alert color="orange" role="status">
                  {t.lateCount(late)}
                </Alert>
              ) : null}
              <Paper withBorder style={{ overflowX: 'auto' }}>
                <Table data-testid="convocation-preview">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.who}</Table.Th>
                      <Table.Th>{t.channel}</Table.Th>
                      <Table.Th>{t.presentation}</Table.Th>
                      <Table.Th>{t.delay}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t.letter}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {convocations.map((c) => (
                      <Table.Tr key={c.coproprietaire.id}>
                        <Table.Td>{c.coproprietaire.name}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{t.channels[c.channel]}</Text>
                          <Text size="xs" c="gray.7">
                            {c.reason === 'electronic'
                              ? t.reasons.electronic(c.email)
                              : c.reason === 'postal_request'
                                ? t.reasons.postal_request(
                                    c.postal_request_received_at ? day(c.postal_request_received_at) : null,
                                  )
                                : t.reasons.no_email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {day(c.first_presentation)}
                          {c.sent ? null : ` (${t.foreseen})`}
                        </Table.Td>
                        <Table.Td>
                          {c.sent ? (
                            <Badge color="gray" variant="light">
                              {t.sent}
                            </Badge>
                          ) : c.late ? (
                            <Text size="sm" c="red.8" fw={600}>
                              {t.late(dayOnly(c.earliest_meeting))}
                            </Text>
                          ) : (
                            <Text size="sm" c="green.9" fw={600}>
                              {t.ok}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            variant="subtle"
                            size="xs"
                            mih={24}
                            onClick={() => setOpen(c.coproprietaire.id)}
                            aria-label={t.show(c.coproprietaire.name)}
                          >
                            {t.letter}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
              <Modal
                opened={!!letter}
                onClose={() => setOpen(null)}
                title={letter ? letter.subject : ''}
                size="lg"
              >
                {letter ? (
                  <Code block style={{ whiteSpace: 'pre-wrap' }} data-testid="convocation-letter">
                    {letter.content}
                  </Code>
                ) : null}
              </Modal>
              {publishedAt ? (
                <Text size="sm">
                  {t.publishedAt(`${day(publishedAt)} à ${formatParisTime(publishedAt)}`)}
                </Text>
              ) : canPublish ? (
                <Group>
                  <Button onClick={() => publish.mutate()} loading={publish.isPending}>
                    {t.publish}
                  </Button>
                </Group>
              ) : null}
              {publish.isError ? (
                <Alert color="red" role="alert" data-testid="publish-error">
                  {apiMessage(publish.error)}
                </Alert>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
