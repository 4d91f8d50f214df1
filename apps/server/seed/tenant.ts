import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../src/db/client.js';
import {
  administrators,
  consentementsNotificationElectronique,
  coproprietaireSettings,
  ledgerLines,
  notifications,
  syndicExternalRefs,
  syndics,
  users,
} from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { createSession } from '../src/modules/identity/session.service.js';
import { createApiKey } from '../src/modules/syndic-api/kit/keys.js';
import type { StorageAdapter } from '../src/platform/storage.js';
import { ONBOARDING_KEYS } from './accounts.js';
import { ledgerLineRow, syndicRow, userRow } from './builders/rows.js';
import { makeClock } from './clock.js';
import { Rows, newId, type SeedContext } from './context.js';
import { type LotDef, type OwnerDef, seedCopro } from './copro.js';
import { makeRng } from './random.js';
import type { SyndicInfo } from './syndics.js';

/**
 * A fresh tenant for one e2e spec: its own syndic (with an API key), one building, co-owners with
 * unique e-mails and a signed-in session each, and what the spec asks for (onboarding state,
 * consent, an open balance, unread notifications). Built with the demo seed's builders
 * (`seedCopro`, the row builders) and written in one transaction.
 */
export const tenantOwnerSchema = z.object({
  /** The spec's name for this co-owner ('paul'); the answer is keyed by it. */
  key: z.string().regex(/^[a-z][a-z0-9-]{0,30}$/),
  first_name: z.string().min(1).max(60).default('Camille'),
  last_name: z.string().min(1).max(60).default('Bernard'),
  /** Lot names, as the demo spells them ('Appartement B21', 'Cave C05'). */
  lots: z.array(z.string().min(1).max(60)).min(1).max(6).default(['Appartement A12']),
  /** Whether the first-sign-in onboarding is done (SPEC §2.15). */
  onboarded: z.boolean().default(true),
  /** The act of an active consent to electronic notification, or none. */
  consent: z.enum(['onboarding', 'settings', 'none']).default('onboarding'),
  /** Two quarterly calls open (412,50 € and 398,75 €), a settled quarter and an open 20 € credit. */
  owing: z.boolean().default(false),
  unread_notifications: z.number().int().min(0).max(30).default(0),
});

export const tenantSpecSchema = z.object({
  /** Whether the syndic takes card payments (a Stripe account is then recorded). */
  card_payments: z.boolean().default(true),
  owners: z.array(tenantOwnerSchema).min(1).max(8),
});

export type TenantSpec = z.input<typeof tenantSpecSchema>;

export interface TenantOwner {
  user_id: string;
  email: string;
  /** A session token, as the sign-in answers it. */
  token: string;
  coproprietaire_id: string;
  /** Co-owner account number in the syndic's books: the syndic API's `coproprietaire`. */
  compte: string;
}

export interface Tenant {
  password: string;
  syndic: { id: string; alias: string; api_key: string };
  /** The building, with the syndic API's external ids of it and of its charges générales key. */
  copropriete: { id: string; name: string; external_id: string; charges_generales: string };
  owners: Record<string, TenantOwner>;
}

export const TENANT_PASSWORD = 'Tilleuls2024';

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/** One lot per name, all in the charges générales. */
function lotDefs(names: string[]): LotDef[] {
  return [...new Set(names)].map((name, i) => ({
    key: name,
    lot_id: String(i + 1),
    name,
    type_name: name.split(' ')[0] || 'Appartement',
    weights: { CG: 100 },
  }));
}

