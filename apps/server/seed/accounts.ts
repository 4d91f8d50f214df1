import type { NotificationChannel, NotificationKind } from '@tantieme/contract';
import {
  coproprietaireSettings,
  invitations,
  notificationPreferences,
  previewTokens,
  users,
} from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import { hashPassword } from '../src/lib/password.js';
import { userRow } from './builders/rows.js';
import { newId, type SeedContext } from './context.js';
import type { OwnerInfo } from './copro.js';
import {
  coproprietaireSettingRow,
  invitationRow,
  notificationPreferenceRow,
  previewTokenRow,
} from './builders/identity.js';

export const DEMO_PASSWORD = 'Tilleuls2024';

export interface DemoUsers {
  claire: string;
  paul: string;
}

/** The two demo accounts; one argon2 hash shared by both (same password). */
export async function seedUsers(ctx: SeedContext): Promise<DemoUsers> {
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const claire = newId();
  const paul = newId();
  const home = {
    full_address: '12 rue des Tilleuls 69003 Lyon',
    number: '12',
    street: 'rue des Tilleuls',
    zip_code: '69003',
    city: 'Lyon',
    country: 'FR',
  };
  ctx.rows.add(
    users,
    userRow({
      id: claire,
      email: 'claire.martin@example.fr',
      phone: '+33612345678',
      first_name: 'Claire',
      last_name: 'Martin',
      address: home,
      password_hash,
      created_at: ctx.clock.daysAgo(900, '19:30'),
      updated_at: ctx.clock.daysAgo(60, '19:30'),
    }),
    userRow({
      id: paul,
      email: 'paul.durand@example.fr',
      phone: '+33698765432',
      first_name: 'Paul',
      last_name: 'Durand',
      address: home,
      password_hash,
      created_at: ctx.clock.daysAgo(38, '19:40'),
      updated_at: ctx.clock.daysAgo(38, '19:44'),
    }),
  );
  return { claire, paul };
}

export const ONBOARDING_KEYS = [
  'allow-convocation-electronic',
  'receive-appel-de-fond-via-email',
  'chat-allow-other-owners',
  'allow-receive-notifications',
] as const;

export function seedOwnerSettings(ctx: SeedContext, owner: OwnerInfo, values: Record<string, '0' | '1'>) {
  ctx.rows.add(
    coproprietaireSettings,
    ...Object.entries(values).map(([key, value]) =>
      coproprietaireSettingRow({ coproprietaire_id: owner.id, key, value }),
    ),
  );
}

/** A co-owner's channel choices beyond the defaults (e-mail and push on, SMS off). */
export function seedNotificationPreferences(
  ctx: SeedContext,
  owner: OwnerInfo,
  cells: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean }[],
) {
  ctx.rows.add(
    notificationPreferences,
    ...cells.map((c) => notificationPreferenceRow({ coproprietaire_id: owner.id, ...c })),
  );
}

export const INVITATION_CODES = { valid: 'INVIT2026A', used: 'INVIT2026U', expired: 'INVIT2026E' } as const;

/** A valid, a used and an expired invitation (SPEC §8 invitation token errors). */
export function seedInvitations(
  ctx: SeedContext,
  o: { valid: OwnerInfo; used: OwnerInfo; usedBy: string; expired: OwnerInfo },
) {
  const day = 86_400_000;
  const now = ctx.clock.now.getTime();
  const info = (owner: OwnerInfo, email: string) => {
    const p = owner.def.people[0];
    return { coproprietaire_info: { first_name: p.first_name, last_name: p.last_name, email } };
  };
  ctx.rows.add(
    invitations,
    invitationRow({
      code: INVITATION_CODES.valid,
      coproprietaire_id: o.valid.id,
      status: 1,
      expiration_date: new Date(now + 30 * day),
      metadata: info(o.valid, 'nouveau.coproprietaire@example.fr'),
      created_at: ctx.clock.daysAgo(2, '11:00'),
    }),
    invitationRow({
      code: INVITATION_CODES.used,
      coproprietaire_id: o.used.id,
      status: 2,
      expiration_date: new Date(now - 10 * day),
      metadata: info(o.used, o.used.email ?? ''),
      used_by_user_id: o.usedBy,
      created_at: ctx.clock.daysAgo(40, '09:00'),
    }),
    invitationRow({
      code: INVITATION_CODES.expired,
      coproprietaire_id: o.expired.id,
      status: 1,
      expiration_date: new Date(now - 5 * day),
      metadata: info(o.expired, o.expired.email ?? ''),
      created_at: ctx.clock.daysAgo(35, '09:00'),
    }),
  );
}

export const PREVIEW_TOKEN = 'PREVIEW-DEMO-CLAIRE';

export function seedPreviewToken(ctx: SeedContext, syndicId: string, owner: OwnerInfo) {
  ctx.rows.add(
    previewTokens,
    previewTokenRow({
      token_hash: sha256(PREVIEW_TOKEN),
      syndic_id: syndicId,
      coproprietaire_id: owner.id,
      expires_at: new Date(ctx.clock.now.getTime() + 365 * 86_400_000),
      created_at: ctx.clock.now,
    }),
  );
}
