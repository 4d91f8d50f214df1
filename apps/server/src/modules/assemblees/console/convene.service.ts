import { convocationTooLate, earliestMeetingDate } from '@tantieme/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { LreAdapter } from '../../../platform/lre/index.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import type { Realtime } from '../../../realtime/index.js';
import type { ConsoleBuilding } from '../../access/console.guard.js';
import { postalRequestsOf, postalRequestsReceivedAt } from '../../settings/postal.service.js';
import { adoptExternalIds, externalIdsOf } from '../../syndic-api/kit/index.js';
import { AG, REF } from '../syndic/assemblees.repo.js';
import { channelOf, convocationText, emailOf } from '../syndic/convocation-letter.js';
import * as convRepo from '../syndic/convocations.repo.js';
import * as publishRepo from '../syndic/publish.repo.js';
import { publish } from '../syndic/publish.service.js';
import * as repo from './prepare.repo.js';

/**
 * Each co-owner's convocation as it leaves (or left): the channel loi art. 42-1 gives them (the
 * syndic API's `channelOf`), the first presentation foreseen, whether the 21 days of décret 1967
 * art. 9 and 64 can still run before the meeting, and the letter's text with its mention.
 */
export async function previewConvocations(db: Db, config: Config, coproId: string, agId: string) {
  const ag = await repo.assembleeInBuilding(db, coproId, agId);
  if (!ag) throw new AppError('NOT_FOUND');
  const rows = await publishRepo.publishTargets(db, ag.id);
  const requests = await postalRequestsOf(
    db,
    rows.map((r) => r.owner.id),
  );
  const sentRows = new Map(
    (await convRepo.listConvocations(db, ag.id)).map((r) => [r.c.coproprietaire_id, r.c]),
  );
  const receivedAt = await postalRequestsReceivedAt(
    db,
    [...sentRows.values()].flatMap((c) => (c.demande_postale_id ? [c.demande_postale_id] : [])),
  );
  const coproName = await publishRepo.coproprieteName(db, ag.copropriete_id);
  const now = new Date();
  const convocations = rows.map((r) => {
    const t = { ...r, postal_requests: requests.get(r.owner.id) ?? [] };
    const sent = sentRows.get(r.owner.id);
    const ch = channelOf(t, now);
    const channel = sent ? (sent.channel as 'lre' | 'postal') : ch.channel;
    const requestId = sent ? sent.demande_postale_id : ch.postalRequestId;
    const requestAt = requestId
      ? (receivedAt.get(requestId) ?? t.postal_requests.find((p) => p.id === requestId)?.received_at ?? null)
      : null;
    const presentation = sent?.first_presented_at ?? sent?.sent_at ?? ch.foreseenPresentation;
    const earliest = earliestMeetingDate(presentation);
    const { subject, content } = convocationText(config, ag, r.owner, coproName);
    return {
      coproprietaire: { id: r.owner.id, name: r.owner.display_name },
      channel,
      reason: (requestId ? 'postal_request' : channel === 'postal' ? 'no_email' : 'electronic') as
        | 'electronic'
        | 'postal_request'
        | 'no_email',
      email: channel === 'lre' ? (sent?.recipient ?? emailOf(t)) : null,
      postal_request_received_at: requestAt ? requestAt.toISOString() : null,
      first_presentation: presentation.toISOString(),
      earliest_meeting: earliest,
      late: convocationTooLate(ag.date, [{ id: r.owner.id, first_presentation: presentation }]).length > 0,
      sent: !!sent,
      subject,
      content,
    };
  });
  return { convocations, late: convocations.filter((c) => c.late && !c.sent).length };
}

/**
 * Publishes through the syndic API's service; the console never overrides the delay. A refusal names
 * the late co-owners by their record in this building, not by the API's external ids.
 */
export async function publishFromConsole(
  deps: { db: Db; config: Config; realtime: Realtime; storage: StorageAdapter; lre: LreAdapter },
  b: ConsoleBuilding,
  agId: string,
) {
  const ag = await repo.assembleeInBuilding(deps.db, b.copro.id, agId);
  if (!ag) throw new AppError('NOT_FOUND');
  const ext = (await adoptExternalIds(deps.db, b.api.syndicId, AG, [agId])).get(agId)!;
  const ownerIds = await repo.currentOwnerIds(deps.db, b.copro.id);
  const owners = await externalIdsOf(deps.db, b.api.syndicId, REF.coproprietaire, ownerIds);
  const byExt = new Map([...owners].map(([id, e]) => [e, id]));
  try {
    return await publish(deps, b.api, ext);
  } catch (e) {
    if (e instanceof AppError && e.code === 'CONVOCATION_TOO_LATE' && e.errors) {
      const errors = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [byExt.get(k) ?? k, v]));
      throw new AppError(
        e.code,
        e.message.replace(/ En cas d'urgence, publiez avec override_delay=true\.$/, ' Reportez la réunion.'),
        { errors },
      );
    }
    throw e;
  }
}
