import { ANONYMISED_NAME } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { revokePending } from '../../invitations/invitations.service.js';
import {
  externalIdsOf,
  requireExternalId,
  resolveExternalIds,
  type Executor,
  type SyndicApiContext,
  writeAudit,
} from '../kit/index.js';
import { consentHistories } from '../../settings/consent.service.js';
import * as repo from './rgpd.repo.js';

const RESOURCE = 'coproprietaire';

async function record(db: Executor, api: SyndicApiContext, externalId: string) {
  const id = await requireExternalId(db, api.syndicId, RESOURCE, externalId);
  const c = await repo.findRecord(db, api.syndicId, id);
  if (!c) throw new AppError('NOT_FOUND');
  return c;
}

/** The 409 a PUT of a removed co-owner answers: a removal is undone only on purpose. */
export const removedConflict = (externalId: string) =>
  `Ce copropriétaire a été retiré de la copropriété : rétablissez-le d'abord par POST /syndic/v1/coproprietaires/${externalId}/restore.`;

/** External ids among these whose co-owner was removed (a PUT of them is refused). */
export async function removedExternalIds(db: Executor, syndicId: string, externalIds: string[]) {
  const ids = await resolveExternalIds(db, syndicId, RESOURCE, externalIds);
  const removed = await repo.removedIds(db, [...ids.values()]);
  return new Set([...ids].filter(([, id]) => removed.has(id)).map(([ext]) => ext));
}

/**
 * External ids among these whose co-owner was removed, each with why an import sets its item
 * aside: removed (a restore brings it back) or anonymised (its identity is gone for good).
 */
export async function removedStates(db: Executor, syndicId: string, externalIds: string[]) {
  const ids = await resolveExternalIds(db, syndicId, RESOURCE, externalIds);
  const removed = await repo.removedRecords(db, [...ids.values()]);
  const out = new Map<string, 'removed' | 'anonymised'>();
  for (const [ext, id] of ids) {
    const anonymised = removed.get(id);
    if (anonymised !== undefined) out.set(ext, anonymised ? 'anonymised' : 'removed');
  }
  return out;
}

/** Why an import set a removed co-owner's item aside, in French. */
export const setAsideMessage = (externalId: string, state: 'removed' | 'anonymised') =>
  state === 'anonymised'
    ? "Ce copropriétaire a été anonymisé : sa fiche n'est plus mise à jour (un nouveau copropriétaire prend un autre external_id)."
    : `Ce copropriétaire a été retiré de la copropriété : sa fiche n'est pas mise à jour (POST /syndic/v1/coproprietaires/${externalId}/restore le rétablit).`;

export async function assertNotRemoved(db: Executor, syndicId: string, externalId: string) {
  if ((await removedExternalIds(db, syndicId, [externalId])).size > 0)
    throw new AppError('CONFLICT', removedConflict(externalId));
}

/**
 * Brings a removed co-owner back: the record is live again, without lots (the syndic sends them
 * with a PUT) and without access (new invitations are sent on purpose). An anonymised record
 * cannot come back: its identity is gone.
 */
export async function restoreCoproprietaire(db: Db, api: SyndicApiContext, externalId: string) {
  return db.transaction(async (tx) => {
    const c = await record(tx, api, externalId);
    if (!c.removed_at) return { external_id: externalId, id: c.id, result: 'unchanged' as const, lots: [] };
    if (c.anonymised_at)
      throw new AppError(
        'CONFLICT',
        'Ce copropriétaire a été anonymisé : créez-en un nouveau avec un autre external_id.',
      );
    await repo.setRecord(tx, c.id, { removed_at: null });
    await writeAudit(tx, api, [
      {
        action: 'restored',
        resource: RESOURCE,
        resourceId: c.id,
        externalId,
        changes: { removed_at: { before: c.removed_at.toISOString(), after: null } },
      },
    ]);
    return { external_id: externalId, id: c.id, result: 'restored' as const, lots: [] };
  });
}

/** The personal fields anonymisation erases (RGPD art. 17). */
const ERASED = [
  'civility',
  'first_name',
  'last_name',
  'company',
  'name',
  'display_name',
  'address',
  'contacts',
  'members',
  'user_supplement_info',
  'settings',
  'invitation_recipients',
  'user',
  'webhook_event_data',
];

