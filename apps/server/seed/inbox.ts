import type { SeedContext } from './context.js';
import { seedChat } from './inbox.chat.js';
import { seedMessages } from './inbox.messages.js';
import { seedNotifications } from './inbox.notifications.js';
import { type InboxInput, inboxScene } from './inbox.scene.js';

/** Notifications, syndic messages and chat conversations of the demo accounts. */
export function seedInbox(ctx: SeedContext, i: InboxInput) {
  const scene = inboxScene(ctx, i);
  seedNotifications(ctx, scene);
  seedMessages(ctx, scene);
  seedChat(ctx, scene);
}
