import { PushPermission } from './push';
import { useRecordRoom } from './realtime';

/** Mounted by the signed-in layouts: the current record's live room and the push permission flow. */
export function NotificationsLive() {
  useRecordRoom();
  return <PushPermission />;
}
