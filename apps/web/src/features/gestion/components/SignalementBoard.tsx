import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type BoardCard, formatDate, type SignalementStatus } from '@tantieme/contract';
import { boardFr as t } from '../frBoard';

/** The board's columns, in the order a report moves through them; closed ones last. */
export const BOARD_COLUMNS: SignalementStatus[] = ['NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE', 'RESOLU', 'CLOS'];

const COLOR: Record<SignalementStatus, string> = {
  NOUVEAU: 'orange',
  PRIS_EN_COMPTE: 'blue',
  PLANIFIE: 'violet',
  RESOLU: 'teal',
  CLOS: 'gray',
};

function Card({ c, onOpen }: { c: BoardCard; onOpen(id: string): void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(c.id)}
      data-testid="board-card"
      style={{ display: 'block', width: '100%' }}
    >
      <Paper
        withBorder
        p="sm"
        radius="md"
        style={{ borderLeft: `4px solid var(--mantine-color-${COLOR[c.status]}-6)` }}
      >
        <Text fw={600} size="sm" lineClamp={2}>
          {c.title}
        </Text>
        <Text size="xs" c="gray.7">
          {c.place_label} · {formatDate(c.created_at)}
        </Text>
        <Text size="xs" c="gray.7">
          {t.by(c.author)}
        </Text>
        {c.planned_on ? (
          <Text size="xs" c="violet.9">
            {formatDate(c.planned_on)}
          </Text>
        ) : null}
        <Group gap={4} mt={4}>
          {c.supporters > 0 ? (
            <Badge size="sm" variant="light" color="gray" tt="none">
              {t.supporters(c.supporters)}
            </Badge>
          ) : null}
          {c.assignee ? (
            <Badge size="sm" variant="light" color="blue" tt="none">
              {t.assignedTo(c.assignee.name)}
            </Badge>
          ) : null}
          {c.supplier ? (
            <Badge size="sm" variant="light" color="grape" tt="none">
              {t.supplier(c.supplier)}
            </Badge>
          ) : null}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * The reports by status, each a button that opens it: moving one is done from its panel (a
 * select and a button), so the board needs no dragging and works from the keyboard.
 */
export function SignalementBoard({ items, onOpen }: { items: BoardCard[]; onOpen(id: string): void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm" data-testid="signalement-board">
      {BOARD_COLUMNS.map((status) => {
        const cards = items.filter((i) => i.status === status);
        const id = `board-col-${status}`;
        return (
          <Paper
            key={status}
            component="section"
            aria-labelledby={id}
            bg="gray.0"
            p="xs"
            radius="md"
            data-testid={`board-column-${status}`}
          >
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Title order={2} size="h5" id={id}>
                {t.columns[status]}
              </Title>
              <Badge color={COLOR[status]} variant="light" aria-label={t.count(cards.length)}>
                {cards.length}
              </Badge>
            </Group>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {cards.length === 0 ? (
                <Text component="li" size="sm" c="gray.7">
                  {t.empty}
                </Text>
              ) : (
                cards.map((c) => (
                  <li key={c.id}>
                    <Card c={c} onOpen={onOpen} />
                  </li>
                ))
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
