import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { formatDate, type SignalementSummary } from '@tantieme/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { signalementsFr as t } from '../fr';
import { StatusBadge } from './StatusBadge';

/** One report in a list: its title links to the detail; `action` sits beside ('Moi aussi'). */
export function SignalementCard({
  s,
  to,
  action,
  headingLevel = 2,
}: {
  s: SignalementSummary;
  to: string;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card withBorder padding="sm" radius="md" component="li" data-testid="signalement-card">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {s.photo && (
          <Image src={s.photo.small} alt="" w={72} h={72} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={s.status} />
            {s.visibility === 'PRIVE' && (
              <Badge color="dark" variant="outline" tt="none" title={t.privateHint}>
                {t.privateBadge}
              </Badge>
            )}
            {s.is_mine && (
              <Badge color="dark" variant="light" tt="none">
                {t.mineBadge}
              </Badge>
            )}
          </Group>
          <Text component={H} fw={600} fz="md" m={0}>
            <Link
              to={to}
              relative="path"
              style={{ color: 'inherit', display: 'inline-block', minHeight: 24 }}
            >
              {s.title}
            </Link>
          </Text>
          <Text size="sm" c="gray.8">
            {s.place_label} · {t.filedOn(formatDate(s.created_at))}
          </Text>
          {s.status === 'PLANIFIE' && s.planned_on && (
            <Text size="sm" fw={500} c="indigo.9">
              {t.plannedOn(formatDate(s.planned_on))}
            </Text>
          )}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="gray.8">
              {t.supporters(s.supporters)}
            </Text>
            {action}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
