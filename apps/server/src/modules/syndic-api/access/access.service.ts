import { INVITATION_STATUS_REVOKED, INVITATION_STATUS_USED, isEmail } from '@tantieme/contract';
import type { z } from 'zod';
import type { invitationBody } from '@tantieme/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { invitations } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { randomCode } from '../../../lib/crypto.js';
import { enqueue } from '../../../platform/outbox.js';
import { invitationEmail, invitationSms } from '../../../templates/index.js';
import { requireExternalId, type SyndicApiContext, writeAudit } from '../kit/index.js';
import * as repo from './access.repo.js';

const COPROPRIETAIRE = 'coproprietaire';
const DAY = 86_400_000;

async function record(db: Db, api: SyndicApiContext, externalId: string) {
  const id = await requireExternalId(db, api.syndicId, COPROPRIETAIRE, externalId);
  const r = await repo.findRecord(db, api.syndicId, id);
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

/**
 * A new attach code (SPEC §2.5: 9 characters): the old one stops working at once. The code is
 * the syndic's to hand out (letters, fund calls), so this call, and only it, shows it; the audit
 * log records that it changed, never its value.
 */
export async function regenerateAttachCode(db: Db, api: SyndicApiContext, externalId: string) {
  const r = await record(db, api, externalId);
  const code = randomCode(9);
  const at = new Date();
  await db.transaction(async (tx) => {
    await repo.setAttachCode(tx, r.c.id, code);
    await writeAudit(tx, api, [
      {
        action: 'regenerated',
        resource: 'attach_code',
        resourceId: r.c.id,
        externalId,
        changes: { attach_code: { before: '[masqué]', after: '[masqué]' } },
      },
    ]);
  });
  return { coproprietaire: externalId, attach_code: code, regenerated_at: at.toISOString() };
}

export function maskRecipient(channel: 'email' | 'sms', v: string) {
  if (channel === 'email') {
    const [user, domain] = v.split('@');
    return `${user.slice(0, 1)}***@${domain}`;
  }
  return `${v.slice(0, 4)}******${v.slice(-2)}`;
}

type Invitation = typeof invitations.$inferSelect;
export function presentInvitation(
  i: Pick<Invitation, 'id' | 'external_id' | 'status' | 'metadata' | 'expiration_date' | 'created_at'>,
  now = Date.now(),
) {
  const status =
    i.status === INVITATION_STATUS_USED
      ? 'used'
      : i.status === INVITATION_STATUS_REVOKED
        ? 'revoked'
        : i.expiration_date.getTime() < now
          ? 'expired'
          : 'pending';
  return {
    id: i.id,
    external_id: i.external_id,
    status: status as 'pending' | 'used' | 'expired' | 'revoked',
    channel: i.metadata?.sent?.channel ?? null,
    recipient_masked: i.metadata?.sent?.recipient_masked ?? null,
    expiration_date: i.expiration_date.toISOString(),
    created_at: i.created_at.toISOString(),
  };
}

/**
 * Invites a co-owner (SPEC §2.12): an invitation code and a message with the link
 * /s/{alias}/invitations/{code}, queued in the outbox in the same transaction. The answer and
 * the audit log never show the code.
 */
export async function sendInvitation(
  db: Db,
  config: Config,
  api: SyndicApiContext,
  externalId: string,
  body: z.output<typeof invitationBody>,
) {
  const r = await record(db, api, externalId);
  // The same key again: the same invitation, nothing sent twice.
  const known = body.external_id && (await repo.invitationByExternalId(db, r.c.id, body.external_id));
  if (known) return presentInvitation(known);
  if (r.c.user_id)
    throw new AppError('CONFLICT', 'Ce copropriétaire est déjà rattaché à un compte.', { status: 409 });
  if (r.c.removed_at)
    throw new AppError('CONFLICT', 'Ce copropriétaire a été retiré de la copropriété.', { status: 409 });
  const contacts = r.c.contacts ?? [];
  const recipient =
    body.recipient ??
    (body.channel === 'email'
      ? contacts.flatMap((c) => c.emails ?? [])[0]?.value
      : contacts.flatMap((c) => c.phones ?? [])[0]?.value) ??
    null;
  const field = body.recipient ? 'recipient' : 'channel';
  if (!recipient)
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: {
        [field]:
          body.channel === 'email'
            ? 'Aucune adresse e-mail pour ce copropriétaire.'
            : 'Aucun numéro de téléphone pour ce copropriétaire.',
      },
    });
  const phone = recipient.replace(/[\s.()-]/g, '');
  if (body.channel === 'email' ? !isEmail(recipient) : !/^\+[1-9]\d{6,14}$/.test(phone))
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: {
        [field]:
          body.channel === 'email'
            ? "Mauvaise syntaxe d'e-mail."
            : 'Numéro de téléphone invalide (format international +33…).',
      },
    });
  const to = body.channel === 'email' ? recipient.trim() : phone;
  const code = randomCode(10);
  const expires = new Date(Date.now() + body.valid_days * DAY);
  const link = `${config.publicUrl}/s/${r.alias}/invitations/${code}`;
  const person = contacts[0];
  const masked = maskRecipient(body.channel, to);
  const row = await db.transaction(async (tx) => {
    const inv = await repo.insertInvitation(tx, {
      code,
      coproprietaire_id: r.c.id,
      status: 1,
      external_id: body.external_id,
      expiration_date: expires,
      metadata: {
        coproprietaire_info: {
          first_name: person?.first_name ?? r.c.first_name ?? '',
          last_name: person?.last_name ?? r.c.last_name ?? r.c.name,
          ...(body.channel === 'email' ? { email: to } : {}),
        },
        sent: { channel: body.channel, recipient_masked: masked, by_key: api.keyId },
      },
    });
    // Sent meanwhile by a concurrent call with the same key: that one is the answer.
    if (!inv) return (await repo.invitationByExternalId(tx, r.c.id, body.external_id ?? ''))!;
    const vars = {
      displayName: r.c.display_name,
      syndic: r.syndic,
      copropriete: r.copropriete,
      link,
      code,
      expires,
    };
    const email = body.channel === 'email' ? invitationEmail(vars) : null;
    await enqueue(
      tx,
      {
        channel: body.channel,
        recipient: to,
        subject: email?.subject,
        body: email ? email.text : invitationSms(vars),
        code,
        meta: { kind: 'invitation', invitation_id: inv.id },
      },
      { production: config.env === 'production' },
    );
    await writeAudit(tx, api, [
      {
        action: 'sent',
        resource: 'invitation',
        resourceId: inv.id,
        externalId,
        changes: {
          channel: { before: null, after: body.channel },
          recipient: { before: null, after: masked },
          expiration_date: { before: null, after: expires.toISOString() },
        },
      },
    ]);
    return inv;
  });
  return presentInvitation(row);
}

export async function listInvitations(db: Db, api: SyndicApiContext, externalId: string) {
  const r = await record(db, api, externalId);
  return (await repo.listInvitations(db, r.c.id)).map((i) => presentInvitation(i));
}
