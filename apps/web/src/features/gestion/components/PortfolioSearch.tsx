import { Anchor, Badge, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { gestionFr } from '../fr';
import { useConsoleSearch } from '../queries';

const t = gestionFr.home;

interface Hit {
  key: string;
  kind: keyof typeof t.kinds;
  label: string;
  detail: string;
  to: string;
}

/** One box across buildings, co-owners and lots; each result a link to its screen. */
export function PortfolioSearch() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const search = useConsoleSearch(q);
  const d = q.length >= 2 ? search.data : undefined;
  const hits: Hit[] = d
    ? [
        ...d.buildings.map((b) => ({
          key: `b${b.id}`,
          kind: 'copropriete' as const,
          label: b.name,
          detail: b.full_address,
          to: `/gestion/immeubles/${b.id}`,
        })),
        ...d.coproprietaires.map((c) => ({
          key: `c${c.id}`,
          kind: 'coproprietaire' as const,
          label: c.name,
          detail: c.copropriete.name,
          to: `/gestion/immeubles/${c.copropriete.id}/coproprietaires`,
        })),
        ...d.lots.map((l) => ({
          key: `l${l.id}`,
          kind: 'lot' as const,
          label: [l.number, l.name].filter(Boolean).join(' · '),
          detail: l.copropriete.name,
          to: `/gestion/immeubles/${l.copropriete.id}/lots`,
        })),
      ]
    : [];
  return (
    <Stack gap="xs" role="search">
      <TextInput
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="console-search"
      />
      {d ? (
        <Paper withBorder p="sm" aria-live="polite">
          {hits.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t.searchEmpty}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={6}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t.searchResults}
            >
              {hits.map((h) => (
                <Group component="li" key={h.key} gap="xs" wrap="nowrap">
                  <Badge variant="light" color="gray" w={120} style={{ flex: 'none' }}>
                    {t.kinds[h.kind]}
                  </Badge>
                  <Anchor component={Link} to={h.to} fw={500} data-testid="search-hit">
                    {h.label}
                  </Anchor>
                  <Text size="sm" c="gray.7" truncate="end">
                    {h.detail}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
