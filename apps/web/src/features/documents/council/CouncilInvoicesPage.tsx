import { Anchor, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type CouncilInvoice,
  councilInvoiceEndpoints as c,
  formatCents,
  formatDate,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api';
import { apiMessage } from '../../auth/validate';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { Empty, LoadError, Loading } from '../components/PageState';
import { councilFr as t } from './fr';

const COLOR: Record<CouncilInvoice['stage'], string> = {
  a_valider: 'gray',
  au_conseil: 'blue',
  validee: 'teal',
  refusee: 'red',
  payee: 'green',
};

function InvoiceCard({ ownerId, inv }: { ownerId: string; inv: CouncilInvoice }) {
  const qc = useQueryClient();
  const [comment, setComment] = useState('');
  const answer = useMutation({
    mutationFn: (decision: 'approuvee' | 'refusee') =>
      api.call(c.answer, {
        params: { id: ownerId, invoiceId: inv.id },
        body: { decision, comment: comment.trim() || null },
      }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t.answered });
      void qc.invalidateQueries({ queryKey: ['conseil', 'factures', ownerId] });
    },
    onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
  });
  const waiting = inv.stage === 'au_conseil';
  return (
    <Card withBorder radius="md" data-testid="facture-conseil">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {inv.fournisseur_name}
          </Title>
          <Badge color={COLOR[inv.stage]} variant="light">
            {t.stage[inv.stage]}
          </Badge>
        </Group>
        <Text fw={700}>{formatCents(inv.amount_cents)}</Text>
        <Text size="sm" c="gray.7">
          {[formatDate(inv.invoice_date), inv.number, inv.account_label, inv.repartition_name]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {inv.file_url ? (
          <Anchor
            href={inv.file_url}
            target="_blank"
            rel="noopener"
            size="sm"
            style={{ alignSelf: 'flex-start' }}
          >
            {t.pdf}
          </Anchor>
        ) : null}
        {inv.council_by || inv.council_comment ? (
          <Text size="sm">
            {[inv.council_by ? t.by(inv.council_by) : null, inv.council_comment]
              .filter(Boolean)
              .join('\u202f: ')}
          </Text>
        ) : null}
        {waiting ? (
          <Stack gap="xs">
            <Textarea
              label={t.comment}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <Group gap="sm">
              <Button
                color="teal.8"
                loading={answer.isPending && answer.variables === 'approuvee'}
                onClick={() => answer.mutate('approuvee')}
              >
                {t.approve}
              </Button>
              <Button
                variant="default"
                loading={answer.isPending && answer.variables === 'refusee'}
                onClick={() => answer.mutate('refusee')}
              >
                {t.refuse}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The invoices the syndic sent to the council: its members approve or refuse, with a comment. */
export default function CouncilInvoicesPage() {
  const { record, isLoading } = useCurrentCoproprietaire();
  const ownerId = record?.id ?? '';
  const q = useQuery({
    queryKey: ['conseil', 'factures', ownerId],
    enabled: !!ownerId,
    queryFn: () => api.call(c.list, { params: { id: ownerId } }),
  });
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Text size="sm" c="gray.8">
        {t.intro}
      </Text>
      {isLoading || q.isLoading ? (
        <Loading />
      ) : q.isError ? (
        <LoadError retry={() => q.refetch()} />
      ) : !q.data?.length ? (
        <Empty text={t.empty} />
      ) : (
        q.data.map((inv) => <InvoiceCard key={inv.id} ownerId={ownerId} inv={inv} />)
      )}
    </Stack>
  );
}
