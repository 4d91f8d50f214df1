import { carnetsEntretien, syndicExternalRefs } from '../src/db/schema/index.js';
import { isoOf } from './clock.js';
import { newId, type SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import { liftWorks } from './signalements.add.js';
import { carnetEntretienRow } from './builders/copro.js';
import { syndicExternalRefRow } from './builders/identity.js';

export const CARNET_EXTERNAL_ID = 'CARNET-TILLEULS';

/**
 * The carnet d'entretien of Les Tilleuls (décret n° 2001-477, art. 3), consistent with the
 * building's documents (insurance certificate, Otis contract, DTG) and its works vote: the
 * ravalement voted at the last assembly heads the multi-year works plan. Keyed for the demo
 * syndic API key (PUT /api/syndic/v1/carnets-entretien/CARNET-TILLEULS).
 */
export function seedCarnet(
  ctx: SeedContext,
  copro: CoproInfo,
  opts: { agDate: string; worksBudgetCents: number },
) {
  const y = ctx.clock.year;
  const id = newId();
  const at = ctx.clock.daysAgo(20, '10:15');
  ctx.rows.add(
    carnetsEntretien,
    carnetEntretienRow({
      id,
      syndic_id: copro.syndic.id,
      copropriete_id: copro.id,
      construction_year: 1974,
      insurance_contracts: [
        {
          kind: 'Multirisque immeuble',
          insurer: "Mutuelle Rhodanienne d'Assurances",
          policy_number: 'MRI 2019 08 4471',
          broker: 'Cabinet Vernay Courtage',
          expires_on: isoOf(y, 12, 31),
        },
        {
          kind: 'Responsabilité civile du syndicat et protection juridique',
          insurer: "Mutuelle Rhodanienne d'Assurances",
          policy_number: 'RCS 2019 08 4472',
          broker: null,
          expires_on: isoOf(y, 12, 31),
        },
        {
          kind: 'Dommages-ouvrage (ravalement)',
          insurer: 'SMABTP',
          policy_number: `DO ${y}-118 642`,
          broker: null,
          expires_on: isoOf(y + 10, 6, 30),
        },
      ],
      maintenance_contracts: [
        {
          equipment: 'Ascenseurs (appareils n° 69L1042 et 69L1043)',
          contractor: 'Otis – Agence Lyon Est',
          reference: 'OTIS-LYE-2018-0457',
          expires_on: isoOf(y + 2, 3, 31),
        },
        {
          equipment: 'Chaufferie collective gaz',
          contractor: 'Dalkia – Centre-Est',
          reference: 'P2-69-22814',
          expires_on: isoOf(y + 1, 6, 30),
        },
        {
          equipment: 'Extincteurs et désenfumage des parties communes',
          contractor: 'Sicli – Agence de Lyon',
          reference: 'SIC-2021-3390',
          expires_on: isoOf(y, 12, 31),
        },
        {
          equipment: 'Portail et porte du parking souterrain',
          contractor: 'Rhône Automatismes',
          reference: 'RA-PK-0712',
          expires_on: isoOf(y + 1, 9, 30),
        },
      ],
      major_works: [
        // The repair a resolved signalement (the lift of building A) is linked to.
        liftWorks(y),
        {
          year: 2025,
          nature: 'Remplacement de la chaudière collective (gaz à condensation)',
          contractor: 'Dalkia – Centre-Est',
        },
        { year: 2018, nature: 'Mise aux normes des deux ascenseurs', contractor: 'Otis – Agence Lyon Est' },
        {
          year: 2016,
          nature: "Réfection de l'étanchéité de la toiture-terrasse",
          contractor: 'Étanchéité du Rhône',
        },
        { year: 2009, nature: 'Remplacement des colonnes de gaz', contractor: 'Plomberie Saint-Louis' },
      ],
      works_plan: {
        adopted_on: opts.agDate,
        items: [
          { year: y + 1, nature: 'Ravalement de la façade sur rue', estimated_cents: opts.worksBudgetCents },
          { year: y + 3, nature: 'Isolation des combles et des planchers bas', estimated_cents: 3_150_000 },
          { year: y + 5, nature: "Remplacement des colonnes d'eau", estimated_cents: 4_720_000 },
          { year: y + 8, nature: "Réfection des cages d'escalier", estimated_cents: 2_280_000 },
        ],
      },
      // The DTG's list of works (CCH L.731-1), from which the plan above was drawn.
      dtg_works: [
        {
          work: 'Remplacement de la chaudière collective',
          planned_year: 2025,
          estimated_cents: 8_640_000,
          status: 'REALISE',
        },
        {
          work: 'Ravalement de la façade sur rue',
          planned_year: y + 1,
          estimated_cents: opts.worksBudgetCents,
          status: 'VOTE',
        },
        {
          work: 'Isolation des combles et des planchers bas',
          planned_year: y + 3,
          estimated_cents: 3_150_000,
          status: 'A_VOTER',
        },
        {
          work: "Remplacement des colonnes d'eau",
          planned_year: y + 5,
          estimated_cents: 4_720_000,
          status: 'A_VOTER',
        },
        {
          work: "Réfection des cages d'escalier",
          planned_year: y + 8,
          estimated_cents: 2_280_000,
          status: 'A_VOTER',
        },
        {
          work: 'Remplacement des menuiseries des parties communes',
          planned_year: y + 9,
          estimated_cents: 1_960_000,
          status: 'NON_RETENU',
        },
      ],
      updated_at: at,
    }),
  );
  ctx.rows.add(
    syndicExternalRefs,
    syndicExternalRefRow({
      syndic_id: copro.syndic.id,
      resource: 'carnet_entretien',
      external_id: CARNET_EXTERNAL_ID,
      internal_id: id,
      created_at: at,
      updated_at: at,
    }),
  );
}
