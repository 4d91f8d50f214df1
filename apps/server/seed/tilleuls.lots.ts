import type { LotDef } from './copro.js';

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

export function tilleulsLots(): LotDef[] {
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
