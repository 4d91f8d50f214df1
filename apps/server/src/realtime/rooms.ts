import type { Db } from '../db/client.js';
import { userHoldsCoproprietaire } from '../modules/access/access.service.js';
import { staffSyndicOfUser, userMayJoinConversation } from '../modules/chat/chat.service.js';
import { resolveToken } from '../modules/identity/session.service.js';
import type { RoomRules } from './index.js';

/** The domain's rules for sockets and rooms, composed where the server starts. */
export function roomRules(db: Db): RoomRules {
  return {
    session: async (token) => {
      const s = await resolveToken(db, token);
      return s && { userId: s.user.id, sessionId: s.sessionId, expiresAt: s.expiresAt };
    },
    holdsCoproprietaire: (userId, id) => userHoldsCoproprietaire(db, userId, id),
    staffSyndicOf: (userId) => staffSyndicOfUser(db, userId),
    mayJoinConversation: (userId, id) => userMayJoinConversation(db, userId, id),
  };
}
