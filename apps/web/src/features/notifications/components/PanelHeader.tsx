import { Button, Group, Switch, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { confirmModal } from '../../../ui/confirm';
import { t } from '../fr';

/** Title with the total, 'Afficher non lu' and 'Marquer comme lu tout' with confirmation (SPEC §2.21). */
export function PanelHeader({
  title,
  total,
  onlyUnread,
  onToggle,
  onMarkAll,
  confirmText,
  order = 1,
  titleId,
}: {
  title: string;
  total: number;
  onlyUnread: boolean;
  onToggle(v: boolean): void;
  onMarkAll(): void;
  confirmText: string;
  order?: 1 | 2;
  titleId?: string;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
      <Title order={order} size="h3" id={titleId} data-testid="panel-title">
        {t.titleWithTotal(title, total)}
      </Title>
      <Group gap="md" wrap="wrap">
        <Switch
          label={t.onlyUnread}
          checked={onlyUnread}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />
        <Button
          variant="light"
          size="xs"
          leftSection={<IconChecks size={16} />}
          onClick={async () => {
            if (await confirmModal({ message: confirmText })) onMarkAll();
          }}
        >
          {t.markAllRead}
        </Button>
      </Group>
    </Group>
  );
}
