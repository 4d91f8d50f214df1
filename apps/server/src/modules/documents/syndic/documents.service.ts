import {
  canSeeBankStatements,
  canSeeCoproDocuments,
  canSeeInvoices,
  canSeePostals,
  canSeeSyndicDocuments,
  communicationTypeLabel,
  externalIdParams,
  MONTHS_FR,
  type ScopedRecord,
  type SyndicCommunicationBody,
  type SyndicDocumentBody,
  type SyndicDocumentGroupBody,
  type SyndicInvoiceBody,
  type SyndicStoredFile,
  syndicDocumentItem,
} from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import type { RecipientInfoJson } from '../../../db/schema/communications.js';
import { AppError } from '../../../http/errors.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { sha256OfKey } from '../../files/files.service.js';
import {
  type NotificationInput,
  type NotifyDeps,
  type Staged,
  stageNotification,
} from '../../notifications/notify.js';
import {
  type BulkItem,
  canonical,
  diff,
  type Executor,
  externalIdsOf,
  externalResource,
  addFieldError,
  type ItemErrors,
  forgetExternalId,
  requireExternalId,
  resolveExternalIds,
  type SyndicApiContext,
  type Tx,
  type UpsertSpec,
  writeAudit,
} from '../../syndic-api/kit/index.js';
import * as repo from './documents.repo.js';
import { RES } from './documents.repo.js';
import {
  deleteFileRows,
  normaliseFile,
  putObject,
  type StagedFiles,
  storedOf,
  textOf,
  type Uploads,
  writeFile,
} from '../../files/syndic/stored-files.js';

type Errors = ItemErrors;
const add = addFieldError;
/** No bulk for these resources (files travel in the body): the item schema only names the id. */
const NO_BULK = externalIdParams;
const byCanonical = <T>(a: T, b: T) =>
  canonical(a) < canonical(b) ? -1 : canonical(a) > canonical(b) ? 1 : 0;

/** The syndic's ids of the same resource already stored (external_id → id). */
const existingOf = <T>(tx: Executor, api: SyndicApiContext, resource: string, items: BulkItem<T>[]) =>
  resolveExternalIds(
    tx,
    api.syndicId,
    resource,
    items.map((i) => i.externalId),
  );

/** Unknown reference → a message on its field (another syndic's external_id is unknown here). */
async function refs(tx: Executor, api: SyndicApiContext, resource: string, exts: string[]) {
  return resolveExternalIds(tx, api.syndicId, resource, exts);
}
const must = async (tx: Executor, api: SyndicApiContext, resource: string, ext: string) => {
  const id = (await refs(tx, api, resource, [ext])).get(ext);
  if (!id) throw new Error(`${resource} ${ext} vanished after check`);
  return id;
};

// ── notifications (decision 57) ─────────────────────────────────────────────────

/**
 * What a creation tells co-owners, staged in the write's transaction (notify.ts) and emitted once
 * the PUT committed. One `Notices` per request: the routes build a resource per request.
 */
class Notices {
  private staged: Staged[] = [];
  constructor(private readonly deps: NotifyDeps | undefined) {}

  /** Records of `where` the §6 rule lets see it; nobody when no deps (the import's dry paths). */
  async stage(
    tx: Tx,
    api: SyndicApiContext,
    who:
      | string[]
      | { where: { coproprieteId: string } | { syndicId: string }; rule: (r: ScopedRecord) => boolean },
    input: Omit<NotificationInput, 'sender'>,
  ) {
    if (!this.deps) return;
    const ids = Array.isArray(who)
      ? who
      : (await repo.recordsWithScope(tx, who.where)).filter((r) => who.rule(r)).map((r) => r.id);
    if (ids.length === 0) return;
    const sender = {
      id: api.syndicId,
      name: (await repo.syndicName(tx, api.syndicId)) ?? api.syndicAlias,
      avatar: null,
      type: 'syndic',
    };
    this.staged.push(
      await stageNotification(tx, this.deps, { coproprietaireIds: ids }, { ...input, sender }),
    );
  }

  /** After COMMIT: a realtime failure must not fail what is stored (clients re-fetch). */
  async emit() {
    const all = this.staged;
    this.staged = [];
    for (const s of all) await s.afterCommit().catch(() => {});
  }

  reset() {
    this.staged = [];
  }
}

/**
 * PUT and bulk with the notices of what they created, emitted after the commit; a rolled-back
 * write (or a dry run) emits nothing.
 */
function withNotices<
  R extends {
    put: (...a: never[]) => Promise<unknown>;
    bulk: (...a: never[]) => Promise<{ dry_run: boolean }>;
  },
