import {
  ActionIcon,
  Avatar,
  Box,
  Group,
  Loader,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconDotsVertical, IconTrash } from '@tabler/icons-react';
import { type DayGroup, dayGroup, formatDate } from '@tantieme/contract';
import type { ReactNode } from 'react';
import { t } from '../fr';
import { nearBottom } from './useFeed';

export interface FeedRow {
  id: string;
  title: string;
  body: string;
  is_read: boolean;
  created_date: string;
  sender: { name: string; avatar: string | null };
}

const ORDER: DayGroup[] = ['today', 'yesterday', 'older'];

function time(iso: string) {
  const d = new Date(iso);
  return `${formatDate(iso)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * The list of the panels and the bell (SPEC §2.21): groups Aujourd'hui / Hier / Plus âgée,
 * infinite scroll within 1 px of the bottom, optional delete per item. An unread row stands out
 * (accent bar, tint, bold title, « non lue » read out), a read one is plain; the delete sits in
 * a row menu, out of the way of a tap meant to open the row.
 */
export function FeedList<T extends FeedRow>({
  items,
  loading,
  loaded,
  hasMore,
  onMore,
  onOpen,
  onDelete,
  emptyText,
  maxHeight,
  testId,
}: {
  items: T[];
  loading: boolean;
  loaded: boolean;
  hasMore: boolean;
  onMore(): void;
  onOpen(item: T): void;
  onDelete?(item: T): void;
  emptyText: string;
  maxHeight?: number | string;
  testId: string;
}) {
  const groups = new Map<DayGroup, T[]>();
  for (const it of items) {
    const g = dayGroup(it.created_date);
    groups.set(g, [...(groups.get(g) ?? []), it]);
  }
  let body: ReactNode;
  if (!loaded && loading) {
    body = (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t.loading} />
      </Group>
    );
  } else if (loaded && items.length === 0) {
    body = (
      <Text c="dimmed" ta="center" p="lg" data-testid={`${testId}-empty`}>
        {emptyText}
      </Text>
    );
  } else {
    body = ORDER.filter((g) => groups.has(g)).map((g) => (
      <section key={g} aria-label={t.groupLabel[g]}>
        <Text fw={700} size="sm" c="dark.6" px="sm" pt="sm" pb={4}>
          {t.groupLabel[g]}
        </Text>
        <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {groups.get(g)?.map((it) => (
            <Box
              component="li"
              key={it.id}
              data-testid={`${testId}-item`}
              data-read={it.is_read ? '1' : '0'}
              style={{
                borderBottom: '1px solid var(--mantine-color-gray-2)',
                borderLeft: `4px solid ${it.is_read ? 'transparent' : 'var(--mantine-color-tantieme-7)'}`,
                background: it.is_read ? undefined : 'var(--mantine-color-tantieme-0)',
              }}
            >
              <Group wrap="nowrap" gap="xs" align="flex-start" px="sm" py="xs">
                <UnstyledButton onClick={() => onOpen(it)} style={{ flex: 1, minWidth: 0 }}>
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Avatar
                      src={it.sender.avatar}
                      name={it.sender.name}
                      color="initials"
                      size="sm"
                      aria-hidden
                    />
                    <Box style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        {!it.is_read && (
                          <Box
                            component="span"
                            aria-hidden
                            style={{
                              width: 8,
                              height: 8,
                              borderRadius: 4,
                              background: 'var(--mantine-color-red-8)',
                              flex: 'none',
                            }}
                          />
                        )}
                        {/* Two lines: on a phone one line cut 'Nouveau document : Procès-…' before the name. */}
                        <Text size="sm" fw={it.is_read ? 400 : 700} lineClamp={2}>
                          {!it.is_read && <VisuallyHidden>{`${t.unreadDot}\u202f: `}</VisuallyHidden>}
                          {it.title}
                        </Text>
                      </Group>
                      <Text size="sm" c="dark.5" lineClamp={2}>
                        {it.body}
                      </Text>
                      <Text size="xs" c="dark.4">
                        {it.sender.name} · {time(it.created_date)}
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
                {onDelete && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray.7"
                        size="lg"
                        aria-label={t.rowActions(it.title)}
                      >
                        <IconDotsVertical size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconTrash size={16} />} onClick={() => onDelete(it)} mih={44}>
                        {t.delete}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Group>
            </Box>
          ))}
        </Stack>
      </section>
    ));
  }
  return (
    <Box
      data-testid={testId}
      style={{ maxHeight, overflowY: maxHeight ? 'auto' : undefined }}
      onScroll={(e) => {
        if (hasMore && !loading && nearBottom(e.currentTarget)) onMore();
      }}
    >
      {body}
      {loaded && hasMore && (
        <Group justify="center" p="xs">
          {loading ? (
            <Loader size="xs" aria-label={t.loading} />
          ) : (
            <Box
              ref={(el: HTMLDivElement | null) => {
                if (!el) return;
                // Page-level scroll (the panels): load when this sentinel is within 1 px of the viewport.
                const io = new IntersectionObserver(
                  (entries) => {
                    if (entries.some((x) => x.isIntersecting)) onMore();
                  },
                  { rootMargin: '1px' },
                );
                io.observe(el);
                return () => io.disconnect();
              }}
              h={1}
            />
          )}
        </Group>
      )}
    </Box>
  );
}
