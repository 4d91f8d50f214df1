import { administrators, coproprietes, syndics, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { DEMO_PASSWORD } from './accounts.js';
import { administratorRow } from './builders/identity.js';
import { syndicRow, userRow } from './builders/rows.js';
import { newId, type SeedContext } from './context.js';
import type { LotDef, OwnerDef } from './copro.js';
import { seedCopro } from './copro.building.js';
import { seedLilasDocuments } from './lilas.documents.js';
import type { SyndicInfo } from './syndics.js';

/** The console's demo accounts (password DEMO_PASSWORD), printed in the start-up banner. */
export const CONSOLE_ADMIN_EMAIL = 'm.lefevre@lefevre-immobilier.fr';
export const BENEVOLE_EMAIL = 'helene.moreau@example.fr';

const person = (civility: 'mr' | 'mrs', first_name: string, last_name: string, email?: string) => ({
  civility,
  first_name,
  last_name,
  ...(email ? { email } : {}),
});

/** Résidence Les Lilas: 12 lots, a volunteer syndic among its co-owners. */
const LILAS_LOTS: [string, string, string, number][] = [
  ['1', 'Appartement T3 – RDC gauche', 'Appartement', 118],
  ['2', 'Appartement T2 – RDC droite', 'Appartement', 86],
  ['3', 'Appartement T4 – 1er gauche', 'Appartement', 142],
  ['4', 'Appartement T3 – 1er droite', 'Appartement', 121],
  ['5', 'Appartement T4 – 2e gauche', 'Appartement', 144],
  ['6', 'Appartement T3 – 2e droite', 'Appartement', 123],
  ['7', 'Appartement T5 – 3e', 'Appartement', 196],
  ['8', 'Cave 8', 'Cave', 10],
  ['9', 'Cave 9', 'Cave', 10],
  ['10', 'Cave 10', 'Cave', 10],
  ['11', 'Parking 11', 'Parking', 20],
  ['12', 'Parking 12', 'Parking', 20],
];

const LILAS_OWNERS: { key: string; people: ReturnType<typeof person>[]; lots: string[] }[] = [
  { key: 'moreau', people: [person('mrs', 'Hélène', 'Moreau', BENEVOLE_EMAIL)], lots: ['7', '8', '11'] },
  { key: 'girard', people: [person('mr', 'Antoine', 'Girard', 'antoine.girard@example.fr')], lots: ['1'] },
  { key: 'lambert', people: [person('mrs', 'Sylvie', 'Lambert', 'sylvie.lambert@example.fr')], lots: ['2'] },
  {
    key: 'bonnet',
    people: [
      person('mr', 'Julien', 'Bonnet', 'julien.bonnet@example.fr'),
      person('mrs', 'Camille', 'Bonnet'),
    ],
    lots: ['3', '9'],
  },
  { key: 'faure', people: [person('mrs', 'Nathalie', 'Faure', 'nathalie.faure@example.fr')], lots: ['4'] },
  { key: 'roussel', people: [person('mr', 'Olivier', 'Roussel')], lots: ['5', '10', '12'] },
  {
    key: 'mercier',
    people: [person('mrs', 'Isabelle', 'Mercier', 'isabelle.mercier@example.fr')],
    lots: ['6'],
  },
];

/**
 * The console's demo: Marc Lefèvre, administrateur of Cabinet Lefèvre Immobilier (Sophie Garnier,
 * the gestionnaire, already signs in: seed/chat.ts), and Hélène Moreau, co-owner and volunteer
 * syndic of Résidence Les Lilas (loi 65-557, art. 17-2), whose building is its own small syndic.
 */
export async function seedConsole(ctx: SeedContext, lefevre: SyndicInfo) {
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const adminUser = newId();
  const heleneUser = newId();
  ctx.rows.add(
    users,
    userRow({
      id: adminUser,
      email: CONSOLE_ADMIN_EMAIL,
      phone: '+33672418830',
      first_name: 'Marc',
      last_name: 'Lefèvre',
      password_hash,
      created_at: ctx.clock.daysAgo(1500, '09:00'),
      updated_at: ctx.clock.daysAgo(1500, '09:00'),
    }),
    userRow({
      id: heleneUser,
      email: BENEVOLE_EMAIL,
      phone: '+33687215546',
      first_name: 'Hélène',
      last_name: 'Moreau',
      password_hash,
      created_at: ctx.clock.daysAgo(200, '18:40'),
      updated_at: ctx.clock.daysAgo(200, '18:40'),
    }),
  );
  ctx.rows.add(
    administrators,
    administratorRow({
      syndic_id: lefevre.id,
      user_id: adminUser,
      first_name: 'Marc',
      last_name: 'Lefèvre',
      display_name: 'Marc Lefèvre',
      role: 'administrateur',
      emails: [{ value: CONSOLE_ADMIN_EMAIL }],
    }),
  );
  const lilasSyndic = newId();
  ctx.rows.add(
    syndics,
    syndicRow({
      id: lilasSyndic,
      name: 'Syndic bénévole de la Résidence Les Lilas',
      alias: 'les-lilas',
      address: { street1: '5 rue des Lilas', zip_code: '69003', city: 'Lyon' },
      email: BENEVOLE_EMAIL,
      created_at: ctx.clock.daysAgo(200),
    }),
  );
  const lots: LotDef[] = LILAS_LOTS.map(([n, name, type_name, cg]) => ({
    key: n,
    lot_id: n,
    name,
    type_name,
    weights: { CG: cg },
  }));
  const owners: OwnerDef[] = LILAS_OWNERS.map((o) => ({
    key: o.key,
    civility: o.people.length > 1 ? 'mr_and_mrs' : o.people[0]!.civility,
    people: o.people,
    lots: o.lots,
    pay: { method: 'virement' },
    ...(o.key === 'moreau'
      ? { user: { id: heleneUser, attachedDaysAgo: 190 }, init_settings_done: true }
      : {}),
  }));
  const copro = seedCopro(ctx, {
    name: 'Résidence Les Lilas',
    address: {
      full_address: '5 rue des Lilas 69003 Lyon',
      number: '5',
      street: 'rue des Lilas',
      zip_code: '69003',
      city: 'Lyon',
      country: 'FR',
    },
    settings: {},
    syndic: {
      ...lefevre,
      id: lilasSyndic,
      name: 'Syndic bénévole de la Résidence Les Lilas',
      alias: 'les-lilas',
    },
    admins: [],
    reps: [{ code: 'CG', name: 'Charges générales', total: 1_000 }],
    lots,
    owners,
    since: 200,
  });
  await seedLilasDocuments(ctx, copro.id, copro.syndic);
  return {
    lilasId: copro.id,
    lilasSyndicId: lilasSyndic,
    /** After the flush: Hélène is named the building's volunteer syndic. */
    link: async (db: Db) => {
      await db
        .update(coproprietes)
        .set({ syndic_benevole_user_id: heleneUser })
        .where(eq(coproprietes.id, copro.id));
    },
  };
}