>(resource: R, notices: Notices): R {
  return {
    ...resource,
    put: async (...args: Parameters<R['put']>) => {
      notices.reset();
      const out = await resource.put(...args);
      await notices.emit();
      return out;
    },
    bulk: async (...args: Parameters<R['bulk']>) => {
      notices.reset();
      const out = await resource.bulk(...args);
      if (out.dry_run) notices.reset();
      else await notices.emit();
      return out;
    },
  };
}

const frDay = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

// ── document groups ─────────────────────────────────────────────────────────────

type GroupData = SyndicDocumentGroupBody;

async function loadGroups(db: Executor, api: SyndicApiContext, ids: string[]) {
  const rows = await repo.groupsByIds(db, api.syndicId, ids);
  const copros = await externalIdsOf(
    db,
    api.syndicId,
    RES.copropriete,
    rows.flatMap((r) => (r.copropriete_id ? [r.copropriete_id] : [])),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        scope: r.scope as GroupData['scope'],
        copropriete: r.copropriete_id ? (copros.get(r.copropriete_id) ?? null) : null,
        name: r.name,
        number: r.number,
        approve_date: r.approve_date,
        sort: r.sort,
      } satisfies GroupData,
    ]),
  );
}

async function groupRow(tx: Tx, api: SyndicApiContext, d: GroupData) {
  return {
    scope: d.scope,
    copropriete_id: d.copropriete ? await must(tx, api, RES.copropriete, d.copropriete) : null,
    syndic_id: api.syndicId,
    name: d.name,
    kind: 'default',
    number: d.number,
    approve_date: d.approve_date,
    sort: d.sort,
  };
}

export const documentGroupsResource = externalResource({
  item: NO_BULK,
  spec: (api): UpsertSpec<GroupData> => ({
    resource: RES.group,
    load: (db, ids) => loadGroups(db, api, ids),
    insert: async (tx, rows) => {
      for (const r of rows) await repo.insertGroup(tx, { id: r.id, ...(await groupRow(tx, api, r.data)) });
    },
    update: async (tx, id, data) => repo.updateGroup(tx, id, await groupRow(tx, api, data)),
  }),
  check: async (tx, api, items: BulkItem<GroupData>[]) => {
    const errors: Errors = new Map();
    const copros = await refs(
      tx,
      api,
      RES.copropriete,
      items.flatMap((i) => (i.data.copropriete ? [i.data.copropriete] : [])),
    );
    const existing = await existingOf(tx, api, RES.group, items);
    const before = await loadGroups(tx, api, [...existing.values()]);
    for (const { index, externalId, data } of items) {
      if (data.copropriete && !copros.has(data.copropriete))
        add(errors, index, 'copropriete', `Copropriété inconnue : ${data.copropriete}`);
      const prev = before.get(existing.get(externalId) ?? '');
      if (prev && (prev.scope !== data.scope || prev.copropriete !== data.copropriete))
        add(errors, index, 'copropriete', "La copropriété d'un groupe existant ne change pas.");
    }
    return errors;
  },
});

// ── documents ───────────────────────────────────────────────────────────────────

type DocData = SyndicDocumentBody;
type DocRow = Awaited<ReturnType<typeof repo.documentsByIds>>[number];

