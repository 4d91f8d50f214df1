import type { ElectronicConsent, SettingsUpdateBody } from '@tantieme/contract';
import type { Db, Executor } from '../../db/client.js';
import type { ConsentAct } from '../../db/schema/index.js';
import * as repo from './consent.repo.js';

/**
 * Loi 1965 art. 42-1 and décret 1967 art. 64-1: notification by electronic means needs the
 * co-owner's express prior consent. The switch's default ('1', as the spec shows it) is no
 * consent: only an act of the co-owner counts, 'Valider mes choix' with the switch on, or the
 * switch turned (or confirmed) on in the settings. Turning it off revokes the consent, dated; the
 * row is kept as proof of what held when each convocation was sent.
 */
export async function recordConsentChoice(
  db: Db,
  coproprietaireId: string,
  userId: string | null,
  settings: SettingsUpdateBody['settings'],
  act: ConsentAct,
) {
  const choice = [...settings].reverse().find((s) => s.key === 'allow-convocation-electronic');
  if (!choice) return;
  const active = await repo.findActiveConsent(db, coproprietaireId);
  if (choice.value === '1' && !active) await repo.insertConsent(db, coproprietaireId, userId, act);
  if (choice.value === '0' && active) await repo.revokeConsent(db, active.id, userId, act);
}

export async function getConsent(db: Db, coproprietaireId: string): Promise<ElectronicConsent> {
  const rows = await repo.findConsents(db, coproprietaireId);
  const history = rows.map((r) => ({
    given_at: r.given_at.toISOString(),
    given_by: r.given_by,
    revoked_at: r.revoked_at?.toISOString() ?? null,
    revoked_by: r.revoked_by ?? null,
  }));
  return { active: history.find((h) => h.revoked_at === null) ?? null, history };
}

/**
 * The consent history of these records, for their RGPD exports: when each consent was given, by
 * which act, and when and by which act it was withdrawn. Who acted (user ids) stays out.
 */
export async function consentHistories(db: Db, coproprietaireIds: string[]) {
  const rows = await repo.findConsentsOf(db, coproprietaireIds);
  return rows.map((r) => ({
    coproprietaire_id: r.coproprietaire_id,
    given_at: r.given_at.toISOString(),
    given_by: r.given_by,
    revoked_at: r.revoked_at?.toISOString() ?? null,
    revoked_by: r.revoked_by ?? null,
  }));
}

/** When each of these consents was given, by consent id (kept after a revocation, as proof). */
export async function consentsGivenAt(db: Executor, consentIds: string[]) {
  const rows = await repo.findConsentsByIds(db, [...new Set(consentIds)]);
  return new Map(rows.map((r) => [r.id, r.given_at]));
}
