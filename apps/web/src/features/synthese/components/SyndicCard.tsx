import { Anchor, Avatar, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { formatPhone, frTypo, type SyndicProfile } from '@tantieme/contract';
import { syntheseFr as t } from '../fr';
import { useSyndicInfo } from '../queries';
import { LoadError } from './LoadError';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

export function PhoneLink({ value, label }: { value: string; label?: string }) {
  return (
    // 44 px tall targets, 4 px apart, for a finger on a phone.
    <Group gap={6} wrap="nowrap" my={2}>
      <IconPhone size={14} aria-hidden />
      <Anchor href={`tel:${value.replace(/\s+/g, '')}`} size="sm" className="tap-target">
        {label ? frTypo(`${label} : ${formatPhone(value)}`) : formatPhone(value)}
      </Anchor>
    </Group>
  );
}

export function MailLink({ value }: { value: string }) {
  return (
    <Group gap={6} wrap="nowrap" my={2} style={{ minWidth: 0 }}>
      <IconMail size={14} aria-hidden />
      <Anchor
        href={`mailto:${value}`}
        size="sm"
        className="tap-target"
        style={{ minWidth: 0, maxWidth: '100%' }}
      >
        <Text span inherit truncate="end">
          {value}
        </Text>
      </Anchor>
    </Group>
  );
}

function SyndicBody({ s }: { s: SyndicProfile }) {
  const cityLine = [s.address.zip_code, s.address.city].filter(Boolean).join(' ');
  return (
    <Stack gap="sm">
      <Group wrap="nowrap" align="flex-start">
        {s.logo ? (
          <Image
            src={s.logo}
            alt={t.syndic.logoAlt(s.name)}
            w={96}
            h={64}
            fit="contain"
            radius="sm"
            style={{ flex: 'none' }}
          />
        ) : (
          <Avatar size={64} radius="sm" color="tantieme" aria-hidden>
            {initials(s.name)}
          </Avatar>
        )}
        <div style={{ minWidth: 0 }}>
          <Text fw={700} data-testid="syndic-name">
            {s.name}
          </Text>
          {s.address.street1 && <Text size="sm">{s.address.street1}</Text>}
          {cityLine && <Text size="sm">{cityLine}</Text>}
          {s.phone && <PhoneLink value={s.phone} />}
          {s.email && <MailLink value={s.email} />}
        </div>
      </Group>
      <div>
        <Text size="sm" fw={600} mb={4}>
          {t.syndic.contacts}
        </Text>
        {s.contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.syndic.noContact}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {s.contacts.map((c) => (
              <li key={`${c.first_name}-${c.last_name}-${c.email ?? ''}-${c.tel_mobile ?? ''}`}>
                <Text size="sm" fw={500}>
                  {`${c.first_name} ${c.last_name}`.trim()}
                </Text>
                {c.tel_mobile && <PhoneLink value={c.tel_mobile} label={t.administrators.mobile} />}
                {c.tel_fixed && <PhoneLink value={c.tel_fixed} label={t.administrators.fixed} />}
                {c.email && <MailLink value={c.email} />}
              </li>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

/** 'Mon Syndic' block: logo, name, street, zip and city, contacts. */
export function SyndicCard({ coproId }: { coproId: string }) {
  const q = useSyndicInfo(coproId);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="syndic-title">
      <Title order={2} size="h4" id="syndic-title" mb="sm">
        {t.syndic.title}
      </Title>
      {q.isLoading ? (
        <Skeleton h={96} />
      ) : q.isError || !q.data ? (
        <LoadError onRetry={() => q.refetch()} />
      ) : (
        <SyndicBody s={q.data} />
      )}
    </Card>
  );
}