async function loadDocuments(db: Executor, api: SyndicApiContext, ids: string[]) {
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

async function writeDocument(
  tx: Tx,
  api: SyndicApiContext,
  storage: StorageAdapter,
  uploads: Uploads,
  id: string,
  d: DocData,
  current: DocRow | null,
) {
  const fileId = await writeFile(
    tx,
    storage,
    uploads,
    `syndic/${api.syndicId}/documents/${id}`,
    d.file as SyndicStoredFile,
    current ? { id: current.doc.file_id, storage_key: current.storage_key, name: current.file_name } : null,
  );
  const place = {
    coproprietaire_id: null as string | null,
    type_code: null as string | null,
    group_id: null as string | null,
    year: null as number | null,
    month: null as number | null,
    ag_kind: null as string | null,
  };
  if (d.place === 'coproprietaire') {
    place.coproprietaire_id = await must(tx, api, RES.coproprietaire, d.coproprietaire);
    place.type_code = d.type;
  } else if (d.place === 'group') place.group_id = await must(tx, api, RES.group, d.group);
  else {
    const copro = await must(tx, api, RES.copropriete, d.copropriete);
    place.group_id = await repo.ensureKindGroup(
      tx,
      api.syndicId,
      copro,
      d.place === 'ag' ? 'AG' : 'BANK_STATEMENT',
    );
    place.year = d.year;
    if (d.place === 'ag') place.ag_kind = d.ag_kind;
    else place.month = d.month;
  }
  const row = {
    ...place,
    file_id: fileId,
    name: d.name,
    amount_cents: d.amount_cents,
    amount_type: d.amount_type,
    date: d.date,
    // Read once, when the bytes arrive (decision 123); the same file kept keeps its text.
    ...(current?.doc.file_id === fileId ? {} : { content_text: textOf(d.file as SyndicStoredFile, uploads) }),
  };
  if (current) {
    await repo.updateDocument(tx, id, row);
    if (current.doc.file_id !== fileId) await deleteFileRows(tx, [current.doc.file_id]);
  } else await repo.insertDocument(tx, { id, ...row });
  return place;
}

/** A new document: its record, or the building's (the syndic's) records the §6 scope lets see it. */
async function stageDocumentNotice(
  tx: Tx,
  api: SyndicApiContext,
  notices: Notices,
  d: DocData,
  place: Awaited<ReturnType<typeof writeDocument>>,
) {
  const title = `Nouveau document : ${d.name}`;
  const base = { title, type: 'DOCUMENT' };
  if (d.place === 'coproprietaire' && place.coproprietaire_id)
    return notices.stage(tx, api, [place.coproprietaire_id], {
      ...base,
      body: 'Il est disponible dans « Mes documents ».',
      url: '/{id}/document/fonctionnement',
    });
  const [group] = place.group_id ? await repo.groupsByIds(tx, api.syndicId, [place.group_id]) : [];
  if (!group) return;
  const copro = group.copropriete_id;
  if (!copro)
    return notices.stage(
      tx,
      api,
      { where: { syndicId: api.syndicId }, rule: canSeeSyndicDocuments },
      {
        ...base,
        body: `Classé dans « ${group.name} », parmi les documents du syndic.`,
        url: '/{id}/document/syndic',
      },
    );
  const url = '/{id}/document/copropriete';
  if (d.place === 'bank_statement')
    return notices.stage(
      tx,
      api,
      { where: { coproprieteId: copro }, rule: canSeeBankStatements },
      {
        ...base,
        body: `Relevé bancaire de ${MONTHS_FR[d.month - 1]?.toLowerCase() ?? ''} ${d.year}, dans les documents de la copropriété.`,
        url,
      },
    );
  return notices.stage(
    tx,
    api,
    { where: { coproprieteId: copro }, rule: canSeeCoproDocuments },
    {
      ...base,
      body:
        d.place === 'ag'
          ? `Assemblée générale ${d.year}, dans les documents de la copropriété.`
          : `Classé dans « ${group.name} », parmi les documents de la copropriété.`,
      url,
    },
  );
}

/** `notify` absent: nobody is told (a caller with no realtime, e.g. a script). */
export function documentsResource(storage: StorageAdapter, notify?: NotifyDeps, staged?: StagedFiles) {
  const uploads: Uploads = new Map();
  const notices = new Notices(notify);
  const resource = externalResource({
    item: syndicDocumentItem,
    spec: (api): UpsertSpec<DocData> => ({
      resource: RES.document,
      load: (db, ids) => loadDocuments(db, api, ids),
      // Only a creation tells co-owners: a replay is `unchanged` and an update is a correction
      // of a document already announced (decision 57).
      insert: async (tx, rows) => {
        for (const r of rows) {
          const place = await writeDocument(tx, api, storage, uploads, r.id, r.data, null);
          await stageDocumentNotice(tx, api, notices, r.data, place);
        }
      },
      update: async (tx, id, data) => {
        const [current] = await repo.documentsByIds(tx, [id]);
        await writeDocument(tx, api, storage, uploads, id, data, current);
      },
    }),
    check: async (tx, api, items: BulkItem<DocData>[]) => {
      const errors: Errors = new Map();
      const all = (f: (d: DocData) => string | null) =>
        items.flatMap((i) => {
          const v = f(i.data);
          return v ? [v] : [];
        });
      const [owners, groups, copros, types, existing] = await Promise.all([
        refs(
          tx,
          api,
          RES.coproprietaire,
          all((d) => (d.place === 'coproprietaire' ? d.coproprietaire : null)),
        ),
        refs(
          tx,
          api,
          RES.group,
          all((d) => (d.place === 'group' ? d.group : null)),
        ),
        refs(
          tx,
          api,
          RES.copropriete,
          all((d) => (d.place === 'ag' || d.place === 'bank_statement' ? d.copropriete : null)),
        ),
        repo.documentTypeCodes(tx),
        existingOf(tx, api, RES.document, items),
      ]);
      const before = await loadDocuments(tx, api, [...existing.values()]);
      for (const { index, externalId, data: d } of items) {
        if (d.place === 'coproprietaire') {
          if (!owners.has(d.coproprietaire))
            add(errors, index, 'coproprietaire', `Copropriétaire inconnu : ${d.coproprietaire}`);
          if (!types.has(d.type))
            add(
              errors,
              index,
              'type',
              `Type de document inconnu : ${d.type} (voir GET /parameters/document-types/list).`,
            );
        } else if (d.place === 'group') {
          if (!groups.has(d.group)) add(errors, index, 'group', `Groupe de documents inconnu : ${d.group}`);
        } else if (!copros.has(d.copropriete))
          add(errors, index, 'copropriete', `Copropriété inconnue : ${d.copropriete}`);
        const prev = before.get(existing.get(externalId) ?? '');
        const pf = prev?.file as SyndicStoredFile | undefined;
        const known = new Map<string, SyndicStoredFile>(pf ? [[pf.sha256, pf]] : []);
        const f = normaliseFile(d.file, known, uploads, staged);
        if ('field' in f) add(errors, index, `file.${f.field}`, f.message);
        else d.file = f.file;
      }
      return errors;
    },
  });
  return withNotices(resource, notices);
}

// ── supplier invoices ─────────────────────────────────────────────────────────────

type InvoiceData = SyndicInvoiceBody;

/** Sets compared sorted (decision 30): expenses, écritures, their lots and keys. */
function sortInvoice(d: InvoiceData) {
  for (const x of d.depenses) x.repartitions.sort();
  for (const e of d.ecritures) e.lots.sort((a, b) => (a.lot < b.lot ? -1 : a.lot > b.lot ? 1 : 0));
  d.depenses.sort(byCanonical);
  d.ecritures.sort(byCanonical);
  return d;
}

async function loadInvoices(db: Executor, api: SyndicApiContext, ids: string[]) {
  const rows = await repo.invoicesByIds(db, api.syndicId, ids);
  const invIds = rows.map((r) => r.id);
  const [deps, ecrs] = await Promise.all([repo.depensesOf(db, invIds), repo.ecrituresOf(db, invIds)]);
  const amounts = await repo.lotAmountsOf(
    db,
    ecrs.map((e) => e.id),
  );
  const repIds = deps.flatMap((d) =>
    (d.repartitions as { id?: string }[]).flatMap((r) => (r.id ? [r.id] : [])),
  );
  const [copros, reps, lotExt, chargeExt] = await Promise.all([
    externalIdsOf(
      db,
      api.syndicId,
      RES.copropriete,
      rows.map((r) => r.copropriete_id),
    ),
    externalIdsOf(db, api.syndicId, RES.repartition, repIds),
    externalIdsOf(
      db,
      api.syndicId,
      RES.lot,
      amounts.map((a) => a.lot_id),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      RES.charge,
      deps.flatMap((d) => (d.charge_id ? [d.charge_id] : [])),
    ),
  ]);
  const out = new Map<string, InvoiceData>();
  for (const r of rows) {
    const src = r.source_urls[0] as
      | { path: string; content_type: string; name?: string; size?: number }
      | undefined;
    out.set(
      r.id,
      sortInvoice({
        copropriete: copros.get(r.copropriete_id) ?? '',
        invoice_date: r.invoice_date,
        amount_cents: r.amount_cents,
        fournisseur_name: r.fournisseur_name,
        compte_name: r.compte_name,
        number: r.number,
        internal_note: r.internal_note,
        status: r.status,
        file: src
          ? {
              name: src.name ?? src.path.split('/').pop() ?? '',
              content_type: src.content_type,
              sha256: sha256OfKey(src.path) ?? '',
              size: src.size ?? 0,
            }
          : null,
        depenses: deps
          .filter((d) => d.invoice_id === r.id)
          .map((d) => ({
            charge_name: d.charge_name,
            description: d.description,
            amount_ttc_cents: d.amount_ttc_cents,
            repartitions: (d.repartitions as { id?: string }[]).map((x) => reps.get(x.id ?? '') ?? ''),
            ...(d.charge_id ? { charge: chargeExt.get(d.charge_id) ?? '' } : {}),
          })),
        ecritures: ecrs
          .filter((e) => e.invoice_id === r.id)
          .map((e) => ({
            date: e.date,
            description: e.description,
            amount_cents: e.amount_cents,
            lots: amounts
              .filter((a) => a.ecriture_id === e.id)
              .map((a) => ({ lot: lotExt.get(a.lot_id) ?? '', amount_cents: a.amount_cents })),
          })),
      }),
    );
  }
  return out;
}

async function writeInvoice(
  tx: Tx,
  api: SyndicApiContext,
  storage: StorageAdapter,
  uploads: Uploads,
  id: string,
  d: InvoiceData,
  exists: boolean,
) {
  const coproId = await must(tx, api, RES.copropriete, d.copropriete);
  const file = d.file as SyndicStoredFile | null;
  const source = file
    ? [
        {
          path: await putObject(storage, uploads, `syndic/${api.syndicId}/invoices/${id}`, file),
          content_type: file.content_type,
          name: file.name,
          size: file.size,
        },
      ]
    : [];
  await repo.upsertInvoiceRow(
    tx,
    id,
    {
      syndic_id: api.syndicId,
      copropriete_id: coproId,
      invoice_date: d.invoice_date,
      amount_cents: d.amount_cents,
      fournisseur_name: d.fournisseur_name,
      compte_name: d.compte_name,
      number: d.number,
      internal_note: d.internal_note,
      status: d.status,
      source_urls: source,
    },
    exists,
  );
  const repIds = await refs(
    tx,
    api,
    RES.repartition,
    d.depenses.flatMap((x) => x.repartitions),
  );
  const reps = new Map((await repo.repartitionsByIds(tx, [...repIds.values()])).map((r) => [r.id, r.name]));
  const chargeIds = await refs(
    tx,
    api,
    RES.charge,
    d.depenses.flatMap((x) => (x.charge ? [x.charge] : [])),
  );
  await repo.insertDepenses(
    tx,
    d.depenses.map((x) => ({
      invoice_id: id,
      charge_name: x.charge_name,
      description: x.description,
      amount_ttc_cents: x.amount_ttc_cents,
      // The name is what the co-owner reads; the id lets the API show the key's external_id back.
      repartitions: x.repartitions.map((ext) => {
        const rid = repIds.get(ext)!;
        return { name: reps.get(rid) ?? ext, id: rid };
      }),
      charge_id: x.charge ? (chargeIds.get(x.charge) ?? null) : null,
    })),
  );
  await writeChargeSpending(tx, coproId, id, d, chargeIds);
  const lotIds = await refs(
    tx,
    api,
    RES.lot,
    d.ecritures.flatMap((e) => e.lots.map((l) => l.lot)),
  );
  for (const e of d.ecritures)
    await repo.insertEcriture(
      tx,
      { invoice_id: id, date: e.date, description: e.description, amount_cents: e.amount_cents },
      e.lots.map((l) => ({ lot_id: lotIds.get(l.lot)!, amount_cents: l.amount_cents })),
    );
}

/**
 * A dépense booked to a charge is the building's spending on that charge in the exercice that
 * covers the invoice's date: what 'Budget de fonctionnement' shows as 'Réalisé' and what the
 * council verifies. Written again with the invoice, so an update never counts twice.
 */
async function writeChargeSpending(
  tx: Tx,
  coproId: string,
  invoiceId: string,
  d: InvoiceData,
  chargeIds: Map<string, string>,
) {
  const booked = d.depenses.filter((x) => x.charge && chargeIds.has(x.charge));
  const year = booked.length ? await repo.exerciceCovering(tx, coproId, d.invoice_date) : null;
  await repo.replaceChargeSpending(
    tx,
    invoiceId,
    year
      ? booked.map((x) => ({
          charge_id: chargeIds.get(x.charge as string)!,
          financial_year_id: year,
          supplier_invoice_id: invoiceId,
          ecriture_description: `${d.fournisseur_name} : ${x.charge_name}`,
          description: x.description,
          amount_cents: x.amount_ttc_cents,
          date: d.invoice_date,
        }))
      : [],
  );
}

export function invoicesResource(storage: StorageAdapter, notify?: NotifyDeps) {
  const uploads: Uploads = new Map();
  const notices = new Notices(notify);
  const resource = externalResource({
    item: NO_BULK,
    spec: (api): UpsertSpec<InvoiceData> => ({
      resource: RES.invoice,
      load: (db, ids) => loadInvoices(db, api, ids),
      insert: async (tx, rows) => {
        for (const r of rows) {
          await writeInvoice(tx, api, storage, uploads, r.id, r.data, false);
          // The building's records the invoice scope of §6 lets see 'Factures et Devis'.
          await notices.stage(
            tx,
            api,
            {
              where: { coproprieteId: await must(tx, api, RES.copropriete, r.data.copropriete) },
              rule: canSeeInvoices,
            },
            {
              title: 'Nouvelle facture fournisseur',
              body: `Une facture de ${r.data.fournisseur_name} du ${frDay(r.data.invoice_date)} a été ajoutée.`,
              type: 'INVOICE',
              url: '/{id}/invoices',
            },
          );
        }
      },
      update: (tx, id, data) => writeInvoice(tx, api, storage, uploads, id, data, true),
    }),
    check: async (tx, api, items: BulkItem<InvoiceData>[]) => {
      const errors: Errors = new Map();
      const [copros, reps, lotRefs, existing, chargeRefs] = await Promise.all([
        refs(
          tx,
          api,
          RES.copropriete,
          items.map((i) => i.data.copropriete),
        ),
        refs(
          tx,
          api,
          RES.repartition,
          items.flatMap((i) => i.data.depenses.flatMap((x) => x.repartitions)),
        ),
        refs(
          tx,
          api,
          RES.lot,
          items.flatMap((i) => i.data.ecritures.flatMap((e) => e.lots.map((l) => l.lot))),
        ),
        existingOf(tx, api, RES.invoice, items),
        refs(
          tx,
          api,
          RES.charge,
          items.flatMap((i) => i.data.depenses.flatMap((x) => (x.charge ? [x.charge] : []))),
        ),
      ]);
      const chargeCopro = new Map(
        (await repo.chargesByIds(tx, [...chargeRefs.values()])).map((r) => [r.id, r.copropriete_id]),
      );
      const repCopro = new Map(
        (await repo.repartitionsByIds(tx, [...reps.values()])).map((r) => [r.id, r.copropriete_id]),
      );
      const lotCopro = new Map(
        (await repo.lotsByIds(tx, [...lotRefs.values()])).map((r) => [r.id, r.copropriete_id]),
      );
      const before = await loadInvoices(tx, api, [...existing.values()]);
      for (const { index, externalId, data: d } of items) {
        const coproId = copros.get(d.copropriete);
        if (!coproId) add(errors, index, 'copropriete', `Copropriété inconnue : ${d.copropriete}`);
        const prev = before.get(existing.get(externalId) ?? '');
        if (prev && prev.copropriete !== d.copropriete)
          add(errors, index, 'copropriete', "La copropriété d'une facture existante ne change pas.");
        for (const [k, x] of d.depenses.entries())
          for (const [j, ext] of x.repartitions.entries()) {
            const rid = reps.get(ext);
            const field = `depenses.${k}.repartitions.${j}`;
            if (!rid) add(errors, index, field, `Clé de répartition inconnue : ${ext}`);
            else if (coproId && repCopro.get(rid) !== coproId)
              add(errors, index, field, `${ext} n'est pas une clé de cette copropriété.`);
          }
        for (const [k, x] of d.depenses.entries()) {
          if (!x.charge) continue;
          const cid = chargeRefs.get(x.charge);
          const field = `depenses.${k}.charge`;
          if (!cid) add(errors, index, field, `Charge inconnue : ${x.charge}`);
          else if (coproId && chargeCopro.get(cid) !== coproId)
            add(errors, index, field, `${x.charge} n'est pas une charge de cette copropriété.`);
        }
        if (
          coproId &&
          d.depenses.some((x) => x.charge) &&
          !(await repo.exerciceCovering(tx, coproId, d.invoice_date))
        )
          add(
            errors,
            index,
            'invoice_date',
            `Aucun exercice de cette copropriété ne couvre le ${frDay(d.invoice_date)} : la dépense ne peut pas être imputée.`,
          );
        if (d.depenses.length) {
          const sum = d.depenses.reduce((s, x) => s + x.amount_ttc_cents, 0);
          if (sum !== d.amount_cents)
            add(
              errors,
              index,
              'depenses',
              `La somme des dépenses (${sum} centimes) diffère du montant de la facture (${d.amount_cents} centimes).`,
            );
        }
        d.ecritures.forEach((e, k) => {
          const seen = new Set<string>();
          e.lots.forEach((l, j) => {
            const lid = lotRefs.get(l.lot);
            const field = `ecritures.${k}.lots.${j}.lot`;
            if (!lid) add(errors, index, field, `Lot inconnu : ${l.lot}`);
            else if (coproId && lotCopro.get(lid) !== coproId)
              add(errors, index, field, `Le lot ${l.lot} n'est pas dans cette copropriété.`);
            if (seen.has(l.lot))
              add(errors, index, field, `Le lot ${l.lot} est en double dans cette écriture.`);
            seen.add(l.lot);
          });
        });
        if (d.file) {
          const pf = prev?.file as SyndicStoredFile | null | undefined;
          const known = new Map<string, SyndicStoredFile>(pf ? [[pf.sha256, pf]] : []);
          const f = normaliseFile(d.file, known, uploads);
          if ('field' in f) add(errors, index, `file.${f.field}`, f.message);
          else d.file = f.file;
        }
        sortInvoice(d);
      }
      return errors;
    },
  });
  return withNotices(resource, notices);
}

// ── communications ──────────────────────────────────────────────────────────────

type CommData = SyndicCommunicationBody;
const iso = (v: string) => new Date(v).toISOString();
const byFile = (a: SyndicStoredFile, b: SyndicStoredFile) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.sha256 < b.sha256 ? -1 : a.sha256 > b.sha256 ? 1 : 0;

async function loadCommunications(db: Executor, api: SyndicApiContext, ids: string[]) {
  const rows = await repo.communicationsByIds(db, api.syndicId, ids);
  const [atts, owners] = await Promise.all([
    repo.attachmentsOf(
      db,
      rows.map((r) => r.id),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      RES.coproprietaire,
      rows.map((r) => r.coproprietaire_id),
    ),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        coproprietaire: owners.get(r.coproprietaire_id) ?? '',
        sending_method: r.sending_method as CommData['sending_method'],
        module: r.module as CommData['module'],
        recipient_info: r.recipient_info,
        subject: r.subject,
        html_body: r.html_body,
        content: r.content,
        created_date: r.created_date.toISOString(),
        internal_executed_date: r.internal_executed_date?.toISOString() ?? null,
        attachments: atts
          .filter((a) => a.communication_id === r.id)
          .map((a) => storedOf(a))
          .sort(byFile),
      } satisfies CommData,
    ]),
  );
}

