import type { SeedContext } from './context.js';
import { type CoproInfo, type LotDef, type OwnerDef, seedCopro } from './copro.js';
import type { ChargeDef } from './finances.js';
import type { SyndicInfo } from './syndics.js';

/** Résidence Les Tilleuls, 12 rue des Tilleuls, 69003 Lyon: two staircases, caves and parkings. */

const APARTMENTS: [string, number][] = [
  ['A01', 48],
  ['A11', 64],
  ['A12', 82],
  ['A21', 64],
  ['A22', 82],
  ['A31', 64],
  ['A32', 82],
  ['A41', 105],
  ['B01', 35],
  ['B11', 52],
  ['B12', 71],
  ['B21', 52],
  ['B22', 71],
  ['B31', 52],
  ['B32', 71],
  ['B41', 88],
];

function tilleulsLots(): LotDef[] {
  const list: LotDef[] = APARTMENTS.map(([ref, surface], i) => {
    const floor = Number(ref[1]);
    const weights: Record<string, number> = { CG: surface * 10, CHA: surface };
    if (floor > 0) weights.ASC = Math.round(surface * (1 + 0.15 * (floor - 1)) * 10);
    return { key: ref, lot_id: String(i + 1), name: `Appartement ${ref}`, type_name: 'Appartement', weights };
  });
  for (let i = 1; i <= 6; i++)
    list.push({
      key: `C0${i}`,
      lot_id: String(16 + i),
      name: `Cave C0${i}`,
      type_name: 'Cave',
      weights: { CG: i <= 3 ? 16 : 13 },
    });
  for (let i = 1; i <= 6; i++)
    list.push({
      key: `P0${i}`,
      lot_id: String(22 + i),
      name: `Parking P0${i}`,
      type_name: 'Parking',
      weights: { CG: i <= 2 ? 38 : 32 },
    });
  const byKey = new Map(list.map((l) => [l.key, l]));
  const a11 = byKey.get('A11') as LotDef;
  a11.agency_info = {
    name: 'Agence Saxe-Gambetta Immobilier',
    phone: '04 72 61 33 20',
    email: 'gestion@saxe-gambetta-immo.fr',
  };
  a11.locataire = {
    civility: 'mrs',
    first_name: 'Manon',
    last_name: 'Petit',
    phone: '06 27 45 81 19',
    email: 'manon.petit@example.com',
  };
  (byKey.get('A21') as LotDef).locataire = {
    civility: 'mr',
    first_name: 'Yann',
    last_name: 'Le Goff',
    phone: '06 88 12 40 57',
    email: 'yann.legoff@example.com',
  };
  (byKey.get('A22') as LotDef).locataire = {
    civility: 'mr_and_mrs',
    first_name: 'Mehdi',
    last_name: 'Haddad',
    phone: '07 61 52 38 04',
    email: 'famille.haddad@example.com',
  };
  return list;
}

