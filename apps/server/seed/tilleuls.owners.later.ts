import type { OwnerDef } from './copro.js';

/** The register's second half: M. Leroy to Mme Blanc, who owns a parking space only. */
export const LATER_OWNERS: OwnerDef[] = [
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
