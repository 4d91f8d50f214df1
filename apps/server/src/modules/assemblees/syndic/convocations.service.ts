import { earliestMeetingDate, parisDate, type SyndicConvocationRow } from '@tantieme/contract';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { LreAdapter } from '../../../platform/lre/index.js';
import {
  externalIdsOf,
  requireExternalId,
  type SyndicApiContext,
  writeAudit,
} from '../../syndic-api/kit/index.js';
import { consentsGivenAt } from '../../settings/consent.service.js';
import { postalRequestsReceivedAt } from '../../settings/postal.service.js';
import { AG, REF } from './assemblees.repo.js';
import { assembleeOf, iso } from './common.js';
import * as convRepo from './convocations.repo.js';
import { recordPresentationRisk } from './convocation-risk.js';

type Row = Awaited<ReturnType<typeof convRepo.listConvocations>>[number];

/**
 * When the consents (former text) and the requests for the post (loi art. 42-1 as rewritten) the
 * convocations relied on were given: the settings module's, one call each.
 */
async function groundsOf(db: Executor, rows: Row[]): Promise<Grounds> {
  const [consents, postal] = await Promise.all([
    consentsGivenAt(
      db,
      rows.flatMap((r) => (r.c.consentement_id ? [r.c.consentement_id] : [])),
    ),
    postalRequestsReceivedAt(
      db,
      rows.flatMap((r) => (r.c.demande_postale_id ? [r.c.demande_postale_id] : [])),
    ),
  ]);
  return { consents, postal };
}
type Grounds = { consents: Map<string, Date>; postal: Map<string, Date> };

/** Décret 1967 art. 9 and 64: the meeting's Paris date must be on or after presentation + 22 days. */
function present(r: Row, ext: string, meeting: Date, { consents, postal }: Grounds): SyndicConvocationRow {
  const c = r.c;
  const earliest = c.first_presented_at ? earliestMeetingDate(c.first_presented_at) : null;
  return {
    coproprietaire: ext,
    name: r.name,
    channel: c.channel,
    consent_given_at: iso(c.consentement_id ? (consents.get(c.consentement_id) ?? null) : null),
    postal_request_received_at: iso(c.demande_postale_id ? (postal.get(c.demande_postale_id) ?? null) : null),
    provider: c.provider,
    sending_id: c.sending_id,
    sent_at: iso(c.sent_at),
    first_presented_at: iso(c.first_presented_at),
    first_presentation_source: c.first_presentation_source,
    earliest_meeting: earliest,
    deadline_ok: earliest ? parisDate(meeting) >= earliest : null,
    error: c.error,
  };
}

/**
 * Asks the LRE provider for the first presentation of letters deposited but not presented yet,
 * and keeps what it answers as proof; one later than foreseen updates the assembly's risk.
 * A provider that does not answer leaves the row as it was.
 */
async function refreshPresentations(
  db: Db,
  lre: LreAdapter,
  agId: string,
  rows: Row[],
  ext: Map<string, string>,
) {
  for (const r of rows) {
    const c = r.c;
    if (c.channel !== 'lre' || !c.sending_id || c.first_presented_at) continue;
    // A letter deposited with another provider (the configuration changed) is not asked to this one.
    if (c.provider !== lre.kind) continue;
    const state = await lre.state(c.sending_id).catch(() => null);
    if (!state?.first_presented_at) continue;
    const v = {
      first_presented_at: state.first_presented_at,
      first_presentation_source: 'provider' as const,
      proof: { ...(c.proof ?? {}), presentation: state.proof },
    };
    await db.transaction(async (tx) => {
      await convRepo.updateConvocation(tx, agId, c.coproprietaire_id, v);
      await recordPresentationRisk(
        tx,
        agId,
        {
          coproprietaire: ext.get(c.coproprietaire_id) ?? c.coproprietaire_id,
          first_presented_at: state.first_presented_at!,
          source: 'provider',
        },
        { at: new Date(), key_id: `lre:${lre.kind}` },
      );
    });
    Object.assign(c, v);
  }
}

export async function listConvocations(db: Db, lre: LreAdapter, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  const rows = await convRepo.listConvocations(db, ag.id);
  const ext = await externalIdsOf(
    db,
    api.syndicId,
    REF.coproprietaire,
    rows.map((r) => r.c.coproprietaire_id),
  );
  const [grounds] = await Promise.all([groundsOf(db, rows), refreshPresentations(db, lre, ag.id, rows, ext)]);
  return rows.map((r) =>
    present(r, ext.get(r.c.coproprietaire_id) ?? r.c.coproprietaire_id, ag.date, grounds),
  );
}

/**
 * The first presentation of a postal convocation, as La Poste's notice gives it: replaces the
 * J+1 ouvré estimate. An LRE's date is the provider's proof, not the syndic's to set (409).
 */
export async function recordPostalPresentation(
  db: Db,
  api: SyndicApiContext,
  externalId: string,
  ownerExt: string,
  firstPresentedAt: string,
) {
  return db.transaction(async (tx) => {
    const ag = await assembleeOf(tx, api, externalId);
    const ownerId = await requireExternalId(tx, api.syndicId, REF.coproprietaire, ownerExt);
    const row = (await convRepo.listConvocations(tx, ag.id)).find((r) => r.c.coproprietaire_id === ownerId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.c.channel !== 'postal') throw new AppError('CONVOCATION_NOT_POSTAL');
    const at = new Date(firstPresentedAt);
    if (row.c.sent_at && parisDate(at) < parisDate(row.c.sent_at))
      throw new AppError('VALIDATION_ERROR', undefined, {
        errors: { first_presented_at: "La première présentation ne peut précéder l'envoi." },
      });
    const before = iso(row.c.first_presented_at);
    await convRepo.updateConvocation(tx, ag.id, ownerId, {
      first_presented_at: at,
      first_presentation_source: 'syndic',
    });
    const risk = await recordPresentationRisk(
      tx,
      ag.id,
      { coproprietaire: ownerExt, first_presented_at: at, source: 'syndic' },
      { at: new Date(), key_id: api.keyId ?? api.actor },
    );
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: AG,
        resourceId: ag.id,
        externalId,
        changes: {
          [`convocations.${ownerExt}.first_presented_at`]: { before, after: at.toISOString() },
          ...(risk ? { convocation_risk: risk } : {}),
        },
      },
    ]);
    row.c.first_presented_at = at;
    row.c.first_presentation_source = 'syndic';
    return present(row, ownerExt, ag.date, await groundsOf(tx, [row]));
  });
}