const OWNERS: OwnerDef[] = [
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
    lots: ['A12', 'C03', 'P02'],
    additional: 'Bâtiment A – 1er étage, porte droite',
    council: true,
    president: true,
    pay: { method: 'virement', unpaidQuarters: 2 },
    supplement: {
      contact: { phone: '+33612345678', email: 'claire.martin@example.fr' },
      lots: {
        A12: { use_type: 'own', trusted_person: 'Marc Martin', trusted_person_phone: '06 45 78 12 30' },
        C03: { use_type: 'own', ignore: true },
        P02: { use_type: 'own', ignore: true },
      },
    },
  },
  {
    key: 'paul',
    civility: 'mr',
    people: [
      {
        civility: 'mr',
        first_name: 'Paul',
        last_name: 'Durand',
        email: 'paul.durand@example.fr',
        phone: '06 98 76 54 32',
      },
    ],
    lots: ['B21', 'C05'],
    additional: 'Bâtiment B – 2e étage, porte gauche',
    pay: { method: 'prelevement' },
    permissions: {
      view_invoices: false,
      view_invoice_status: false,
      view_copro_documents: true,
      view_releves_bancaires: false,
      view_syndic_documents: true,
    },
  },
  {
    key: 'lambert',
    civility: 'mr_and_mrs',
    people: [
      {
        civility: 'mr',
        first_name: 'Bernard',
        last_name: 'Lambert',
        email: 'bernard.lambert@example.fr',
        phone: '06 31 52 74 90',
      },
      { civility: 'mrs', first_name: 'Josiane', last_name: 'Lambert' },
    ],
    lots: ['A31', 'P04'],
    additional: 'Bâtiment A – 3e étage, porte gauche',
    unique_code: 'ABC123456',
    pay: { method: 'cheque' },
  },
  {
    key: 'fontaine',
    civility: 'mrs',
    people: [
      {
        civility: 'mrs',
        first_name: 'Julie',
        last_name: 'Fontaine',
        email: 'nouveau.coproprietaire@example.fr',
        phone: '06 74 20 63 18',
      },
    ],
    lots: ['B32'],
    additional: 'Bâtiment B – 3e étage, porte droite',
    pay: { method: 'virement' },
  },
  {
    key: 'bensaid',
    civility: 'mr',
    people: [
      {
        civility: 'mr',
        first_name: 'Karim',
        last_name: 'Bensaïd',
        email: 'karim.bensaid@example.fr',
        phone: '06 59 03 27 84',
      },
    ],
    lots: ['B11'],
    additional: 'Bâtiment B – 1er étage, porte gauche',
    pay: { method: 'virement', unpaidQuarters: 3, travauxUnpaid: true },
  },
  {
    key: 'rousseau',
    civility: 'mr_and_mrs',
    people: [
      {
        civility: 'mr',
        first_name: 'Jean-Pierre',
        last_name: 'Rousseau',
        email: 'jp.rousseau@example.fr',
        phone: '06 08 44 19 72',
      },
      {
        civility: 'mrs',
        first_name: 'Françoise',
        last_name: 'Rousseau',
        email: 'francoise.rousseau@example.fr',
      },
    ],
    lots: ['A41', 'C01'],
    additional: 'Bâtiment A – 4e étage',
    council: true,
    pay: { method: 'prelevement' },
  },
  {
    key: 'giraud',
    civility: 'mrs',
    people: [{ civility: 'mrs', first_name: 'Monique', last_name: 'Giraud', phone: '04 78 60 21 47' }],
    lots: ['A01'],
    additional: 'Bâtiment A – rez-de-chaussée',
    council: true,
    pay: { method: 'cheque' },
  },
  {
    key: 'sci',
    civility: 'mr',
    company: 'SCI Les Jardins de Monplaisir',
    people: [
      {
        civility: 'mr',
        first_name: 'Olivier',
        last_name: 'Brunet',
        email: 'gestion@sci-monplaisir.fr',
        phone: '06 22 91 47 35',
      },
    ],
    lots: ['A21', 'A22'],
    address: { number: '8', street: 'quai Claude Bernard', zip_code: '69007', city: 'Lyon', country: 'FR' },
    pay: { method: 'virement', unpaidQuarters: 2, partialCents: 30_000 },
  },
  {
    key: 'leroy',
    civility: 'mr',
    people: [
      {
        civility: 'mr',
        first_name: 'Thomas',
        last_name: 'Leroy',
        email: 'thomas.leroy@example.fr',
        phone: '06 47 83 12 66',
      },
    ],
    lots: ['A11'],
    address: {
      number: '27',
      street: 'cours Émile Zola',
      zip_code: '69100',
      city: 'Villeurbanne',
      country: 'FR',
    },
    pay: { method: 'virement', unpaidQuarters: 1 },
  },
  {
    key: 'chevalier',
    civility: 'mrs',
    people: [
      {
        civility: 'mrs',
        first_name: 'Isabelle',
        last_name: 'Chevalier',
        email: 'isabelle.chevalier@example.fr',
        phone: '06 15 72 38 49',
      },
    ],
    lots: ['A32', 'C02'],
    additional: 'Bâtiment A – 3e étage, porte droite',
    pay: { method: 'virement' },
  },
  {
    key: 'faure',
    civility: 'mr',
    people: [{ civility: 'mr', first_name: 'Antoine', last_name: 'Faure', phone: '06 64 28 90 13' }],
    lots: ['B01'],
    additional: 'Bâtiment B – rez-de-chaussée',
    pay: { method: 'cheque' },
  },
  {
    key: 'robin',
    civility: 'mrs',
    people: [
      {
        civility: 'mrs',
        first_name: 'Nathalie',
        last_name: 'Robin',
        email: 'nathalie.robin@example.fr',
        phone: '06 83 57 21 04',
      },
    ],
    lots: ['B12', 'P03'],
    additional: 'Bâtiment B – 1er étage, porte droite',
    pay: { method: 'prelevement' },
  },
  {
    key: 'morel',
    civility: 'mr_and_mrs',
    people: [
      {
        civility: 'mr',
        first_name: 'François',
        last_name: 'Morel',
        email: 'francois.morel@example.fr',
        phone: '06 36 17 84 52',
      },
      { civility: 'mrs', first_name: 'Sylvie', last_name: 'Morel', phone: '06 70 41 26 95' },
    ],
    lots: ['B22', 'C04'],
    additional: 'Bâtiment B – 2e étage, porte droite',
    pay: { method: 'virement' },
  },
  {
    key: 'gauthier',
    civility: 'mr',
    people: [
      {
        civility: 'mr',
        first_name: 'Lucas',
        last_name: 'Gauthier',
        email: 'lucas.gauthier@example.fr',
        phone: '07 52 18 63 40',
      },
    ],
    lots: ['B31'],
    additional: 'Bâtiment B – 3e étage, porte gauche',
    pay: { method: 'virement' },
  },
  {
    key: 'mercier',
    civility: 'mrs',
    people: [
      {
        civility: 'mrs',
        first_name: 'Hélène',
        last_name: 'Mercier',
        email: 'helene.mercier@example.fr',
        phone: '06 29 64 08 71',
      },
    ],
    lots: ['B41', 'P06'],
    additional: 'Bâtiment B – 4e étage',
    council: true,
    pay: { method: 'virement', extraCents: 25_000 },
  },
  {
    key: 'vidal',
    civility: 'mr',
    people: [{ civility: 'mr', first_name: 'Henri', last_name: 'Vidal', phone: '04 78 54 92 36' }],
    lots: ['C06'],
    address: { number: '14', street: 'rue des Tilleuls', zip_code: '69003', city: 'Lyon', country: 'FR' },
    pay: { method: 'cheque' },
  },
  {
    key: 'roux',
    civility: 'mr',
    people: [
      {
        civility: 'mr',
        first_name: 'Sébastien',
        last_name: 'Roux',
        email: 'sebastien.roux@example.fr',
        phone: '06 91 35 70 28',
      },
    ],
    lots: ['P01'],
    address: { number: '9', street: 'rue Paul Bert', zip_code: '69003', city: 'Lyon', country: 'FR' },
    pay: { method: 'virement' },
  },
  {
    key: 'blanc',
    civility: 'mrs',
    people: [
      {
        civility: 'mrs',
        first_name: 'Chantal',
        last_name: 'Blanc',
        email: 'chantal.blanc@example.fr',
        phone: '06 42 86 15 39',
      },
    ],
    lots: ['P05'],
    address: { number: '31', street: 'rue de la Part-Dieu', zip_code: '69003', city: 'Lyon', country: 'FR' },
    pay: { method: 'prelevement' },
  },
];

