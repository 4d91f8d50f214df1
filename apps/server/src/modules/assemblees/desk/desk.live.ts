import { DESK_EVENT } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import type { Realtime } from '../../../realtime/index.js';
import { deskAudience } from './desk.repo.js';

/**
 * Tells every tablet following the desk that the register moved: the syndic's staff room and the
 * volunteer syndic's own room; each reads the desk again (the tablet that entered has it already).
 */
export async function announceDesk(
  db: Db,
  realtime: Realtime,
  coproId: string,
  assembleeId: string,
  seq: number,
) {
  const a = await deskAudience(db, coproId);
  if (!a) return;
  const rooms = [`syndic:${a.syndic_id}`, ...(a.benevole_user_id ? [`user:${a.benevole_user_id}`] : [])];
  realtime.toRooms(rooms, DESK_EVENT, { assemblee_id: assembleeId, seq });
}
