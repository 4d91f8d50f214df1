import type { EmailText } from './template.js';

/** The e-mail of a notification (or of a message from the syndic) to a co-owner. */
export function notificationEmail(v: {
  kind: 'notification' | 'message';
  title: string;
  body: string;
  link: string;
}): EmailText {
  return {
    subject: v.kind === 'message' ? `Nouveau message : ${v.title}` : v.title,
    text: `${v.title}\n\n${v.body}\n\nOuvrir dans Tantième : ${v.link}\n`,
  };
}
