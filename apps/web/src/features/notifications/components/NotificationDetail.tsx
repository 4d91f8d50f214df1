import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Notification } from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { TextWithHeadToken } from '../../../ui/SignedHeadToken';
import { t } from '../fr';

/** Modal 'Détails des notifications' (SPEC §2.21). */
export function NotificationDetail({ item, onClose }: { item: Notification | null; onClose(): void }) {
  return (
    <Modal opened={!!item} onClose={onClose} title={t.details} centered size="lg" zIndex={400}>
      {item && (
        <Stack gap="sm" data-testid="notification-detail">
          <Text fw={700}>{item.languages.fr?.title ?? item.title}</Text>
          <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
            <TextWithHeadToken text={item.languages.fr?.body ?? item.body} />
          </Text>
          <Text size="xs" c="dark.4">
            {t.from} {item.sender.name} · {new Date(item.created_date).toLocaleString('fr-FR')}
          </Text>
          <Group justify="flex-end">
            {item.url && (
              <Button component={Link} to={item.url} onClick={onClose} variant="light">
                {t.seeAll}
              </Button>
            )}
            <Button onClick={onClose}>{t.close}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
