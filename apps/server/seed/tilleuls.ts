import type { SeedContext } from './context.js';
import type { CoproInfo, OwnerDef } from './copro.js';
import { seedCopro } from './copro.building.js';
import type { SyndicInfo } from './syndics.js';
import { tilleulsLots } from './tilleuls.lots.js';
import { OWNERS } from './tilleuls.owners.js';

/** Résidence Les Tilleuls, 12 rue des Tilleuls, 69003 Lyon: two staircases, caves and parkings. */
export function seedTilleuls(
  ctx: SeedContext,
  syndic: SyndicInfo,
  users: { claire: string; paul: string },
): CoproInfo {
  const owners = OWNERS.map((o): OwnerDef => {
    if (o.key === 'claire')
      return { ...o, user: { id: users.claire, attachedDaysAgo: 610 }, init_settings_done: true };
    // Paul went through the onboarding when he attached his record; a newcomer sees the
    // onboarding with the valid invitation (accounts.ts) or the free code ABC123456.
    if (o.key === 'paul')
      return {
        ...o,
        user: { id: users.paul, attachedDaysAgo: 38 },
        init_settings_done: true,
        // His lots' details left for later, as the onboarding stores a lot he skips.
        supplement: {
          contact: { email: 'paul.durand@example.fr', phone: '+33698765432' },
          lots: { B21: { use_type: 'own', ignore: true }, C05: { use_type: 'own', ignore: true } },
        },
      };
    return o;
  });
  return seedCopro(ctx, {
    name: 'Résidence Les Tilleuls',
    address: {
      full_address: '12 rue des Tilleuls 69003 Lyon',
      number: '12',
      street: 'rue des Tilleuls',
      zip_code: '69003',
      city: 'Lyon',
      country: 'FR',
      latitude: 45.7597,
      longitude: 4.8555,
    },
    email: 'tilleuls@lefevre-immobilier.fr',
    phone: '04 78 42 17 30',
    settings: {
      show_invoice: '1',
      show_invoice_scope: '2',
      show_invoice_status: '1',
      show_invoice_status_scope: '1',
      show_copro_document: '1',
      show_copro_document_scope: '1',
      show_syndic_document: '1',
      show_syndic_document_scope: '1',
      show_releves_bancaires: '1',
      show_releves_bancaires_scope: '1',
      show_assemblee_function: true,
    },
    alur_cents: 3_862_450,
    avance_cents: 1_025_000,
    syndic,
    admins: syndic.comptable ? [syndic.gestionnaire.id, syndic.comptable.id] : [syndic.gestionnaire.id],
    reps: [
      { code: 'CG', name: 'Charges générales', total: 10_000 },
      { code: 'ASC', name: 'Ascenseur', total: 1_000 },
      { code: 'CHA', name: 'Chauffage', total: 1_000 },
    ],
    lots: tilleulsLots(),
    owners,
    since: 720,
  });
}
