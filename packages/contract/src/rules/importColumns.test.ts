import { describe, expect, it } from 'vitest';
import { civilityOf, guessColumn, guessColumns, type ImportColumn, keyNameOf } from './importColumns.js';

describe("a syndic's spreadsheet headers, guessed", () => {
  it.each<[string, ImportColumn]>([
    ['N° de lot', 'lot_number'],
    ['Lot', 'lot_number'],
    ['Numéro du lot', 'lot_number'],
    ['Désignation', 'lot_name'],
    ['Type de lot', 'lot_type'],
    ['Nature', 'lot_type'],
    ['Étage', 'floor'],
    ['Réf. copropriétaire', 'owner_ref'],
    ['Code copropriétaire', 'owner_ref'],
    ['Civilité', 'civility'],
    ['Nom', 'last_name'],
    ['Nom du copropriétaire', 'last_name'],
    ['Prénom', 'first_name'],
    ['Société / SCI', 'company'],
    ['Raison sociale', 'company'],
    ['E-mail', 'email'],
    ['Courriel', 'email'],
    ['Téléphone portable', 'phone'],
    ['Adresse postale', 'address'],
    ['Tantièmes charges générales', 'tantiemes'],
    ['Millièmes ascenseur', 'tantiemes'],
    ['Observations', 'ignore'],
    ['', 'ignore'],
  ])('« %s » → %s', (header, column) => {
    expect(guessColumn(header)).toBe(column);
  });

  it('keeps the first of two columns of one kind, every tantièmes column', () => {
    expect(guessColumns(['Lot', 'Nom', 'Nom', 'Tantièmes', 'Tantièmes ascenseur'])).toEqual([
      'lot_number',
      'last_name',
      'ignore',
      'tantiemes',
      'tantiemes',
    ]);
  });

  it.each([
    ['Tantièmes', 'Charges générales'],
    ['Tantièmes généraux', 'Charges générales'],
    ['Tantièmes ascenseur', 'Ascenseur'],
    ['Millièmes - chauffage', 'Chauffage'],
    ['Quote-part bâtiment B', 'Bâtiment B'],
  ])('the key of « %s » is « %s »', (header, name) => {
    expect(keyNameOf(header)).toBe(name);
  });

  it.each([
    ['M.', 'mr'],
    ['Monsieur', 'mr'],
    ['Mme', 'mrs'],
    ['M. et Mme', 'mr_and_mrs'],
    ['M. ou Mme', 'mr_or_mrs'],
    ['', null],
    ['Maître', undefined],
  ])('civility « %s » → %s', (v, c) => {
    expect(civilityOf(v)).toBe(c);
  });
});