/** Charge accounts of Les Tilleuls, with the 2026 voted budget (cents) and their suppliers. */
export const TILLEULS_CHARGES: ChargeDef[] = [
  {
    key: 'eau',
    code: '601',
    name: 'Eau froide',
    rep: 'CG',
    type: 1,
    budget: 680_000,
    supplier: 'veolia',
  },
  {
    key: 'elec',
    code: '602',
    name: 'Électricité parties communes',
    rep: 'CG',
    type: 1,
    budget: 240_000,
    supplier: 'edf',
  },
  {
    key: 'nettoyage',
    code: '613',
    name: 'Nettoyage des parties communes',
    rep: 'CG',
    type: 1,
    budget: 960_000,
    supplier: 'nettoyage',
  },
  {
    key: 'entretien',
    code: '615',
    name: 'Entretien et petites réparations',
    rep: 'CG',
    type: 1,
    budget: 320_000,
    supplier: 'adhoc',
  },
  {
    key: 'assurance',
    code: '616',
    name: 'Assurance immeuble',
    rep: 'CG',
    type: 1,
    budget: 540_000,
    supplier: 'assurance',
  },
  {
    key: 'honoraires',
    code: '621',
    name: 'Honoraires syndic',
    rep: 'CG',
    type: 1,
    budget: 780_000,
    supplier: 'syndic',
  },
  {
    key: 'ascenseur',
    code: '614',
    name: 'Contrat ascenseur',
    rep: 'ASC',
    type: 1,
    budget: 420_000,
    supplier: 'otis',
  },
  {
    key: 'chaudiere',
    code: '6141',
    name: 'Entretien chaudière',
    rep: 'CHA',
    type: 1,
    budget: 360_000,
    supplier: 'dalkia',
  },
  {
    key: 'gaz',
    code: '6013',
    name: 'Gaz chauffage collectif',
    rep: 'CHA',
    type: 1,
    budget: 1_850_000,
    supplier: 'engie',
  },
  {
    key: 'ravalement',
    code: '671',
    name: 'Travaux de ravalement de façade',
    rep: 'CG',
    type: 2,
    budget: 0,
    supplier: 'ravalement',
  },
  {
    key: 'alur',
    code: '105',
    name: 'Fonds de travaux (loi ALUR)',
    rep: 'CG',
    type: 3,
    budget: 0,
    supplier: 'none',
  },
];

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
