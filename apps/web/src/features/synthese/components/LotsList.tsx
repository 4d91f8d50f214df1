import { Badge, Card, Group, SimpleGrid, Skeleton, Text, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingCommunity, IconChevronRight } from '@tabler/icons-react';
import type { Lot } from '@tantieme/contract';
import { syntheseFr as t } from '../fr';
import { LoadError } from './LoadError';

/** 'Mes lots' card list (sorted by name by the server); a card opens the lot's detail. */
export function LotsList({
  lots,
  isLoading,
  isError,
  onRetry,
  onOpen,
}: {
  lots: Lot[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onOpen: (lot: Lot) => void;
}) {
  return (
    <section aria-labelledby="lots-title">
      <Title order={2} size="h4" id="lots-title" mb="sm">
        {t.lots.title}
      </Title>
      {isLoading ? (
        <Skeleton h={72} />
      ) : isError || !lots ? (
        <LoadError onRetry={onRetry} />
      ) : lots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.lots.empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
          {lots.map((lot) => (
            <UnstyledButton key={lot.id} onClick={() => onOpen(lot)} data-testid="lot-card">
              <Card withBorder padding="sm" h="100%">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconBuildingCommunity size={24} aria-hidden color="var(--mantine-color-tantieme-6)" />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate="end">
                        {lot.name}
                      </Text>
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {t.lots.number(lot.lot_id)}
                        </Text>
                        <Badge variant="light" size="xs" style={{ minWidth: 0 }}>
                          {lot.type_name}
                        </Badge>
                      </Group>
                    </div>
                  </Group>
                  <IconChevronRight size={16} aria-hidden style={{ flex: 'none' }} />
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
