/** An e-mail: its subject and plain text. */
export interface EmailText {
  subject: string;
  text: string;
}

/** An e-mail text as the outbox row holds it. */
export const emailOf = (e: EmailText) => ({ subject: e.subject, body: e.text });

/**
 * A text the outbox sends, with sample variables so `/dev/outbox` can show it without sending
 * anything. `render` is the same function the services call.
 */
export interface TemplatePreview {
  id: string;
  /** What it is, in French, for the preview list. */
  label: string;
  channel: 'email' | 'sms';
  render(): { subject?: string; text: string };
}
