import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  administrators,
  consentementsNotificationElectronique,
  coproprietaireSettings,
  coproprietes,
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
import { syndicRow, userRow } from './builders/rows.js';
import { makeClock } from './clock.js';
import { Rows, newId, type SeedContext } from './context.js';
import type { LotDef, OwnerDef } from './copro.js';
import { seedCopro } from './copro.building.js';
import { makeRng } from './random.js';
import { addOwing, addSepaMandate, setUpMoney } from './tenant.money.js';
import { addBuildingRefs } from './tenant.refs.js';
import { addTenantSignalements } from './tenant.signalements.js';
import { addTenantAssemblee } from './tenant.assemblees.js';
import type { SyndicInfo } from './syndics.js';
import {
  administratorRow,
  consentementRow,
  coproprietaireSettingRow,
  syndicExternalRefRow,
} from './builders/identity.js';
import { notificationRow } from './builders/inbox.js';

import {
  civilityOf,
  type Tenant,
  type TenantOwner,
  TENANT_PASSWORD,
  type TenantSpec,
  tenantSpecSchema,
} from './tenant.spec.js';

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

/**
 * A fresh tenant for one e2e spec: its own syndic (with an API key), one building, co-owners with
 * unique e-mails and a signed-in session each, and what the spec asks for (onboarding state,
 * consent, an open balance, unread notifications). Built with the demo seed's builders
 * (`seedCopro`, the row builders) and written in one transaction.
 */
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
  ctx.rows.add(
    administrators,
    administratorRow({
      id: gestionnaire.id,
      syndic_id: syndic.id,
      first_name: gestionnaire.first_name,
      last_name: gestionnaire.last_name,
      display_name: gestionnaire.display_name,
      role: spec.console ? 'gestionnaire' : 'Gestionnaire',
      emails: [{ value: gestionnaire.email }],
    }),
  );
  const syndicInfo: SyndicInfo = {
    id: syndic.id,
    name: syndic.name,
    alias: syndic.alias,
    city: 'Lyon',
    issuer: { name: syndic.name, lines: ['24 rue de la République', '69002 Lyon'] },
    gestionnaire,
  };

  const password_hash = await hashPassword(TENANT_PASSWORD);
  const consoleEmail = spec.console ? `direction-${tag}@essai.example.fr` : null;
  if (consoleEmail) {
    const director = userRow({
      email: consoleEmail,
      first_name: 'Claire',
      last_name: 'Bernard',
      password_hash,
      created_at: clock.daysAgo(60),
    });
    ctx.rows.add(users, director);
    ctx.rows.add(
      administrators,
      administratorRow({
        syndic_id: syndic.id,
        user_id: director.id,
        first_name: 'Claire',
        last_name: 'Bernard',
        display_name: 'Claire Bernard',
        role: 'administrateur',
        emails: [{ value: consoleEmail }],
      }),
    );
  }
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

  const owners: OwnerDef[] = accounts.map(({ spec: o, user }) => {
    const civility = o.civility ?? civilityOf(o.first_name);
    return {
      key: o.key,
      civility,
      people: [{ civility, first_name: o.first_name, last_name: o.last_name, email: user.email }],
      lots: o.lots,
      pay: { method: 'virement' },
      user: { id: user.id, attachedDaysAgo: 30 },
      init_settings_done: o.onboarded,
      council: o.conseil_syndical_factures,
    };
  });
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
      show_invoice_status_scope: '1',
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

  const { coproExt, cgExt } = addBuildingRefs(ctx, syndic.id, copro, tag);
  for (const { spec: o, user } of accounts) {
    const owner = copro.owner(o.key);
    ctx.rows.add(
      syndicExternalRefs,
      syndicExternalRefRow({
        syndic_id: syndic.id,
        resource: 'coproprietaire',
        external_id: owner.compte,
        internal_id: owner.id,
      }),
    );
    if (o.onboarded)
      ctx.rows.add(
        coproprietaireSettings,
        ...ONBOARDING_KEYS.map((key) =>
          coproprietaireSettingRow({ coproprietaire_id: owner.id, key, value: '1' }),
        ),
      );
    if (o.consent !== 'none')
      ctx.rows.add(
        consentementsNotificationElectronique,
        consentementRow({
          coproprietaire_id: owner.id,
          user_id: user.id,
          given_at: clock.daysAgo(20, '20:14'),
          given_by: o.consent,
        }),
      );
    if (o.owing) addOwing(ctx, { coproprietaire_id: owner.id, copropriete_id: copro.id });
    if (o.mandat_sepa)
      addSepaMandate(ctx, {
        coproprietaire_id: owner.id,
        user_id: user.id,
        holder: `${o.first_name} ${o.last_name}`,
        tag,
      });
    for (let i = 0; i < o.unread_notifications; i++)
      ctx.rows.add(
        notifications,
        notificationRow({
          user_id: user.id,
          coproprietaire_id: owner.id,
          title: `Information du syndic n° ${i + 1}`,
          body: "Le gardien passera relever les compteurs d'eau jeudi matin.",
          is_read: false,
          created_date: clock.daysAgo(i + 1, '10:00'),
        }),
      );
  }

  const reports = await addTenantSignalements(ctx, copro, spec);
  await addTenantAssemblee(ctx, copro, spec);
  const staffUser = spec.console
    ? userRow({
        email: gestionnaire.email,
        first_name: gestionnaire.first_name,
        last_name: gestionnaire.last_name,
        password_hash,
      })
    : null;
  if (staffUser) ctx.rows.add(users, staffUser);

  await Promise.all(ctx.writes);
  await ctx.rows.flush(db);
  const benevole = accounts.find((a) => a.spec.key === spec.benevole);
  if (benevole)
    await db
      .update(coproprietes)
      .set({ syndic_benevole_user_id: benevole.user.id })
      .where(eq(coproprietes.id, copro.id));
  // Her account is hers once both rows exist (the building's seeding gives her the building).
  if (staffUser)
    await db
      .update(administrators)
      .set({ user_id: staffUser.id })
      .where(eq(administrators.id, gestionnaire.id));
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
      reference: owner.unique_code,
    };
  }
  await setUpMoney(db, spec, copro.id, copro.reps.find((r) => r.code === 'CG')!.id, clock.year);
  return {
    password: TENANT_PASSWORD,
    syndic: { id: syndic.id, alias: syndic.alias, api_key: key.key },
    copropriete: { id: copro.id, name: copro.name, external_id: coproExt, charges_generales: cgExt },
    owners: answer,
    gestionnaire: staffUser
      ? { email: gestionnaire.email, token: await createSession(db, staffUser.id) }
      : null,
    signalements: reports,
    console: consoleEmail ? { email: consoleEmail } : null,
  };
}
