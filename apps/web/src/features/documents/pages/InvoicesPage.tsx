import {
  Anchor,
  AspectRatio,
  Badge,
  Card,
  Center,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  ApiError,
  formatCents,
  formatDate,
  hasSyndicatPermission,
  type InvoiceCard,
  smallImageUrl,
} from '@tantieme/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { INVOICES_FIRST_ROW } from '../../../app/early';
import { InvoiceDetailModal } from '../components/InvoiceDetailModal';
import { Empty, LoadError, Loading } from '../components/PageState';
import { councilFr } from '../council/fr';
import { frDocs } from '../fr';
import { useDocRecord, useInvoices } from '../queries';

const t = frDocs.invoices;

/** The grid's first row at its widest (4 columns): shown at once, not left for lazy loading. */
const FIRST_ROW = INVOICES_FIRST_ROW;

function Thumbnail({ inv, first }: { inv: InvoiceCard; first: boolean }) {
  const src = inv.thumbnail;
  return (
    <AspectRatio ratio={4 / 3} bg="gray.1">
      {src && src.content_type.startsWith('image/') ? (
        <img
          src={smallImageUrl(src.path)}
          alt=""
          // The first row is the page's largest paint: lazy, it waited for layout first.
          loading={first ? 'eager' : 'lazy'}
          style={{ objectFit: 'cover' }}
        />
      ) : (
        <Center>
          <IconFileTypePdf size={48} stroke={1.2} color="var(--mantine-color-red-8)" aria-hidden />
        </Center>
      )}
    </AspectRatio>
  );
}

/** 'Factures et Devis' (SPEC §2.17): a card grid by pages of 30, 'Afficher davantage', the detail modal. */
export default function InvoicesPage() {
  const { record, isLoading, preview } = useDocRecord();
  const copro = record?.coproprietes[0];
  const q = useInvoices(copro ? { syndicId: copro.syndic_id, coproprieteId: copro.id } : null);
  const [open, setOpen] = useState<string | null>(null);
  const list = (q.data?.pages ?? []).flat();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      {record && copro && !preview && hasSyndicatPermission(record) ? (
        // The council's members answer the invoices the syndic submitted to them (loi art. 21).
        <Anchor
          component={Link}
          to={`/${record.id}/conseil/factures`}
          fw={600}
          style={{ alignSelf: 'flex-start' }}
        >
          {councilFr.link}
        </Anchor>
      ) : null}
      {isLoading || q.isLoading ? (
        <Loading />
      ) : q.error instanceof ApiError && q.error.status === 404 ? (
        // §6: the server refuses the list to a record outside the invoice scope.
        <Empty text={t.empty} />
      ) : q.isError ? (
        <LoadError retry={() => q.refetch()} />
      ) : list.length === 0 ? (
        <Empty text={t.empty} />
      ) : (
        <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
          {list.map((inv, i) => (
            <Card key={inv.id} withBorder radius="md" padding={0}>
              <UnstyledButton onClick={() => setOpen(inv.id)} style={{ display: 'block', width: '100%' }}>
                <Thumbnail inv={inv} first={i < FIRST_ROW} />
                <Stack gap={2} p="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" c="dark.6">
                      {formatDate(inv.invoice_date)}
                    </Text>
                    {inv.paid && (
                      <Badge color="green.9" variant="filled" size="sm" tt="none">
                        {t.paid}
                      </Badge>
                    )}
                  </Group>
                  <Text fw={700}>{formatCents(inv.amount)}</Text>
                  <Text size="sm" lineClamp={1}>
                    {inv.fournisseur_name}
                  </Text>
                </Stack>
              </UnstyledButton>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {q.hasNextPage && (
        <Center>
          <Anchor
            component="button"
            type="button"
            onClick={() => q.fetchNextPage()}
            disabled={q.isFetchingNextPage}
          >
            {t.more}
          </Anchor>
        </Center>
      )}
      {record && copro && (
        <InvoiceDetailModal
          invoiceId={open}
          syndicId={copro.syndic_id}
          coproprieteId={copro.id}
          record={record}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
