import { notificationTexts } from '@tantieme/contract';

/** Strings of the notifications and messages panels (SPEC §2.21, §2.22, §8). */
export const t = {
  ...notificationTexts,
  titleWithTotal: (title: string, total: number) => `${title} (${total})`,
  groupLabel: {
    today: notificationTexts.today,
    yesterday: notificationTexts.yesterday,
    older: notificationTexts.older,
  },
  unreadDot: 'Non lue',
  rowActions: (title: string) => `Actions\u202f: ${title}`,
  from: 'De',
  close: 'Fermer',
  loadError: 'Impossible de charger la liste pour le moment.',
  bellLabel: (n: number) => (n > 0 ? `Notifications, ${n} non lues` : 'Notifications'),
  // The header tells the syndic's messages apart from the chat ('Messagerie').
  messagesShortcut: 'Messages du syndic',
  messagesLabel: (n: number) =>
    n > 0 ? `Messages du syndic, ${n} non lu${n > 1 ? 's' : ''}` : 'Messages du syndic',
  unreadSuffix: (n: number) => `, ${n} non lu${n > 1 ? 's' : ''}`,
  blockedHelpUrl: 'https://support.google.com/chrome/answer/3220216?hl=fr',
  noPreview: 'Aperçu indisponible',
  enablePush: 'Recevoir les notifications sur cet appareil',
};
