import { formatCents, type LedgerLineBody, ledgerLineItem } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { getLedger } from '../../finances/finances.service.js';
import { acknowledgePayments, conflictsOf, PRODUCT_PREFIX } from '../../payments/lettrage.service.js';
import {
  type AuditInput,
  type BulkItem,
  externalResource,
  requireExternalId,
  resolveExternalIds,
  type SyndicApiContext,
  writeAudit,
} from '../kit/index.js';
import { A, coproOf } from './accounts.repo.js';
import { addError, checkRefs, type Errors } from './accounts.service.js';
import * as repo from './ledger.repo.js';
import { ledgerLineRemoval } from './removals.js';

const PRODUCT_LINE = "Cette ligne vient d'un paiement fait dans Tantième : elle ne se modifie pas.";
const RESERVED = `Le préfixe « ${PRODUCT_PREFIX} » est réservé aux lignes créées par Tantième.`;

/**
 * Ledger lines. The lines the product made (card payments, refunds) carry a `tantieme:` external
 * id and are listed, never written by a push. A back-office line keeps the back office's figure
 * in `remaining_cents`; what the co-owner sees is that figure minus the product payments not yet
 * acknowledged (rules/lettrage.ts), and a figure that would reopen a product payment is a warning.
 */
export const ledgerLines = externalResource({
  remove: ledgerLineRemoval,
  item: ledgerLineItem,
  spec: (api) => ({
    resource: A.ledgerLine,
    load: (tx, ids) => repo.loadLedgerLines(tx, api.syndicId, ids) as Promise<Map<string, LedgerLineBody>>,
    insert: (tx, rows) => repo.insertLedgerLines(tx, api.syndicId, rows),
    updateMany: (tx, rows) => repo.updateLedgerLines(tx, api.syndicId, rows),
  }),
  check: async (tx, api, items: BulkItem<LedgerLineBody>[]) => {
    const errors: Errors = new Map();
    // Stored whole when not given, so a re-send with or without it compares equal.
    for (const i of items) i.data.remaining_cents ??= i.data.amount_cents;
    const owners = await repo.ownersByExt(
      tx,
      api.syndicId,
      items.map((i) => i.data.coproprietaire),
    );
    for (const i of items)
      if (!owners.has(i.data.coproprietaire))
        addError(errors, i.index, 'coproprietaire', `Copropriétaire inconnu : ${i.data.coproprietaire}`);
    await checkRefs(
      tx,
      api,
      items,
      errors,
      'bill',
      'bills',
      (d) => [{ field: 'bill', ext: d.bill }],
      (d) => owners.get(d.coproprietaire)?.coproprieteId,
    );
    const payments = await repo.productPaymentOwners(
      tx,
      items.flatMap((i) => i.data.payment_id ?? []),
    );
    for (const i of items)
      if (i.data.payment_id && payments.get(i.data.payment_id) !== owners.get(i.data.coproprietaire)?.id)
        addError(
          errors,
          i.index,
          'payment_id',
          `Paiement inconnu pour ce copropriétaire : ${i.data.payment_id}`,
        );
    const existing = await resolveExternalIds(
      tx,
      api.syndicId,
      A.ledgerLine,
      items.map((i) => i.externalId),
    );
    for (const i of items)
      if (!existing.has(i.externalId) && i.externalId.startsWith(PRODUCT_PREFIX))
        addError(errors, i.index, 'external_id', RESERVED);
    if (existing.size) {
      const current = await repo.loadLedgerLines(tx, api.syndicId, [...existing.values()]);
      for (const i of items) {
        const before = current.get(existing.get(i.externalId) ?? '');
        if (before?.origin === 'product') addError(errors, i.index, 'external_id', PRODUCT_LINE);
        else if (before && before.coproprietaire !== i.data.coproprietaire)
          addError(errors, i.index, 'coproprietaire', 'Une ligne ne change pas de copropriétaire.');
      }
    }
    return errors;
  },
  after: async (tx, api, items, done) => {
    const audit: AuditInput[] = [];
    const acknowledged = await acknowledgePayments(
      tx,
      items.flatMap((i) => i.data.payment_id ?? []),
    );
    // One entry per payment, on the first line booking it (as one by one would have it).
    for (const i of items)
      if (i.data.payment_id && acknowledged.delete(i.data.payment_id))
        audit.push({
          action: 'acknowledged',
          resource: 'payment',
          resourceId: i.data.payment_id,
          externalId: i.externalId,
          changes: { acknowledged: { before: false, after: true } },
        });
    // A line created just now has no product payment allocated to it: nothing to conflict with.
    const idOf = new Map(done.filter((d) => d.result !== 'created').map((d) => [d.externalId, d.id]));
    const conflicts = await conflictsOf(tx, [...idOf.values()]);
    const warnings = new Map<number, string[]>();
    for (const i of items) {
      const id = idOf.get(i.externalId);
      const c = id ? conflicts.get(id) : undefined;
      if (!id || !c) continue;
      warnings.set(i.index, [
        `Le reste dû envoyé (${formatCents(c.office)}) rouvrirait ce qu'un paiement fait dans Tantième a réglé : la ligne reste à ${formatCents(c.shown)}.`,
      ]);
      audit.push({
        action: 'conflict',
        resource: A.ledgerLine,
        resourceId: id,
        externalId: i.externalId,
        changes: { remaining_cents: { before: c.office, after: c.shown } },
      });
    }
    if (audit.length) await writeAudit(tx, api, audit);
    return warnings;
  },
});

/** The co-owner's balance by the statement's own rule (finances module), so both always agree. */
export async function getBalance(db: Db, api: SyndicApiContext, externalId: string) {
  const id = await requireExternalId(db, api.syndicId, A.coproprietaire, externalId);
  const coproId = (await coproOf(db, 'coproprietaires', [id])).get(id) ?? '';
  const ledger = await getLedger(db, id, coproId);
  return {
    coproprietaire: externalId,
    balance_cents: ledger.solde,
    open_lines: ledger.lines.length,
    product_lines: await repo.countProductLines(db, id),
  };
}