async function writeCommunication(
  tx: Tx,
  api: SyndicApiContext,
  storage: StorageAdapter,
  uploads: Uploads,
  id: string,
  d: CommData,
  exists: boolean,
) {
  const ownerId = await must(tx, api, RES.coproprietaire, d.coproprietaire);
  const [owner] = await repo.recordsByIds(tx, [ownerId]);
  await repo.upsertCommunicationRow(
    tx,
    id,
    {
      syndic_id: api.syndicId,
      copropriete_id: owner.copropriete_id,
      coproprietaire_id: ownerId,
      sending_method: d.sending_method,
      module: d.module,
      recipient_info: d.recipient_info as RecipientInfoJson,
      subject: d.subject,
      html_body: d.html_body,
      content: d.content,
      created_date: new Date(d.created_date),
      internal_executed_date: d.internal_executed_date ? new Date(d.internal_executed_date) : null,
    },
    exists,
  );
  const current = exists ? await repo.attachmentsOf(tx, [id]) : [];
  const kept = new Set<string>();
  const rows: { file_id: string; name: string }[] = [];
  for (const f of d.attachments as SyndicStoredFile[]) {
    const same = current.find((c) => sha256OfKey(c.storage_key) === f.sha256);
    const fileId = await writeFile(
      tx,
      storage,
      uploads,
      `syndic/${api.syndicId}/communications/${id}`,
      f,
      same ? { id: same.file_id, storage_key: same.storage_key, name: same.name } : null,
    );
    kept.add(fileId);
    rows.push({ file_id: fileId, name: f.name });
  }
  await repo.replaceAttachments(tx, id, rows);
  await deleteFileRows(
    tx,
    current.filter((c) => !kept.has(c.file_id)).map((c) => c.file_id),
  );
}

