import { documentTypes } from '../src/db/schema/index.js';
import type { SeedContext } from './context.js';
import { documentTypeRow } from './builders/documents.js';

export const DOCUMENT_TYPES: [string, string][] = [
  ['APPEL_FONDS', 'Appels de fonds'],
  ['RELEVE_COMPTE', 'Relevés de compte'],
  ['DECOMPTE_CHARGES', 'Décomptes de charges'],
  ['CONVOCATION_AG', 'Convocations AG'],
  ['PV_AG', 'Procès-verbaux AG'],
  ['AUTRE', 'Autres'],
];

export function seedDocumentTypes(ctx: SeedContext) {
  ctx.rows.add(
    documentTypes,
    ...DOCUMENT_TYPES.map(([code, name], i) => documentTypeRow({ code, name, sort: i + 1 })),
  );
}

/** ascii slug for storage keys */
export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
