import type { OwnerDef } from './copro.js';
import { LATER_OWNERS } from './tilleuls.owners.later.js';

/** The co-owners of Les Tilleuls in the register's order: Claire (the demo's account) to the SCI, then the rest. */
export const OWNERS: OwnerDef[] = [
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
  ...LATER_OWNERS,
];
