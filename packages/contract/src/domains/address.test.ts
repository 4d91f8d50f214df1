import { describe, expect, it } from 'vitest';
import { banFeatureToAddress } from './address.js';

describe('Base Adresse Nationale feature → SPEC §3 Address', () => {
  it('maps label, number, street, zip, city, coordinates', () => {
    expect(
      banFeatureToAddress({
        geometry: { type: 'Point', coordinates: [4.8357, 45.764] },
        properties: {
          label: '12 Rue des Tilleuls 69003 Lyon',
          housenumber: '12',
          street: 'Rue des Tilleuls',
          postcode: '69003',
          city: 'Lyon',
        },
      }),
    ).toEqual({
      full_address: '12 Rue des Tilleuls 69003 Lyon',
      number: '12',
      street: 'Rue des Tilleuls',
      city: 'Lyon',
      country: 'FR',
      zip_code: '69003',
      latitude: 45.764,
      longitude: 4.8357,
    });
  });
  it.each([
    ['no geometry', { properties: { label: 'x' } }],
    ['empty coordinates', { geometry: { coordinates: [] }, properties: { label: 'x' } }],
    ['text coordinates', { geometry: { coordinates: ['4', '45'] }, properties: { label: 'x' } }],
    ['no label', { geometry: { coordinates: [4, 45] }, properties: {} }],
  ])('refuses a place with %s', (_n, f) => {
    expect(banFeatureToAddress(f)).toBeNull();
  });
});
