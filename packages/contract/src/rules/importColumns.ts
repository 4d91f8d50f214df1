/**
 * The columns of the spreadsheet a syndic already keeps (one row per lot, its co-owner beside it),
 * recognised by their French headers. Each tantièmes column is a key (clé de répartition).
 */
export const IMPORT_COLUMNS = [
  'lot_number',
  'lot_name',
  'lot_type',
  'floor',
  'owner_ref',
  'civility',
  'last_name',
  'first_name',
  'company',
  'email',
  'phone',
  'address',
  'tantiemes',
  'ignore',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_COLUMN_LABELS: Record<ImportColumn, string> = {
  lot_number: 'N° de lot',
  lot_name: 'Désignation du lot',
  lot_type: 'Type de lot',
  floor: 'Étage',
  owner_ref: 'Référence du copropriétaire',
  civility: 'Civilité',
  last_name: 'Nom',
  first_name: 'Prénom',
  company: 'Société (SCI…)',
  email: 'E-mail',
  phone: 'Téléphone',
  address: 'Adresse postale',
  tantiemes: 'Tantièmes (une clé)',
  ignore: 'Ne pas importer',
};

/** Lower case, no accent, words separated by one space. */
export function normaliseHeader(h: string): string {
  return h
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** First match wins: the more specific patterns (tantièmes, references) before the short ones. */
const PATTERNS: [RegExp, ImportColumn][] = [
  [/\b(tantiemes?|milliemes?|quote part|quotes parts|dix milliemes?)\b/, 'tantiemes'],
  [
    /\b(ref|reference|code|id|identifiant|compte)\b.*\b(copro|coproprietaire|proprietaire|client)/,
    'owner_ref',
  ],
  [/\b(copro|coproprietaire|proprietaire)\b.*\b(ref|reference|code|id|identifiant|compte)\b/, 'owner_ref'],
  [/\b(mail|email|e mail|courriel|adresse electronique)\b/, 'email'],
  [/\b(tel|telephone|portable|mobile|gsm)\b/, 'phone'],
  [/\b(civilite|titre)\b/, 'civility'],
  [/\b(prenom|prenoms)\b/, 'first_name'],
  [/\b(societe|raison sociale|sci|personne morale|denomination)\b/, 'company'],
  [/\b(etage|niveau)\b/, 'floor'],
  [/\btype\b|\bnature\b|\busage\b/, 'lot_type'],
  [/\b(designation|libelle|description)\b/, 'lot_name'],
  [/\b(adresse|domicile|adresse postale)\b/, 'address'],
  [
    /^(n|no|num|numero|n de lot|no de lot|numero de lot|lot|lots|lot n|lot no|numero du lot|n du lot)$/,
    'lot_number',
  ],
  [/\bnom\b|\bcoproprietaire\b|\bproprietaire\b/, 'last_name'],
];

/** The column a header most likely holds; 'ignore' when it says nothing we know. */
export function guessColumn(header: string): ImportColumn {
  const h = normaliseHeader(header);
  if (!h) return 'ignore';
  for (const [re, col] of PATTERNS) if (re.test(h)) return col;
  return 'ignore';
}

/**
 * The whole header row guessed: a column guessed twice keeps its first place and the others are
 * ignored, except the tantièmes columns (one per key).
 */
export function guessColumns(headers: string[]): ImportColumn[] {
  const seen = new Set<ImportColumn>();
  return headers.map((h) => {
    const c = guessColumn(h);
    if (c === 'tantiemes' || c === 'ignore') return c;
    if (seen.has(c)) return 'ignore';
    seen.add(c);
    return c;
  });
}

/** A key's name from its column's header: « Tantièmes ascenseur » → « Ascenseur »; bare → charges générales. */
export function keyNameOf(header: string): string {
  const rest = header
    .replace(/\b(tanti[eè]mes?|milli[eè]mes?|dix[- ]milli[eè]mes?|quotes?[- ]parts?)\b/gi, '')
    .replace(/^[\s:–—-]*(de |des |du |d')?/i, '')
    .replace(/[\s:–—-]+$/, '')
    .trim();
  if (!rest || /^(generales?|g[eé]n[eé]raux|cg)$/i.test(normaliseHeader(rest))) return 'Charges générales';
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A co-owner's civility as written in French spreadsheets; undefined when not recognised. */
export function civilityOf(v: string): 'mr' | 'mrs' | 'mr_and_mrs' | 'mr_or_mrs' | null | undefined {
  const s = normaliseHeader(v);
  if (!s) return null;
  if (/^(m|mr|monsieur)$/.test(s)) return 'mr';
  if (/^(mme|madame|mlle|mademoiselle)$/.test(s)) return 'mrs';
  if (/^(m et mme|mr et mme|monsieur et madame|mme et m)$/.test(s)) return 'mr_and_mrs';
  if (/^(m ou mme|mr ou mme|monsieur ou madame)$/.test(s)) return 'mr_or_mrs';
  return undefined;
}
