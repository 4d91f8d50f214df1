import type { Db } from '../db/client.js';
import type { UserSupplementJson } from '../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser } from './factories.js';

/** A signed-in user holding one record with lots, as onboarding and settings tests need. */
export async function makeOwnerWithLots(
  db: Db,
  v: { lotNames?: string[]; init_settings_done?: boolean; supplement?: UserSupplementJson | null } = {},
) {
  const owner = await makeSignedInUser(db);
  const record = await makeCoproprietaire(db, {
    user_id: owner.user.id,
    lotNames: v.lotNames ?? ['A12', 'C03'],
    init_settings_done: v.init_settings_done ?? false,
    user_supplement_info: v.supplement ?? null,
  });
  return { ...owner, record };
}
