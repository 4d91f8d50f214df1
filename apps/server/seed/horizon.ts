import type { SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import { seedCopro } from './copro.building.js';
import type { SyndicInfo } from './syndics.js';

/** Résidence Horizon, managed by the disabled syndic: the record exists but cannot be opened. */
export function seedHorizon(ctx: SeedContext, syndic: SyndicInfo, claireUserId: string): CoproInfo {
  return seedCopro(ctx, {
    name: 'Résidence Horizon',
    address: {
      full_address: '8 allée des Cèdres 38100 Grenoble',
      number: '8',
      street: 'allée des Cèdres',
      zip_code: '38100',
      city: 'Grenoble',
      country: 'FR',
    },
    email: 'contact@syndic-horizon.fr',
    settings: {},
    syndic,
    admins: [syndic.gestionnaire.id],
    reps: [{ code: 'CG', name: 'Charges générales', total: 1_000 }],
    lots: [
      { key: '14', lot_id: '14', name: 'Appartement 14', type_name: 'Appartement', weights: { CG: 520 } },
      { key: '15', lot_id: '15', name: 'Appartement 15', type_name: 'Appartement', weights: { CG: 610 } },
      { key: '31', lot_id: '31', name: 'Cave 31', type_name: 'Cave', weights: { CG: 20 } },
    ],
    owners: [
      {
        key: 'claire',
        civility: 'mrs',
        people: [
          {
            civility: 'mrs',
            first_name: 'Claire',
            last_name: 'Martin',
            email: 'claire.martin@example.fr',
            phone: '06 12 34 56 78',
          },
        ],
        lots: ['14', '31'],
        address: { number: '12', street: 'rue des Tilleuls', zip_code: '69003', city: 'Lyon', country: 'FR' },
        pay: { method: 'virement' },
        user: { id: claireUserId, attachedDaysAgo: 900 },
      },
      {
        key: 'lemoine',
        civility: 'mr',
        people: [
          { civility: 'mr', first_name: 'Pierre', last_name: 'Lemoine', email: 'pierre.lemoine@example.fr' },
        ],
        lots: ['15'],
        pay: { method: 'virement' },
      },
    ],
    since: 1400,
  });
}
