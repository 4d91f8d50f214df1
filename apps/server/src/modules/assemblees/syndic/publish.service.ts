import { convocationTooLate, formatParisDate, formatParisTime, parisInstant } from '@tantieme/contract';
import { AppError } from '../../../http/errors.js';
import { lreDepositHandler } from '../../../outbox/handlers.js';
import { deliverNow } from '../../../outbox/worker.js';
import { enqueue, LRE_DEPOSIT } from '../../../platform/outbox.js';
import type { LreAdapter } from '../../../platform/lre/index.js';
import * as agRepo from '../assemblees.repo.js';
import * as signaturesRepo from '../signatures.repo.js';
import { stageNotification } from '../../notifications/notify.js';
import { postalRequestsOf } from '../../settings/postal.service.js';
import {
  externalIdsOf,
  type FieldErrors,
  type SyndicApiContext,
  writeAudit,
} from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import { recordCommunication } from '../../communications/communications.service.js';
import * as publishRepo from './publish.repo.js';
import { AG, REF } from './assemblees.repo.js';
import { assembleeOf, type Deps, iso } from './common.js';
import { channelOf, convocationText, depositPendingLre } from './convocation-letter.js';
import * as convRepo from './convocations.repo.js';

const addressLines = (a: { full_address?: string | null } | null | undefined) =>
  a?.full_address?.trim() || null;

/**
 * Publishes the convocation to every participant not convened yet, in one transaction: a
 * notification (the notify service), and per co-owner a convocation by the channel loi art. 42-1
 * gives (channelOf): a lettre recommandée électronique, deposited with the provider after the
 * commit, or the post when they asked for it. Each co-owner's 21 days run from their own first presentation (foreseen:
 * the LRE at once, the post J+1 ouvré); too close for some: refused naming them, unless the syndic
 * overrides it (recorded as convocation_risk). Tantièmes read from the lots are fixed now. A second
 * call sends nothing twice and retries the LRE not deposited yet.
 */
export async function publish(
  deps: Deps & { lre: LreAdapter },
  api: SyndicApiContext,
  externalId: string,
  opts: { overrideDelay?: boolean } = {},
) {
  const { db, config } = deps;
  let afterCommit: () => Promise<void> = async () => {};
  let depositRow: string | null = null;
  const result = await db.transaction(async (tx) => {
    const ag0 = await assembleeOf(tx, api, externalId);
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    const errors: FieldErrors = {};
    if (!ag.convocation_file_id) errors.convocation = 'Aucun fichier de convocation : envoyez-le par le PUT.';
    const rows = await publishRepo.publishTargets(tx, ag.id);
    const requests = await postalRequestsOf(
      tx,
      rows.map((r) => r.owner.id),
    );
    const targets = rows.map((r) => ({ ...r, postal_requests: requests.get(r.owner.id) ?? [] }));
    if (targets.length === 0) errors.participants = 'Aucun copropriétaire convoqué.';
    if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });
    const file = (await publishRepo.findFile(tx, ag.convocation_file_id!))!;
    const coproName = await publishRepo.coproprieteName(tx, ag.copropriete_id);
    const fromLots = await agRepo.coproTantiemes(tx, ag.copropriete_id);
    const now = new Date();
    const unsent = targets.filter((t) => !t.participant.is_send_convocation);
    const channels = new Map(unsent.map((t) => [t.owner.id, channelOf(t, now)]));
    // Décret 1967 art. 9 and 64: 21 days from the day after each co-owner's first presentation.
    const late = convocationTooLate(
      ag.date,
      unsent.map((t) => ({
        id: t.owner.id,
        first_presentation: channels.get(t.owner.id)!.foreseenPresentation,
      })),
    );
    const lateExt = await externalIdsOf(
      tx,
      api.syndicId,
      REF.coproprietaire,
      late.map((l) => l.id),
    );
    const names = new Map(unsent.map((t) => [t.owner.id, t.owner.display_name]));
    if (late.length && !opts.overrideDelay) {
      const who = late
        .map(
          (l) => `${names.get(l.id)} (au plus tôt le ${formatParisDate(parisInstant(l.earliest_meeting))})`,
        )
        .join(', ');
      const message = `Réunion trop proche pour ${who}\u202f: 21 jours à compter du lendemain de la première présentation (décret du 17 mars 1967, art. 9 et 64). En cas d'urgence, publiez avec override_delay=true.`;
      throw new AppError('CONVOCATION_TOO_LATE', message, {
        errors: Object.fromEntries(late.map((l) => [lateExt.get(l.id) ?? l.id, l.earliest_meeting])),
      });
    }
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
    const sent = { lre: 0, postal: 0 };
    const when = `${formatParisDate(ag.date)} à ${formatParisTime(ag.date)}`;
    for (const t of unsent) {
      const o = t.owner;
      const ch = channels.get(o.id)!;
      const { subject, content } = convocationText(config, ag, o, coproName);
      const address =
        addressLines(o.address) ??
        addressLines({ full_address: o.contacts[0]?.addresses?.[0]?.full_address });
      await recordCommunication(
        tx,
        {
          syndic_id: api.syndicId,
          copropriete_id: ag.copropriete_id,
          coproprietaire_id: o.id,
          sending_method: ch.channel === 'lre' ? 'email' : 'postal',
          module: 'convocation',
          recipient_info:
            ch.channel === 'lre'
              ? { name: o.display_name, to_addresses: [ch.email!] }
              : { name: o.display_name, sending_address: { address_1: address ?? '' } },
          subject,
          content,
          internal_executed_date: ch.channel === 'lre' ? now : null,
        },
        { file_id: file.id, name: file.name },
      );
      await convRepo.insertConvocation(tx, {
        assemblee_id: ag.id,
        coproprietaire_id: o.id,
        channel: ch.channel,
        demande_postale_id: ch.postalRequestId,
        recipient: ch.email,
        ...(ch.channel === 'postal'
          ? {
              sent_at: now,
              first_presented_at: ch.foreseenPresentation,
              first_presentation_source: 'estimated' as const,
            }
          : {}),
      });
      sent[ch.channel] += 1;
      await repo.updateParticipant(tx, ag.id, o.id, {
        is_send_convocation: true,
        tantiemes: t.participant.tantiemes ?? fromLots.get(o.id) ?? {},
      });
    }
    // The letters go to the provider after the commit, through the outbox: tried at once below,
    // retried by the worker if the provider fails (loi 1965 art. 42-1: the LRE is the notice).
    if ((await convRepo.undepositedLre(tx, ag.id)).length)
      depositRow = await enqueue(
        tx,
        { channel: LRE_DEPOSIT, recipient: ag.id, body: '' },
        { production: config.env === 'production' },
      );
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
            name: (await signaturesRepo.findSyndicOf(tx, api.syndicId))?.name ?? api.syndicAlias,
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
  let failed = 0;
  if (depositRow)
    await deliverNow(db, [depositRow], {
      [LRE_DEPOSIT]: lreDepositHandler(async (id) => {
        failed = await depositPendingLre(deps, id);
        return failed;
      }),
    });
  if (failed)
    result.warnings.push(
      `${failed} lettre(s) recommandée(s) électronique(s) non déposée(s) chez le prestataire\u202f: un nouvel essai part automatiquement (rien ne part deux fois).`,
    );
  return result;
}