export function communicationsResource(storage: StorageAdapter, notify?: NotifyDeps) {
  const uploads: Uploads = new Map();
  const notices = new Notices(notify);
  const resource = externalResource({
    item: NO_BULK,
    spec: (api): UpsertSpec<CommData> => ({
      resource: RES.communication,
      load: (db, ids) => loadCommunications(db, api, ids),
      insert: async (tx, rows) => {
        for (const r of rows) {
          await writeCommunication(tx, api, storage, uploads, r.id, r.data, false);
          await stageCommunicationNotice(tx, api, notices, r.data);
        }
      },
      update: (tx, id, data) => writeCommunication(tx, api, storage, uploads, id, data, true),
    }),
    check: async (tx, api, items: BulkItem<CommData>[]) => {
      const errors: Errors = new Map();
      const [owners, existing] = await Promise.all([
        refs(
          tx,
          api,
          RES.coproprietaire,
          items.map((i) => i.data.coproprietaire),
        ),
        existingOf(tx, api, RES.communication, items),
      ]);
      const before = await loadCommunications(tx, api, [...existing.values()]);
      for (const { index, externalId, data: d } of items) {
        if (!owners.has(d.coproprietaire))
          add(errors, index, 'coproprietaire', `Copropriétaire inconnu : ${d.coproprietaire}`);
        d.created_date = iso(d.created_date);
        if (d.internal_executed_date) d.internal_executed_date = iso(d.internal_executed_date);
        const prev = before.get(existing.get(externalId) ?? '');
        const known = new Map(((prev?.attachments ?? []) as SyndicStoredFile[]).map((a) => [a.sha256, a]));
        const seen = new Set<string>();
        d.attachments = d.attachments.map((a, k) => {
          const f = normaliseFile(a, known, uploads);
          if ('field' in f) {
            add(errors, index, `attachments.${k}.${f.field}`, f.message);
            return a;
          }
          if (seen.has(f.file.sha256))
            add(errors, index, `attachments.${k}`, 'Cette pièce jointe est déjà dans la liste.');
          seen.add(f.file.sha256);
          return f.file;
        });
        (d.attachments as SyndicStoredFile[]).sort(byFile);
      }
      return errors;
    },
  });
  return withNotices(resource, notices);
}

