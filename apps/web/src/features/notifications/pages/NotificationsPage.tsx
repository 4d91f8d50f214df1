import { Paper } from '@mantine/core';
import { notificationEndpoints } from '@tantieme/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../../api';
import { NotificationsFeed } from '../components/NotificationsFeed';
import { PanelHeader } from '../components/PanelHeader';
import { t } from '../fr';
import { keys, logOnly, useUnreadFilter } from '../queries';

/** /notifications (every record) and /{coproId}/notifications (SPEC §2.21). */
export default function NotificationsPage() {
  const { coproId } = useParams();
  const qc = useQueryClient();
  const filter = useUnreadFilter('only-unread-all-notification');
  const [total, setTotal] = useState(0);
  const [reset, setReset] = useState(0);
  const markAll = async () => {
    try {
      await api.call(notificationEndpoints.readAll, { body: coproId ? { coproprietaire_id: coproId } : {} });
      qc.invalidateQueries({ queryKey: [...keys.notifications, 'count'] });
      setReset((x) => x + 1);
    } catch (err) {
      logOnly('notifications')(err);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <PanelHeader
        title={t.notificationsTitle}
        total={total}
        onlyUnread={filter.value}
        onToggle={filter.set}
        onMarkAll={markAll}
        confirmText={t.markAllConfirm}
      />
      {filter.ready && (
        <NotificationsFeed
          coproId={coproId}
          onlyUnread={filter.value}
          onTotal={setTotal}
          resetSignal={reset}
        />
      )}
    </Paper>
  );
}
