import {
  convocationTooLate,
  formatParisDate,
  formatParisTime,
  isEmail,
  parisInstant,
} from '@tantieme/contract';
import { AppError } from '../../../http/errors.js';
import { enqueue } from '../../../platform/outbox.js';
import { convocationEmail } from '../../../templates/index.js';
import * as agRepo from '../../assemblees/assemblees.repo.js';
import { stageNotification } from '../../notifications/notify.js';
import { externalIdsOf, type FieldErrors, type SyndicApiContext, writeAudit } from '../kit/index.js';
import * as repo from './assemblees.repo.js';
import { AG, REF } from './assemblees.repo.js';
import { assembleeOf, type Deps, iso } from './common.js';

const addressLines = (a: { full_address?: string | null } | null | undefined) =>
  a?.full_address?.trim() || null;

/**
 * Publishes the convocation to every participant not convened yet, in one transaction: a
 * notification (the notify service), and an e-mail with the convocation or a postal record,
 * per the record's 'allow-convocation-electronic' choice: e-mail only with that express consent
 * and an address, else the post. Refused when the 21 days cannot run for some of them, unless the
 * syndic overrides it (recorded as convocation_risk). Tantièmes read from the lots are fixed now.
 * A second call sends nothing twice.
 */
export async function publish(
  deps: Deps,
  api: SyndicApiContext,
  externalId: string,
  opts: { overrideDelay?: boolean } = {},
) {
  const { db, config } = deps;
  let afterCommit: () => Promise<void> = async () => {};
  const result = await db.transaction(async (tx) => {
    const ag0 = await assembleeOf(tx, api, externalId);
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    const errors: FieldErrors = {};
    if (!ag.convocation_file_id) errors.convocation = 'Aucun fichier de convocation : envoyez-le par le PUT.';
    const targets = await repo.publishTargets(tx, ag.id);
    if (targets.length === 0) errors.participants = 'Aucun copropriétaire convoqué.';
    if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });
    const file = (await repo.findFile(tx, ag.convocation_file_id!))!;
    const coproName = await repo.coproprieteName(tx, ag.copropriete_id);
    const fromLots = await agRepo.coproTantiemes(tx, ag.copropriete_id);
    const now = new Date();
    const unsent = targets.filter((t) => !t.participant.is_send_convocation);
    // Décret 1967 art. 9 and 64: 21 days from the day after the first presentation, which cannot
    // come before today's sending. Too close for someone: refused, naming them, unless overridden.
    const late = convocationTooLate(
      ag.date,
      unsent.map((t) => ({ id: t.owner.id, first_presentation: now })),
    );
    const lateExt = await externalIdsOf(
      tx,
      api.syndicId,
      REF.coproprietaire,
      late.map((l) => l.id),
    );
    const names = new Map(unsent.map((t) => [t.owner.id, t.owner.display_name]));
    if (late.length && !opts.overrideDelay)
      throw new AppError('VALIDATION_ERROR', undefined, {
        errors: {
          date: `Réunion trop proche pour ${late
            .map(
              (l) =>
                `${names.get(l.id)} (au plus tôt le ${formatParisDate(parisInstant(l.earliest_meeting))})`,
            )
            .join(
              ', ',
            )} : 21 jours à compter du lendemain de la première présentation (décret du 17 mars 1967, art. 9 et 64). En cas d'urgence, publiez avec override_delay=true.`,
        },
      });
    const risk = late.length
      ? {
          overridden_at: now.toISOString(),
          key_id: api.keyId ?? api.actor,
          late: late.map((l) => ({
            coproprietaire: lateExt.get(l.id) ?? l.id,
            earliest_meeting: l.earliest_meeting,
          })),
        }
      : null;
    const sent = { email: 0, postal: 0 };
    const when = `${formatParisDate(ag.date)} à ${formatParisTime(ag.date)}`;
    for (const t of unsent) {
      const o = t.owner;
      const email =
        (t.user_email && isEmail(t.user_email) ? t.user_email : null) ??
        o.contacts.flatMap((c) => c.emails ?? []).find((e) => isEmail(e.value))?.value ??
        null;
      // Loi art. 42-1: electronic notice needs the co-owner's express prior consent, a choice they
      // recorded ('allow-convocation-electronic' = '1'); without it, the post. And an address.
      const electronic = t.electronic === '1' && !!email;
      const link = `${config.publicUrl}/${o.id}/assemblee/${ag.id}`;
      const { subject, text: content } = convocationEmail({
        displayName: o.display_name,
        assembly: ag.name,
        copropriete: coproName,
        date: ag.date,
        voteUntil: ag.valid_to,
        link,
      });
      const address =
        addressLines(o.address) ??
        addressLines({ full_address: o.contacts[0]?.addresses?.[0]?.full_address });
      await repo.insertCommunication(
        tx,
        {
          syndic_id: api.syndicId,
          copropriete_id: ag.copropriete_id,
          coproprietaire_id: o.id,
          sending_method: electronic ? 'email' : 'postal',
          module: 'convocation',
          recipient_info: electronic
            ? { name: o.display_name, to_addresses: [email!] }
            : { name: o.display_name, sending_address: { address_1: address ?? '' } },
          subject,
          content,
          internal_executed_date: electronic ? now : null,
        },
        { file_id: file.id, name: file.name },
      );
      if (electronic) {
        await enqueue(
          tx,
          {
            channel: 'email',
            recipient: email!,
            subject,
            body: content,
            meta: { kind: 'convocation', assemblee_id: ag.id },
          },
          { production: config.env === 'production' },
        );
        sent.email += 1;
      } else sent.postal += 1;
      await repo.updateParticipant(tx, ag.id, o.id, {
        is_send_convocation: true,
        tantiemes: t.participant.tantiemes ?? fromLots.get(o.id) ?? {},
      });
    }
    if (unsent.length) {
      const staged = await stageNotification(
        tx,
        { db, realtime: deps.realtime, config },
        { coproprietaireIds: unsent.map((t) => t.owner.id) },
        {
          title: `Convocation : ${ag.name}`,
          body: `Assemblée générale le ${when}. Convocation, résolutions et vote par correspondance en ligne.`,
          type: 'ASSEMBLEE',
          url: `/{id}/assemblee/${ag.id}`,
          sender: {
            id: api.syndicId,
            name: (await agRepo.findSyndicOf(tx, api.syndicId))?.name ?? api.syndicAlias,
            avatar: null,
            type: 'syndic',
          },
        },
      );
      afterCommit = staged.afterCommit;
    }
    const publishedAt = ag.published_at ?? now;
    await repo.updateAssemblee(tx, ag.id, {
      status_convocation: 1,
      date_sent_convocation: ag.date_sent_convocation ?? now,
      published_at: publishedAt,
      ...(risk ? { convocation_risk: risk } : {}),
    });
    if (unsent.length)
      await writeAudit(tx, api, [
        {
          action: 'sent',
          resource: AG,
          resourceId: ag.id,
          externalId,
          changes: {
            convocation: { before: null, after: sent },
            published_at: { before: iso(ag.published_at), after: publishedAt.toISOString() },
            ...(risk ? { convocation_risk: { before: null, after: risk } } : {}),
          },
        },
      ]);
    const warnings = late.length
      ? [
          `Délai de 21 jours non respecté pour ${late.length} copropriétaire(s), publié à la demande du syndic : risque d'annulation (décret du 17 mars 1967, art. 9).`,
        ]
      : [];
    return {
      published_at: publishedAt.toISOString(),
      sent,
      already_sent: targets.length - unsent.length,
      warnings,
    };
  });
  await afterCommit();
  return result;
}
