import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { syntheseFr as t } from '../fr';
import { useAdministrators } from '../queries';
import { LoadError } from './LoadError';
import { MailLink, PhoneLink } from './SyndicCard';

/** 'Gestionnaire copropriété' block: the syndic's administrators of this building. */
export function AdministratorsCard({ coproId }: { coproId: string }) {
  const q = useAdministrators(coproId);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="admin-title">
      <Title order={2} size="h4" id="admin-title" mb="sm">
        {t.administrators.title}
      </Title>
      {q.isLoading ? (
        <Skeleton h={72} />
      ) : q.isError || !q.data ? (
        <LoadError onRetry={() => q.refetch()} />
      ) : q.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.administrators.empty}
        </Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {q.data.map((a) => (
            <li key={a.id} data-testid="administrator">
              <Text fw={600}>{a.display_name}</Text>
              {a.contacts.phones.map((p) => (
                <PhoneLink
                  key={`${p.type}-${p.value}`}
                  value={p.value}
                  label={p.type === 'fixed' ? t.administrators.fixed : t.administrators.mobile}
                />
              ))}
              {a.contacts.emails.map((m) => (
                <MailLink key={m.value} value={m.value} />
              ))}
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
