import { randomUUID } from 'node:crypto';
import { getTableColumns, type InferInsertModel } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import * as s from '../src/db/schema/index.js';
import { putImage, renderSizes } from '../src/platform/images.js';
import type { Sealer } from '../src/platform/sealing/index.js';
import type { StorageAdapter } from '../src/platform/storage.js';
import type { Clock } from './clock.js';
import type { Rng } from './random.js';
import { fileRow } from './builders/documents.js';

/**
 * Insertion order of the seeded tables (parents before children). Every row is built in
 * memory with its id chosen up front, then written in a few multi-row statements: PGlite
 * pays per statement, not per row.
 */
const ORDER = [
  s.users,
  s.syndics,
  s.syndicContacts,
  s.syndicApiKeys,
  s.administrators,
  s.files,
  s.coproprietes,
  s.coproprieteAdministrators,
  s.carnetsEntretien,
  s.coproprietaires,
  s.coproprietaireSettings,
  s.consentementsNotificationElectronique,
  s.notificationPreferences,
  s.lots,
  s.coproprietaireLots,
  s.repartitions,
  s.lotTantiemes,
  s.invitations,
  s.previewTokens,
  s.financialYears,
  s.charges,
  s.budgets,
  s.supplierInvoices,
  s.invoiceDepenses,
  s.ecritures,
  s.ecritureLotAmounts,
  s.chargeInvoices,
  s.verificationStatus,
  s.bills,
  s.billLotLines,
  s.sepaMandates,
  s.paymentRequests,
  s.paymentTransactions,
  s.ledgerLines,
  s.paymentAllocations,
  s.documentTypes,
  s.documentGroups,
  s.documents,
  s.communications,
  s.communicationAttachments,
  s.assemblees,
  s.assembleeParticipants,
  s.assembleeConvocations,
  s.pvNotifications,
  s.resolutions,
  s.assembleeRecords,
  s.votes,
  s.signatureTokens,
  s.assembleeProxies,
  s.notifications,
  s.recouvrementSettings,
  s.relances,
  s.messages,
  s.conversations,
  s.conversationMembers,
  s.chatMessages,
  s.signalements,
  s.signalementSupporters,
  s.signalementEvents,
  s.syndicExternalRefs,
] as const;

export type SeedTable = (typeof ORDER)[number];

/** PostgreSQL accepts at most 65 535 bind parameters per statement; stay well below. */
const MAX_PARAMS = 30_000;

export class Rows {
  private readonly byTable = new Map<SeedTable, unknown[]>();

  add<T extends SeedTable>(table: T, ...rows: InferInsertModel<T>[]): void {
    let list = this.byTable.get(table);
    if (!list) {
      list = [];
      this.byTable.set(table, list);
    }
    for (const row of rows) list.push(row);
  }

  count(table: SeedTable): number {
    return this.byTable.get(table)?.length ?? 0;
  }

  /** Writes everything in one transaction, so a failed seed leaves the database empty. */
  async flush(db: Db): Promise<void> {
    await db.transaction(async (tx) => {
      for (const table of ORDER) {
        const rows = this.byTable.get(table);
        if (!rows?.length) continue;
        const columns = Object.keys(getTableColumns(table)).length;
        const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
        for (let i = 0; i < rows.length; i += size) {
          // Rows were type-checked against this table by add().
          await tx.insert(table).values(rows.slice(i, i + size) as never);
        }
      }
    });
  }
}

export interface StoredFile {
  id: string;
  key: string;
  name: string;
  content_type: string;
  size: number;
}

export interface SeedContext {
  rows: Rows;
  rng: Rng;
  clock: Clock;
  storage: StorageAdapter;
  /** Seals the signed demo minutes (PAdES); without it they stay unsealed. */
  sealer?: Sealer;
  /** Pending storage writes, awaited before the rows are flushed. */
  writes: Promise<void>[];
}

export const newId = () => randomUUID();

/** Queues `write` (the storage side) and the `files` row; returns what documents point at. */
function queueFile(
  ctx: SeedContext,
  key: string,
  name: string,
  data: Buffer,
  contentType: string,
  write: Promise<void>,
): StoredFile {
  const file: StoredFile = { id: newId(), key, name, content_type: contentType, size: data.length };
  ctx.writes.push(write);
  ctx.rows.add(
    s.files,
    fileRow({
      id: file.id,
      storage_key: key,
      name,
      content_type: contentType,
      size: data.length,
      created_at: ctx.clock.now,
    }),
  );
  return file;
}

/** Puts a file in storage and queues its `files` row; returns what documents need to point at it. */
export function storeFile(
  ctx: SeedContext,
  key: string,
  name: string,
  data: Buffer,
  contentType: string,
): StoredFile {
  return queueFile(ctx, key, name, data, contentType, ctx.storage.put(key, data, contentType));
}

/**
 * Puts an image in storage as an original with its sizes (decision 56) and queues its `files`
 * row: `key` must be `…/original/{name}.{ext}`.
 */
export function storeImage(
  ctx: SeedContext,
  key: string,
  name: string,
  data: Buffer,
  contentType: string,
): StoredFile {
  const write = renderSizes(data, contentType).then((sizes) =>
    putImage(ctx.storage, key, contentType, sizes),
  );
  return queueFile(ctx, key, name, data, contentType, write);
}
