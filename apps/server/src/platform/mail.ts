import nodemailer from 'nodemailer';

/** A file sent with an e-mail (multipart/mixed over SMTP). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable Message-ID (outbox row): a resend after a crash is recognised as the same mail. */
  messageId?: string;
  attachments?: MailAttachment[];
}
export interface MailAdapter {
  readonly kind: 'smtp' | 'outbox-only';
  send(m: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:port or smtps://…). */
export function smtpMailAdapter(url: string, from: string): MailAdapter {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.attachments?.length
          ? {
              attachments: m.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Embedded default: the outbox row itself is the delivery (read it at /dev/outbox, which lists
 * the attachments its meta names and serves them from storage).
 */
export function outboxOnlyMailAdapter(): MailAdapter {
  return { kind: 'outbox-only', async send() {}, async close() {} };
}
