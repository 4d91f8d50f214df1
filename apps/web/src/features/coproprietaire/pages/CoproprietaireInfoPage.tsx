import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Code,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAt, IconBuildingCommunity, IconMapPin, IconPhone, IconUnlink } from '@tabler/icons-react';
import {
  type Contact,
  type CoproprietaireSummary,
  coproprietaireEndpoints,
  formatPhone,
  positionLabel,
} from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../../api';
import { frCopro } from '../fr';
import { useCurrentCoproprietaire } from '../queries';
import { useRemoveCoproprietaire } from '../remove';

const t = frCopro.info;

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <span aria-hidden style={{ display: 'flex', marginTop: 2, color: 'var(--mantine-color-dimmed)' }}>
        {icon}
      </span>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

function ContactBlock({ c }: { c: Contact }) {
  return (
    <Stack gap={8}>
      <Text fw={600}>{c.display_name || c.company}</Text>
      {c.company && c.display_name !== c.company && (
        <Line icon={<IconBuildingCommunity size={16} />} label={t.company}>
          {c.company}
        </Line>
      )}
      {c.addresses.map((a) => (
        <Line
          key={a.full_address + (a.additional_address ?? '')}
          icon={<IconMapPin size={16} />}
          label={t.address}
        >
          {a.full_address}
          {a.additional_address ? (
            <>
              <br />
              {a.additional_address}
            </>
          ) : null}
        </Line>
      ))}
      {c.emails.map((e) => (
        <Line key={e.value} icon={<IconAt size={16} />} label={t.email}>
          <Anchor href={`mailto:${e.value}`} size="sm">
            {e.value}
          </Anchor>
        </Line>
      ))}
      {c.phones.map((p) => (
        <Line key={p.value} icon={<IconPhone size={16} />} label={t.phone}>
          <Anchor href={`tel:${p.value.replace(/\s/g, '')}`} size="sm">
            {formatPhone(p.value)}
          </Anchor>
        </Line>
      ))}
    </Stack>
  );
}

function Details({ rec }: { rec: CoproprietaireSummary }) {
  const remove = useRemoveCoproprietaire();
  const position = positionLabel(rec);
  const name = rec.display_name.fr;
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar name={name} color="initials" size="lg" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 20, sm: 24 }}>
              {name}
            </Title>
            {rec.name.fr !== name && <Text c="dimmed">{rec.name.fr}</Text>}
            {position && (
              <Text size="sm" c="tantieme.7" fw={600}>
                {position}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t.code} : <Code>{rec.unique_code}</Code>
            </Text>
          </Stack>
        </Group>
        {rec.lots.length > 0 && (
          <Text size="sm" mt="md">
            <Text span c="dimmed" size="sm">
              {t.lots} :{' '}
            </Text>
            {rec.lots.map((l) => `${l.name} (${l.type_name})`).join(', ')}
          </Text>
        )}
        {rec.members.length > 0 && (
          <Text size="sm" mt={4}>
            <Text span c="dimmed" size="sm">
              {t.members} :{' '}
            </Text>
            {rec.members.map((m) => m.display_name).join(', ')}
          </Text>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Title order={3} fz="lg" mb="sm">
            {t.contacts}
          </Title>
          {rec.contacts.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t.noContact}
            </Text>
          ) : (
            <Stack gap="md">
              {rec.contacts.map((c, i) => (
                <Stack key={c.id} gap="md">
                  {i > 0 && <Divider />}
                  <ContactBlock c={c} />
                </Stack>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} fz="lg" mb="sm">
            {t.coproprietes}
          </Title>
          <Stack gap="md">
            {rec.coproprietes.map((p) => (
              <Stack key={p.id} gap={8}>
                <Text fw={600}>{p.name}</Text>
                {p.address.full_address && (
                  <Line icon={<IconMapPin size={16} />} label={t.address}>
                    {p.address.full_address}
                  </Line>
                )}
                {p.email && (
                  <Line icon={<IconAt size={16} />} label={t.email}>
                    <Anchor href={`mailto:${p.email}`} size="sm">
                      {p.email}
                    </Anchor>
                  </Line>
                )}
                {p.phone && (
                  <Line icon={<IconPhone size={16} />} label={t.phone}>
                    <Anchor href={`tel:${p.phone.replace(/\s/g, '')}`} size="sm">
                      {formatPhone(p.phone)}
                    </Anchor>
                  </Line>
                )}
              </Stack>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>

      <Card withBorder padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <Stack gap="xs" align="flex-start">
          <Button
            color="red"
            variant="light"
            leftSection={<IconUnlink size={18} />}
            onClick={() => remove(rec)}
            style={{ maxWidth: '100%' }}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {t.detach(name)}
          </Button>
          <Text size="sm" c="dimmed">
            {t.detachNote}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}

/** Co-owner information screen of SPEC §2.16 (/:coproId/compte). */
export default function CoproprietaireInfoPage() {
  const { record } = useCurrentCoproprietaire();
  const coproprieteId = record?.coproprietes[0]?.id;
  const details = useQuery({
    queryKey: ['coproprietaire-details', coproprieteId, record?.id],
    enabled: !!record && !!coproprieteId,
    queryFn: () =>
      api.call(coproprietaireEndpoints.details, {
        params: { id: coproprieteId as string, id2: record?.id as string },
      }),
  });
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t.pageTitle}
      </Title>
      {details.isLoading && (
        <Stack gap="md" aria-busy>
          <Skeleton h={110} />
          <Skeleton h={220} />
        </Stack>
      )}
      {details.isError && <Alert color="red" title={t.loadError} />}
      {details.data && <Details rec={details.data} />}
    </Stack>
  );
}
