/**
 * The chat's use cases (SPEC §2.20, §7), one file each: who acts (`chat.actor.ts`), contacts and
 * the opt-out rule (`chat.contacts.ts`), conversations, messages, files and sending, the staff's
 * sockets and calls, the syndic API's reads.
 */
export { type ChatActor, type ChatDeps, recordActor } from './chat.actor.js';
export {
  accountsChat,
  staffActorOfUser,
  staffMe,
  staffSyndicOfUser,
  syndicCpptr,
  userMayJoinConversation,
} from './chat.staff.js';
export {
  assertSyndicConversation,
  findConversationMessage,
  syndicActor,
  syndicConversations,
} from './chat.syndic.js';
export { candidates, listConversations, open } from './chat.conversations.js';
export { fileUrl, messages, seen, unseen } from './chat.messages.js';
export { send, uploadUrl } from './chat.send.js';
