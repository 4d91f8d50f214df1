import { canSeeInvoices, externalIdParams } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { releaseKeys } from '../../files/removal.service.js';
import type { Uploads } from '../../files/syndic/stored-files.js';
import type { NotifyDeps } from '../../notifications/notify.js';
import { Notices, withNotices } from '../../notifications/syndic-notices.js';
import {
  type BulkItem,
  checkedId,
  externalResource,
  RES,
  removeExternal,
  type SyndicApiContext,
  type UpsertSpec,
} from '../../syndic-api/kit/index.js';
import * as repo from '../invoices.repo.js';
import { checkInvoices } from './invoices.check.js';
import { frDay, type InvoiceData, loadInvoices } from './invoices.load.js';
import { writeInvoice } from './invoices.write.js';

export function invoicesResource(storage: StorageAdapter, notify?: NotifyDeps) {
  const uploads: Uploads = new Map();
  const notices = new Notices(notify);
  const resource = externalResource({
    item: externalIdParams, // no bulk: the item schema only names the id
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
              where: { coproprieteId: await checkedId(tx, api, RES.copropriete, r.data.copropriete) },
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
    check: (tx, api, items: BulkItem<InvoiceData>[]) => checkInvoices(tx, api, items, uploads),
  });
  return withNotices(resource, notices);
}

export const deleteInvoice = (db: Db, api: SyndicApiContext, ext: string) =>
  removeExternal(
    db,
    api,
    RES.invoice,
    ext,
    (tx, ids) => loadInvoices(tx, api, ids),
    async (tx, id) => releaseKeys(tx, await repo.deleteInvoice(tx, id)),
  );
