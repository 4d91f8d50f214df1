/**
 * How a search for documents reads what the co-owner typed, shared by the server (the query) and
 * the web (the highlighted words). Accents are folded the way migration 0029 folds the stored
 * words, character for character, so 'proces' finds 'Procès-verbal' and a highlight keeps the
 * positions of the original text. Decision 123.
 */
const FROM = 'àâäáãéèêëíìîïóòôöõúùûüýÿçñœæ';
const TO = 'aaaaaeeeeiiiiooooouuuuyycnoa';

/** Lower case, accents folded; one character for one (what `translate()` does in SQL). */
export function foldAccents(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase()) {
    const k = FROM.indexOf(ch);
    out += k < 0 ? ch : TO[k];
  }
  return out;
}

/** At most this many words of a query are searched. */
export const MAX_SEARCH_TERMS = 8;

/**
 * The words of a query, folded, in order, without repeats: letters and digits only, a lone letter
 * left out (the d of « d'AG » finds everything).
 */
export function searchTerms(q: string): string[] {
  const words = foldAccents(q.normalize('NFC'))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 || /\d/.test(w));
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/**
 * The text cut into parts, `hit` where a part starts with one of the terms (a word's beginning,
 * as the search matches by prefix): what the web marks.
 */
export function highlightParts(text: string, terms: string[]): { text: string; hit: boolean }[] {
  if (!terms.length || !text) return text ? [{ text, hit: false }] : [];
  const folded = foldAccents(text);
  const parts: { text: string; hit: boolean }[] = [];
  let plain = 0;
  let i = 0;
  while (i < text.length) {
    const atWord = i === 0 || !/[\p{L}\p{N}]/u.test(folded[i - 1]);
    const term = atWord
      ? terms.filter((t) => folded.startsWith(t, i)).sort((a, b) => b.length - a.length)[0]
      : undefined;
    if (!term) {
      i++;
      continue;
    }
    if (i > plain) parts.push({ text: text.slice(plain, i), hit: false });
    parts.push({ text: text.slice(i, i + term.length), hit: true });
    i += term.length;
    plain = i;
  }
  if (plain < text.length) parts.push({ text: text.slice(plain), hit: false });
  return parts;
}

/**
 * About `width` characters of `text` around the first term found, on word boundaries, with '…'
 * where it was cut; null when no term occurs (the document matched by its name or type).
 */
export function snippetAround(text: string, terms: string[], width = 160): string | null {
  const folded = foldAccents(text);
  const at = terms
    .map((t) =>
      folded.search(new RegExp(`(^|[^\\p{L}\\p{N}])${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u')),
    )
    .filter((k) => k >= 0)
    .sort((a, b) => a - b)[0];
  if (at === undefined) return null;
  let start = Math.max(0, at - Math.floor(width / 3));
  let end = Math.min(text.length, start + width);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  const cut = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${cut}${end < text.length ? '…' : ''}`;
}