const KEPT_REASON =
  "Pièces comptables conservées dix ans (Code de commerce, art. L123-22) ; registre d'assemblée chaîné conservé tel quel, les données personnelles n'y figurant que par l'identifiant du copropriétaire.";

/**
 * Anonymises a removed co-owner: identity, contacts, members, the co-owner's own entries and
 * settings are erased, the account detached and the attach code changed. The ledger, payments
 * and assembly records stay under the record's id (accounting: ten years, Code de commerce
 * L123-22); the assembly register's chained records are not rewritten, as that would break
 * their digests (decision 112). Personal fields in this record's audit entries are dropped; the
 * anonymisation itself is one audit line naming the fields, never their values.
 */
export async function anonymiseCoproprietaire(db: Db, api: SyndicApiContext, externalId: string) {
  return db.transaction(async (tx) => {
    const c = await record(tx, api, externalId);
    if (!c.removed_at)
      throw new AppError(
        'CONFLICT',
        `Seul un copropriétaire retiré peut être anonymisé : retirez-le d'abord par DELETE /syndic/v1/coproprietaires/${externalId}.`,
      );
    const kept = { ...(await repo.keptCounts(tx, c.id)), reason: KEPT_REASON };
    if (c.anonymised_at)
      return {
        external_id: externalId,
        id: c.id,
        result: 'unchanged' as const,
        anonymised_at: c.anonymised_at.toISOString(),
        erased: [],
        kept,
      };
    const at = new Date();
    await repo.setRecord(tx, c.id, {
      civility: null,
      first_name: null,
      last_name: null,
      company: null,
      name: ANONYMISED_NAME,
      display_name: ANONYMISED_NAME,
      address: null,
      contacts: [],
      members: [],
      user_supplement_info: null,
      user_id: null,
      // The old attach code must not lead anywhere any more.
      unique_code: `X${c.id.replace(/-/g, '').slice(0, 19).toUpperCase()}`,
      anonymised_at: at,
    });
    await repo.deleteSettings(tx, c.id);
    await revokePending(tx, c.id);
    await repo.eraseInvitations(tx, c.id);
    await repo.redactWebhookBodies(tx, api.syndicId, c.id);
    await repo.eraseAuditFields(tx, api.syndicId, c.id, [
      'civility',
      'first_name',
      'last_name',
      'company',
      'address',
      'contacts',
      'members',
    ]);
    await writeAudit(tx, api, [
      {
        action: 'anonymised',
        resource: RESOURCE,
        resourceId: c.id,
        externalId,
        changes: {
          anonymised_at: { before: null, after: at.toISOString() },
          erased: { before: null, after: ERASED },
          user_attached: { before: c.user_id !== null, after: false },
        },
      },
    ]);
    return {
      external_id: externalId,
      id: c.id,
      result: 'anonymised' as const,
      anonymised_at: at.toISOString(),
      erased: ERASED,
      kept,
    };
  });
}

/**
 * What the co-owner entered themselves (RGPD art. 20): their contact details, the occupancy of
 * their lots, their settings (electronic convocation, chat, …) and the dated history of their
 * consents to electronic notification.
 */
export async function exportCoproprietaire(db: Db, api: SyndicApiContext, externalId: string) {
  const c = await record(db, api, externalId);
  const info = c.user_supplement_info ?? null;
  const lotIds = Object.keys(info?.lots ?? {});
  const lotExt = await externalIdsOf(db, api.syndicId, 'lot', lotIds);
  const settings = await repo.settingsOf(db, c.id);
  const consents = await consentHistories(db, [c.id]);
  return {
    external_id: externalId,
    exported_at: new Date().toISOString(),
    contact: info?.contact
      ? {
          phone: info.contact.phone ?? null,
          email: info.contact.email ?? null,
          address: info.contact.address ?? null,
        }
      : null,
    occupancy: Object.fromEntries(
      Object.entries(info?.lots ?? {}).map(([lotId, v]) => [
        lotExt.get(lotId) ?? lotId,
        v as Record<string, unknown>,
      ]),
    ),
    settings: Object.fromEntries(settings.map((s) => [s.key, s.value])),
    consents: consents.map(({ coproprietaire_id: _, ...c }) => c),
    attached: c.user_id !== null,
  };
}