export async function buildTenant(db: Db, storage: StorageAdapter, input: TenantSpec): Promise<Tenant> {
  const spec = tenantSpecSchema.parse(input);
  const tag = randomBytes(4).toString('hex');
  const ctx: SeedContext = { rows: new Rows(), rng: makeRng(), clock: makeClock(), storage, writes: [] };
  const { clock } = ctx;

  const syndic = syndicRow({
    name: `Cabinet Essai ${tag}`,
    alias: `essai-${tag}`,
    address: { street1: '24 rue de la République', zip_code: '69002', city: 'Lyon' },
    email: `contact-${tag}@essai.example.fr`,
    stripe_account_id: spec.card_payments ? `acct_e2e_${tag}` : null,
    card_payments_active: spec.card_payments,
  });
  ctx.rows.add(syndics, syndic);
  const gestionnaire = {
    id: newId(),
    first_name: 'Sophie',
    last_name: 'Garnier',
    display_name: 'Sophie Garnier',
    email: `gestion-${tag}@essai.example.fr`,
  };
  ctx.rows.add(administrators, {
    id: gestionnaire.id,
    syndic_id: syndic.id,
    first_name: gestionnaire.first_name,
    last_name: gestionnaire.last_name,
    display_name: gestionnaire.display_name,
    role: 'Gestionnaire',
    emails: [{ value: gestionnaire.email }],
  });
  const syndicInfo: SyndicInfo = {
    id: syndic.id,
    name: syndic.name,
    alias: syndic.alias,
    city: 'Lyon',
    issuer: { name: syndic.name, lines: ['24 rue de la République', '69002 Lyon'] },
    gestionnaire,
  };

  const password_hash = await hashPassword(TENANT_PASSWORD);
  const accounts = spec.owners.map((o) => {
    const email = `${plain(o.first_name)}.${plain(o.last_name)}.${tag}@example.fr`;
    const user = userRow({
      email,
      first_name: o.first_name,
      last_name: o.last_name,
      password_hash,
      created_at: clock.daysAgo(40),
    });
    ctx.rows.add(users, user);
    return { spec: o, user: { id: user.id, email } };
  });

  const owners: OwnerDef[] = accounts.map(({ spec: o, user }) => ({
    key: o.key,
    civility: 'mrs',
    people: [{ civility: 'mrs', first_name: o.first_name, last_name: o.last_name, email: user.email }],
    lots: o.lots,
    pay: { method: 'virement' },
    user: { id: user.id, attachedDaysAgo: 30 },
    init_settings_done: o.onboarded,
  }));
  const copro = seedCopro(ctx, {
    name: `Résidence Les Essais ${tag}`,
    address: {
      full_address: '8 rue des Essais 69003 Lyon',
      number: '8',
      street: 'rue des Essais',
      zip_code: '69003',
      city: 'Lyon',
      country: 'FR',
    },
    settings: {
      show_invoice: '1',
      show_invoice_scope: '2',
      show_copro_document: '1',
      show_copro_document_scope: '1',
      show_assemblee_function: true,
    },
    syndic: syndicInfo,
    admins: [gestionnaire.id],
    reps: [{ code: 'CG', name: 'Charges générales', total: 10_000 }],
    lots: lotDefs(spec.owners.flatMap((o) => o.lots)),
    owners,
    since: 400,
  });

  const coproExt = `COPRO-${tag}`;
  const cgExt = `CG-${tag}`;
  ctx.rows.add(
    syndicExternalRefs,
    { syndic_id: syndic.id, resource: 'copropriete', external_id: coproExt, internal_id: copro.id },
    // An assembly put through the syndic API names its charges générales key.
    {
      syndic_id: syndic.id,
      resource: 'repartition',
      external_id: cgExt,
      internal_id: copro.reps.find((r) => r.code === 'CG')!.id,
    },
  );
  for (const { spec: o, user } of accounts) {
    const owner = copro.owner(o.key);
    ctx.rows.add(syndicExternalRefs, {
      syndic_id: syndic.id,
      resource: 'coproprietaire',
      external_id: owner.compte,
      internal_id: owner.id,
    });
    if (o.onboarded)
      ctx.rows.add(
        coproprietaireSettings,
        ...ONBOARDING_KEYS.map((key) => ({ coproprietaire_id: owner.id, key, value: '1' })),
      );
    if (o.consent !== 'none')
      ctx.rows.add(consentementsNotificationElectronique, {
        coproprietaire_id: owner.id,
        user_id: user.id,
        given_at: clock.daysAgo(20, '20:14'),
        given_by: o.consent,
      });
    if (o.owing) {
      const base = { coproprietaire_id: owner.id, copropriete_id: copro.id };
      ctx.rows.add(
        ledgerLines,
        ledgerLineRow({
          ...base,
          name: 'Appel de fonds 2e trimestre',
          date: '2026-04-01',
          amount_cents: 40_000,
          remaining_cents: 0,
        }),
        ledgerLineRow({
          ...base,
          name: 'Règlement par virement',
          date: '2026-04-05',
          amount_type: 'credit',
          bill_type: 'other',
          amount_cents: 40_000,
          remaining_cents: 0,
        }),
        ledgerLineRow({
          ...base,
          name: 'Appel de fonds 3e trimestre',
          date: '2026-07-01',
          amount_cents: 41_250,
        }),
        ledgerLineRow({
          ...base,
          name: 'Appel de fonds 4e trimestre',
          date: '2026-10-01',
          amount_cents: 39_875,
        }),
        ledgerLineRow({
          ...base,
          name: 'Règlement par chèque n° 1234567',
          date: '2026-10-12',
          amount_type: 'credit',
          bill_type: 'other',
          amount_cents: 2_000,
        }),
      );
    }
    for (let i = 0; i < o.unread_notifications; i++)
      ctx.rows.add(notifications, {
        user_id: user.id,
        coproprietaire_id: owner.id,
        title: `Information du syndic n° ${i + 1}`,
        body: "Le gardien passera relever les compteurs d'eau jeudi matin.",
        is_read: false,
        created_date: clock.daysAgo(i + 1, '10:00'),
      });
  }

  await Promise.all(ctx.writes);
  await ctx.rows.flush(db);
  const key = await createApiKey(db, {
    syndicId: syndic.id,
    name: 'Logiciel de gestion (essai)',
    scopes: ['read', 'write', 'webhooks'],
  });
  const answer: Record<string, TenantOwner> = {};
  for (const { spec: o, user } of accounts) {
    const owner = copro.owner(o.key);
    answer[o.key] = {
      user_id: user.id,
      email: user.email,
      token: await createSession(db, user.id),
      coproprietaire_id: owner.id,
      compte: owner.compte,
    };
  }
  return {
    password: TENANT_PASSWORD,
    syndic: { id: syndic.id, alias: syndic.alias, api_key: key.key },
    copropriete: { id: copro.id, name: copro.name, external_id: coproExt, charges_generales: cgExt },
    owners: answer,
  };
}