/**
 * A letter takes days to arrive: its record is told, if it may read its letters (IS_SYNDICAT,
 * decision 48). An e-mail or an SMS already reached the person by that channel: nothing more.
 */
async function stageCommunicationNotice(tx: Tx, api: SyndicApiContext, notices: Notices, d: CommData) {
  if (d.sending_method !== 'postal') return;
  const id = await must(tx, api, RES.coproprietaire, d.coproprietaire);
  const [rec] = await repo.recordsWithScope(tx, { coproprietaireId: id });
  if (!rec || !canSeePostals(rec)) return;
  await notices.stage(tx, api, [id], {
    title: 'Nouveau courrier',
    body:
      d.subject?.trim() ||
      (communicationTypeLabel(d.module) === 'Courrier'
        ? 'Un courrier vous a été adressé par la poste.'
        : `Un courrier vous a été adressé par la poste : ${communicationTypeLabel(d.module)}.`),
    type: 'DOCUMENT',
    url: '/{id}/messages-communication',
  });
}

// ── deletion ────────────────────────────────────────────────────────────────────

/**
 * Deletes one resource the syndic created, in one transaction with its audit entry (the fields
 * it had), and forgets its external_id so that id may create a new resource later.
 */
async function remove(
  db: Db,
  api: SyndicApiContext,
  resource: string,
  externalId: string,
  load: (tx: Executor, ids: string[]) => Promise<Map<string, Record<string, unknown>>>,
  drop: (tx: Tx, id: string) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const id = await requireExternalId(tx, api.syndicId, resource, externalId);
    const before = (await load(tx, [id])).get(id);
    if (!before) throw new AppError('NOT_FOUND');
    await drop(tx, id);
    await forgetExternalId(tx, api.syndicId, resource, externalId);
    await writeAudit(tx, api, [
      { action: 'deleted', resource, resourceId: id, externalId, changes: diff(before, null) },
    ]);
    return { result: 'deleted' as const, id, external_id: externalId };
  });
}

