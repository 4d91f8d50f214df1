import {
  canSeeBankStatements,
  canSeeCoproDocuments,
  canSeeCouncilDocuments,
  canSeeSyndicDocuments,
  DOCUMENT_SEARCH_LIMIT,
  type DocumentSearch,
  searchTerms,
  snippetAround,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { extractPdfText } from '../../platform/pdf-text.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { isImageOriginalKey } from '../../platform/image-keys.js';
import { type ZipEntry, zipNames, zipSize, zipStream } from '../../platform/zip-stream.js';
import { type OwnedRecord, scopeOf } from '../access/access.service.js';
import { presentDocument } from './documents.service.js';
import * as repo from './search.repo.js';

/** What the record may see, by the same §6 rules as its documents pages. */
export function visibilityOf(owner: OwnedRecord): repo.Visibility {
  const scope = scopeOf(owner);
  return {
    recordId: owner.coproprietaire.id,
    coproprieteId: owner.copropriete.id,
    syndicId: owner.copropriete.syndic_id,
    copro: canSeeCoproDocuments(scope),
    bank: canSeeBankStatements(scope),
    syndic: canSeeSyndicDocuments(scope),
    council: canSeeCouncilDocuments(scope),
  };
}

export async function searchDocuments(
  db: Db,
  storage: StorageAdapter,
  owner: OwnedRecord,
  query: { q?: string; year?: number; type?: string },
): Promise<DocumentSearch> {
  const v = visibilityOf(owner);
  const terms = searchTerms(query.q ?? '');
  const [rows, facets] = await Promise.all([
    repo.search(db, v, { terms, year: query.year, type: query.type, limit: DOCUMENT_SEARCH_LIMIT + 1 }),
    repo.facets(db, v),
  ]);
  const page = rows.slice(0, DOCUMENT_SEARCH_LIMIT);
  return {
    results: await Promise.all(
      page.map(async (r) => ({
        document: await presentDocument(storage, r),
        type_key: r.type_key,
        type_label: r.type_label,
        snippet: terms.length && r.content_text ? snippetAround(r.content_text, terms) : null,
      })),
    ),
    more: rows.length > DOCUMENT_SEARCH_LIMIT,
    terms,
    years: facets
      .filter((f) => f.facet === 'year')
      .map((f) => Number(f.key))
      .sort((a, b) => b - a),
    types: facets
      .filter((f) => f.facet === 'type')
      .map((f) => ({ key: f.key, label: f.label ?? '' }))
      .sort((a, b) => a.label.localeCompare(b.label, 'fr')),
  };
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
};

const fileName = (name: string, contentType: string) => {
  const ext = EXTENSIONS[contentType] ?? '';
  return ext && !name.toLowerCase().endsWith(ext) ? `${name}${ext}` : name;
};

/**
 * The chosen documents as one archive, written as it is sent, each entry dated with its document. Every id must be one the record
 * may see, else 404 as for a single document: the archive never holds another's file.
 */
export async function zipDocuments(db: Db, storage: StorageAdapter, owner: OwnedRecord, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.visibleByIds(db, visibilityOf(owner), unique);
  if (found.length !== unique.length) throw new AppError('NOT_FOUND');
  // The same file chosen twice (the record's copy and the building's) is one entry.
  const rows = [...new Map(found.map((r) => [r.file_id, r])).values()];
  const names = zipNames(rows.map((r) => fileName(r.name, r.content_type)));
  // An image's row names the bytes sent (decision 176); the stored original is those bytes cleaned.
  const sizes = await Promise.all(
    rows.map(async (r) => (isImageOriginalKey(r.storage_key) ? await storage.size(r.storage_key) : null)),
  );
  const entries: ZipEntry[] = rows.map((r, i) => ({
    name: names[i],
    size: sizes[i] ?? r.size,
    read: () => storage.get(r.storage_key),
    date: r.date ? new Date(`${String(r.date).slice(0, 10)}T12:00:00Z`) : undefined,
  }));
  return { size: zipSize(entries), stream: zipStream(entries) };
}

/**
 * Reads the text of documents stored before it was read at upload (the demo's, an older
 * database's), a batch at a time; a file that cannot be read gets '' and is not tried again.
 */
export async function fillDocumentTexts(db: Db, storage: StorageAdapter, batch = 100) {
  let done = 0;
  for (;;) {
    const rows = await repo.unreadTexts(db, batch);
    if (!rows.length) return done;
    for (const r of rows) {
      let text = '';
      if (r.content_type === 'application/pdf') {
        try {
          text = extractPdfText(await storage.get(r.storage_key));
        } catch {
          text = '';
        }
      }
      await repo.setText(db, r.id, text);
      done++;
    }
  }
}
