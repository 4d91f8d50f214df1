import type { SyndicDocumentBody } from '@tantieme/contract';
import type { Executor } from '../../../db/client.js';
import { storedOf } from '../../files/syndic/stored-files.js';
import { externalIdsOf, RES, type SyndicApiContext } from '../../syndic-api/kit/index.js';
import * as repo from '../documents.repo.js';

/** A document as the syndic API shows it: where it is filed, by the syndic's external_ids. */
export type DocData = SyndicDocumentBody;
export type DocRow = Awaited<ReturnType<typeof repo.documentsByIds>>[number];

export async function loadDocuments(db: Executor, api: SyndicApiContext, ids: string[]) {
  const rows = await repo.documentsByIds(db, ids);
  const [owners, groups, copros] = await Promise.all([
    externalIdsOf(
      db,
      api.syndicId,
      RES.coproprietaire,
      rows.flatMap((r) => (r.doc.coproprietaire_id ? [r.doc.coproprietaire_id] : [])),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      RES.group,
      rows.flatMap((r) => (r.doc.group_id ? [r.doc.group_id] : [])),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      RES.copropriete,
      rows.flatMap((r) => (r.group_copro ? [r.group_copro] : [])),
    ),
  ]);
  const out = new Map<string, DocData>();
  for (const r of rows) {
    const common = {
      name: r.doc.name,
      date: r.doc.date,
      amount_cents: r.doc.amount_cents,
      amount_type: r.doc.amount_type as DocData['amount_type'],
      file: storedOf({ ...r, name: r.file_name }),
    };
    const d = r.doc;
    let v: DocData;
    if (d.coproprietaire_id)
      v = {
        place: 'coproprietaire',
        coproprietaire: owners.get(d.coproprietaire_id) ?? '',
        type: d.type_code ?? '',
        ...common,
      };
    else if (r.group_kind === 'BANK_STATEMENT')
      v = {
        place: 'bank_statement',
        copropriete: copros.get(r.group_copro ?? '') ?? '',
        year: d.year ?? 0,
        month: d.month ?? 0,
        ...common,
      };
    else if (r.group_kind === 'AG')
      v = {
        place: 'ag',
        copropriete: copros.get(r.group_copro ?? '') ?? '',
        year: d.year ?? 0,
        ag_kind: d.ag_kind === 'quote' ? 'quote' : 'record',
        ...common,
      };
    else v = { place: 'group', group: groups.get(d.group_id ?? '') ?? '', ...common };
    out.set(d.id, v);
  }
  return out;
}