export const deleteGroup = (db: Db, api: SyndicApiContext, ext: string) =>
  remove(
    db,
    api,
    RES.group,
    ext,
    (tx, ids) => loadGroups(tx, api, ids),
    async (tx, id) => {
      if (await repo.groupHasDocuments(tx, id))
        throw new AppError('CONFLICT', "Ce groupe contient encore des documents : supprimez-les d'abord.");
      await repo.deleteGroup(tx, id);
    },
  );

export const deleteDocument = (db: Db, api: SyndicApiContext, ext: string) =>
  remove(
    db,
    api,
    RES.document,
    ext,
    (tx, ids) => loadDocuments(tx, api, ids),
    async (tx, id) => {
      const fileId = await repo.deleteDocument(tx, id);
      if (fileId) await deleteFileRows(tx, [fileId]);
    },
  );

export const deleteInvoice = (db: Db, api: SyndicApiContext, ext: string) =>
  remove(
    db,
    api,
    RES.invoice,
    ext,
    (tx, ids) => loadInvoices(tx, api, ids),
    (tx, id) => repo.deleteInvoice(tx, id),
  );

export const deleteCommunication = (db: Db, api: SyndicApiContext, ext: string) =>
  remove(
    db,
    api,
    RES.communication,
    ext,
    (tx, ids) => loadCommunications(tx, api, ids),
    async (tx, id) => {
      const atts = await repo.attachmentsOf(tx, [id]);
      await repo.deleteCommunication(tx, id);
      await deleteFileRows(
        tx,
        atts.map((a) => a.file_id),
      );
    },
  );
