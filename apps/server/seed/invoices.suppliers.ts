import { isoOf } from './clock.js';
import type { SupplierKey } from './finances.js';
import { quarterLabel } from './format.js';

/** The demo's suppliers, their invoices' dates through a year and what each invoice says. */

export interface Supplier {
  name: string;
  short: string;
  lines: string[];
  vat: number;
  prefix: string;
  legal: string;
}

export const SUPPLIERS: Record<string, Supplier> = {
  veolia: {
    name: 'Veolia Eau – Eau du Grand Lyon',
    short: 'VEOLIA',
    lines: ['Service clients professionnels – TSA 40111', '69161 Lyon Cedex 07'],
    vat: 0.055,
    prefix: 'EGL',
    legal:
      "Veolia Eau – Compagnie Générale des Eaux – délégataire du service public de l'eau de la Métropole de Lyon",
  },
  edf: {
    name: 'EDF Entreprises',
    short: 'EDF',
    lines: ['Direction Commerce Auvergne-Rhône-Alpes', 'TSA 21941 – 69401 Lyon Cedex 03'],
    vat: 0.2,
    prefix: '10',
    legal: 'EDF SA au capital de 2 084 365 041 € – 552 081 317 RCS Paris',
  },
  nettoyage: {
    name: 'Nettoyage Rhône Services',
    short: 'NRS',
    lines: ['17 rue Paul Bert – 69003 Lyon', 'Tél. 04 78 95 12 40 – contact@nettoyage-rhone-services.fr'],
    vat: 0.2,
    prefix: 'NRS',
    legal: 'SARL au capital de 15 000 € – RCS Lyon 512 874 963 – TVA FR21 512874963',
  },
  otis: {
    name: 'Otis – Agence Lyon Est',
    short: 'OTIS',
    lines: ['41 avenue Franklin Roosevelt – 69500 Bron', 'Service maintenance : 04 72 15 40 00'],
    vat: 0.1,
    prefix: 'OT',
    legal: 'Otis SCA – RCS Nanterre 542 107 800 – TVA FR77 542107800',
  },
  dalkia: {
    name: 'Dalkia – Centre-Est',
    short: 'DALKIA',
    lines: ['Agence Lyon Métropole – 12 rue Jean Bart', '69100 Villeurbanne'],
    vat: 0.1,
    prefix: 'DK',
    legal: 'Dalkia SA – RCS Lille Métropole 456 500 537',
  },
  engie: {
    name: 'Engie – Gaz naturel',
    short: 'ENGIE',
    lines: ['Service clients Copropriétés', 'TSA 80223 – 69914 Lyon Cedex 20'],
    vat: 0.2,
    prefix: 'GN',
    legal: 'ENGIE SA au capital de 2 435 285 011 € – RCS Nanterre 542 107 651',
  },
  assurance: {
    name: "Mutuelle Rhodanienne d'Assurances",
    short: 'MRA',
    lines: ['Agence Lyon Part-Dieu – 96 boulevard Vivier-Merle', '69003 Lyon'],
    vat: 0,
    prefix: 'MRA',
    legal: 'Entreprise régie par le Code des assurances – opération exonérée de TVA (article 261 C du CGI)',
  },
  ravalement: {
    name: 'Façades Lyonnaises SAS',
    short: 'FACLYO',
    lines: ["5 rue de l'Industrie – 69200 Vénissieux", 'Tél. 04 78 70 55 31 – Qualibat 2111'],
    vat: 0.1,
    prefix: 'FL',
    legal: 'SAS au capital de 120 000 € – RCS Lyon 433 218 905 – assurance décennale n° DEC-558120',
  },
  architecte: {
    name: 'Atelier Dumas Architecte',
    short: 'DUMAS',
    lines: ['22 rue Auguste Comte – 69002 Lyon', "Inscrit à l'Ordre des architectes Auvergne-Rhône-Alpes"],
    vat: 0.2,
    prefix: 'AD',
    legal: 'EURL au capital de 8 000 € – RCS Lyon 824 113 650',
  },
  jardin: {
    name: 'Jardins de la Riviera',
    short: 'JARDRIV',
    lines: ['62 route de Turin – 06300 Nice'],
    vat: 0.2,
    prefix: 'JR',
    legal: 'SARL – RCS Nice 519 330 287',
  },
};

