import { notifications } from '../src/db/schema/index.js';
import { SYSTEM_SENDER } from '../src/modules/notifications/notify.js';
import type { SeedContext } from './context.js';
import { notificationRow } from './builders/inbox.js';
import type { InboxScene, NotifDef } from './inbox.scene.js';
import { claireNotifications } from './inbox.notifications.claire.js';

/** The demo accounts' notifications: Claire's (her own file) and Paul's, the newcomer's. */
export function seedNotifications(ctx: SeedContext, scene: InboxScene) {
  const { i, clock, garnier, claireT, paulT, ag } = scene;
  const claireNotifs = claireNotifications(scene);
  const paulNotifs: NotifDef[] = [
    {
      d: 0,
      t: '08:11',
      type: 'MESSAGE',
      title: 'Nouveau message de votre syndic',
      body: 'Sophie Garnier vous a envoyé un message : « Échafaudages – accès au local poubelles ».',
      read: false,
      owner: paulT,
      sender: garnier,
    },
    {
      d: 1,
      t: '21:03',
      type: 'CHAT',
      title: 'Nouveau message dans la messagerie',
      body: 'Claire Martin vous a répondu.',
      read: false,
      owner: paulT,
      sender: { id: claireT.id, name: 'Claire Martin', avatar: null, type: 'coproprietaire' },
    },
    {
      d: 3,
      t: '10:20',
      type: 'ASSEMBLEE',
      title: "Convocation à l'assemblée générale",
      body: `Votre convocation à l'assemblée générale ordinaire du ${ag} est disponible.`,
      read: false,
      owner: paulT,
      sender: garnier,
    },
    {
      d: 38,
      t: '19:45',
      type: 'INFO',
      title: 'Bienvenue sur Tantième',
      body: 'Votre compte est rattaché à la Résidence Les Tilleuls. Complétez vos coordonnées pour finaliser votre inscription.',
      read: true,
      owner: paulT,
      sender: SYSTEM_SENDER,
    },
  ];
  const notif = (userId: string, n: NotifDef) => {
    const at = clock.daysAgo(n.d, n.t);
    return notificationRow({
      user_id: userId,
      coproprietaire_id: n.owner.id,
      category: 'all',
      type: n.type,
      sub_type: 'CREATE',
      title: n.title,
      body: n.body,
      sender: n.sender,
      data: { is_event_sending: false, coproprietaire_id: n.owner.id },
      status: 'active',
      is_read: n.read,
      event_action_date: at,
      created_date: at,
    });
  };
  ctx.rows.add(
    notifications,
    ...claireNotifs.map((n) => notif(i.claire.userId, n)),
    ...paulNotifs.map((n) => notif(i.paul.userId, n)),
  );
}
