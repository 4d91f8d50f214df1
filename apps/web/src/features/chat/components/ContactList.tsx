import { Avatar, Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBuilding, IconPaperclip } from '@tabler/icons-react';
import { badgeCount, type ChatContact, type ChatConversation, formatDate } from '@tantieme/contract';
import { chatFr as t } from '../fr';

export const initials = (name: string) =>
  name
    .replace(/^(M\.|Mme|Mlle|M\. et Mme|M\. ou Mme)\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

export function ContactAvatar({ contact, size = 40 }: { contact: ChatContact; size?: number }) {
  if (contact.type === 'syndic')
    return (
      <Avatar
        src={contact.avatar}
        size={size}
        radius="xl"
        color="tantieme"
        alt=""
        // A logo is shown whole (Mantine's own image style, cover, would crop a wide one): set
        // through `styles`, which Avatar applies after `imageProps`' style.
        styles={{ image: { objectFit: 'contain', background: '#fff', padding: 2 } }}
      >
        <IconBuilding size={size / 2} aria-hidden />
      </Avatar>
    );
  return (
    <Avatar src={contact.avatar} size={size} radius="xl" color="tantieme" alt="">
      {initials(contact.name)}
    </Avatar>
  );
}

/** 'Aujourd'hui 14:05', 'Hier', or the date (DD/MM/yyyy). */
export function when(iso: string) {
  const d = new Date(iso);
  const today = new Date();
  const yesterday = new Date();
  yesterday.setDate(today.getDate() - 1);
  const same = (a: Date, b: Date) => a.toDateString() === b.toDateString();
  if (same(d, today)) return d.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
  if (same(d, yesterday)) return t.yesterday;
  return formatDate(d);
}

/** The contact list (SPEC §3 contact {name, avatar, last_message, un_seen}). */
export function ContactList({
  conversations,
  selected,
  onSelect,
}: {
  conversations: ChatConversation[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.conversations}>
      {conversations.map((c) => {
        const active = c.id === selected;
        const last = c.last_message;
        return (
          <li key={c.id}>
            <UnstyledButton
              onClick={() => onSelect(c.id)}
              data-testid="chat-contact"
              data-unseen={c.un_seen}
              aria-current={active ? 'true' : undefined}
              p="sm"
              w="100%"
              style={{
                borderRadius: 8,
                background: active ? 'var(--mantine-color-tantieme-0)' : undefined,
              }}
            >
              <Group wrap="nowrap" gap="sm" align="center">
                <ContactAvatar contact={c.contact} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap" gap={4}>
                    <Text fw={c.un_seen > 0 ? 700 : 600} size="sm" truncate="end">
                      {c.contact.name}
                    </Text>
                    {last && (
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {when(last.created_date)}
                      </Text>
                    )}
                  </Group>
                  <Group justify="space-between" wrap="nowrap" gap={4}>
                    <Text
                      size="sm"
                      c={c.un_seen > 0 ? 'dark' : 'dimmed'}
                      truncate="end"
                      data-testid="chat-last"
                    >
                      {last ? (
                        <>
                          {last.mine ? `${t.you} : ` : ''}
                          {last.text ||
                            (last.files > 0 && (
                              <>
                                <IconPaperclip size={12} aria-hidden /> {t.fileLabel(last.files)}
                              </>
                            ))}
                        </>
                      ) : (
                        c.contact.position || (c.contact.type === 'syndic' ? t.syndicLabel : '')
                      )}
                    </Text>
                    {c.un_seen > 0 && (
                      <>
                        {/* Shown as a count, read as words: a bare badge's name is read by no one. */}
                        <Badge
                          color="red.8"
                          size="sm"
                          circle={c.un_seen < 10}
                          aria-hidden
                          data-testid="chat-unseen"
                          style={{ flexShrink: 0 }}
                        >
                          {badgeCount(c.un_seen)}
                        </Badge>
                        <VisuallyHidden>{t.unseenLabel(c.un_seen)}</VisuallyHidden>
                      </>
                    )}
                  </Group>
                </div>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