export const ADHOC: { supplier: Supplier; text: string }[] = [
  {
    supplier: {
      name: 'Plomberie Saint-Louis',
      short: 'PLOMBSL',
      lines: ['48 rue Saint-Louis – 69003 Lyon', 'Tél. 04 78 62 90 17'],
      vat: 0.1,
      prefix: 'PSL',
      legal: 'EURL au capital de 5 000 € – RCS Lyon 789 004 112',
    },
    text: "Recherche de fuite et remplacement d'une vanne d'arrêt en sous-sol",
  },
  {
    supplier: {
      name: 'Serrurerie de la Guillotière',
      short: 'SERRGUI',
      lines: ['9 grande rue de la Guillotière – 69007 Lyon'],
      vat: 0.1,
      prefix: 'SG',
      legal: 'SARL – RCS Lyon 530 777 214',
    },
    text: 'Remplacement du cylindre de la porte du hall B et fourniture de 40 clés sécurisées',
  },
  {
    supplier: {
      name: 'Élec Services Lyon',
      short: 'ELECSL',
      lines: ['3 rue Villon – 69008 Lyon'],
      vat: 0.1,
      prefix: 'ESL',
      legal: 'SAS – RCS Lyon 801 552 463',
    },
    text: 'Remplacement de 8 hublots LED à détection dans les escaliers A et B',
  },
  {
    supplier: {
      name: 'Vitrerie du Rhône',
      short: 'VITRHO',
      lines: ['112 avenue Félix Faure – 69003 Lyon'],
      vat: 0.1,
      prefix: 'VR',
      legal: 'SARL – RCS Lyon 447 902 318',
    },
    text: "Remplacement d'un vitrage feuilleté de la porte d'entrée du bâtiment A",
  },
];

/** Invoice dates of a year for a supplier, with the period each covers. */
export function schedule(key: SupplierKey, y: number): { date: string; period: string; weight: number }[] {
  const q = (w: number[]) =>
    [isoOf(y, 3, 28), isoOf(y, 6, 27), isoOf(y, 9, 26), isoOf(y, 12, 19)].map((date, i) => ({
      date,
      period: `${quarterLabel(i + 1)} ${y}`,
      weight: w[i],
    }));
  switch (key) {
    case 'veolia':
      return [
        { date: isoOf(y, 6, 24), period: `1er semestre ${y}`, weight: 0.52 },
        { date: isoOf(y, 12, 16), period: `2e semestre ${y}`, weight: 0.48 },
      ];
    case 'dalkia':
      return [
        { date: isoOf(y, 4, 18), period: `saison de chauffe ${y - 1}-${y} (solde)`, weight: 0.5 },
        { date: isoOf(y, 10, 21), period: `saison de chauffe ${y}-${y + 1} (1er acompte)`, weight: 0.5 },
      ];
    case 'assurance':
      return [{ date: isoOf(y, 1, 15), period: `année ${y}`, weight: 1 }];
    case 'engie':
      return q([0.38, 0.14, 0.06, 0.42]);
    case 'adhoc':
      return [
        { date: isoOf(y, 2, 17), period: '', weight: 0.22 },
        { date: isoOf(y, 5, 12), period: '', weight: 0.31 },
        { date: isoOf(y, 9, 8), period: '', weight: 0.19 },
        { date: isoOf(y, 11, 16), period: '', weight: 0.28 },
      ];
    case 'none':
    case 'ravalement':
      return [];
    default:
      return q([1, 1, 1, 1]);
  }
}

export function designation(key: SupplierKey, period: string): string {
  switch (key) {
    case 'veolia':
      return `Consommation d'eau froide – compteur général n° 12T0456789 – ${period}`;
    case 'edf':
      return `Électricité des parties communes – PDL 21 4587 1236 5478 – ${period}`;
    case 'nettoyage':
      return `Entretien des parties communes (2 passages par semaine) et sortie des conteneurs – ${period}`;
    case 'otis':
      return `Contrat de maintenance des ascenseurs n° 69L1042 et 69L1043 – ${period}`;
    case 'dalkia':
      return `Contrat P2 – entretien et conduite de la chaufferie collective – ${period}`;
    case 'engie':
      return `Fourniture de gaz naturel – chaufferie collective – PCE 19 4502 8821 3345 – ${period}`;
    case 'assurance':
      return `Prime multirisque immeuble – contrat n° MRI 2019 08 4471 – ${period}`;
    case 'syndic':
      return `Honoraires de gestion courante (contrat de syndic) – ${period}`;
    case 'jardin':
      return `Entretien des espaces verts et taille des haies – ${period}`;
    default:
      return period;
  }
}
