import { type ImportDocument, normaliseHeader, type SheetError, type SheetPreview } from '@tantieme/contract';

/** What the building already holds, by what a spreadsheet names it with (import.state.ts). */
export interface BuildingState {
  copro: string;
  /** lot number → its external id and fields. */
  lots: Map<string, { ext: string; name: string; type_name: string; floor: string | null }>;
  /** normalised key name or code → the key (its external id, current resource). */
  keys: Map<
    string,
    { ext: string; current: Record<string, unknown> & { tantiemes: { lot: string; tantieme: number }[] } }
  >;
  /** e-mail or normalised name → a co-owner's external id (records removed or anonymised left out). */
  owners: Map<string, string>;
  /** external id → the co-owner's current resource (read only for those the file names). */
  ownerResource: (ext: string) => Promise<Record<string, unknown>>;
}

/** Where each item of the document came from, to name an error's row and column. */
export interface Plan {
  doc: ImportDocument;
  errors: SheetError[];
  lotRows: number[];
  ownerRows: number[];
  keyOrigins: { column: string; totalRow: number | null; entryRows: (number | null)[] }[];
  summary: SheetPreview['summary'];
}

/** How a spreadsheet's co-owner is recognised: by e-mail, else by normalised name. */
export const nameKey = (s: string) => `name:${normaliseHeader(s)}`;
export const mailKey = (s: string) => `mail:${s.trim().toLowerCase()}`;
