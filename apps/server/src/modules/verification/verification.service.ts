import {
  CHARGE_TYPES,
  hasSyndicatPermission,
  VERIFICATION_EVENT,
  type VerificationChargeType,
  type VerificationCosts,
  type VerificationEvent,
  verificationFr,
} from '@tantieme/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { Realtime } from '../../realtime/index.js';
import type { OwnedRecord } from '../access/access.service.js';
import { type NotifyDeps, stageNotification } from '../notifications/notify.js';
import * as repo from './verification.repo.js';

export interface VerificationDeps {
  db: Db;
  storage: StorageAdapter;
  realtime: Realtime;
}

const TYPES: Record<VerificationChargeType, number[]> = {
  fonc: [CHARGE_TYPES.FONCTIONNEMENT],
  travaux: [CHARGE_TYPES.TRAVAUX, CHARGE_TYPES.FOND_ALLUR],
};

/** Only council members reach the verification (decision 7); anyone else: 404. */
export function assertCouncil(row: OwnedRecord) {
  if (!hasSyndicatPermission(row.coproprietaire)) throw new AppError('NOT_FOUND');
}

const isExternal = (p: string) => /^(https?:|\/)/.test(p);

export async function costs(
  deps: VerificationDeps,
  coproprieteId: string,
  chargeType: VerificationChargeType,
): Promise<VerificationCosts> {
  const [status, years] = await Promise.all([
    repo.status(deps.db, coproprieteId),
    repo.currentYears(deps.db, coproprieteId),
  ]);
  const rows = await repo.invoicesOf(
    deps.db,
    coproprieteId,
    years.map((y) => y.id),
    TYPES[chargeType],
  );
  const urls = new Map<string, string | null>();
  for (const r of rows) {
    const src = r.supplier?.source_urls?.[0];
    if (r.supplier && src && !urls.has(r.supplier.id))
      urls.set(
        r.supplier.id,
        isExternal(src.path) ? src.path : await deps.storage.signedGetUrl(src.path, 3600).catch(() => null),
      );
  }
  return {
    status,
    years: years.map((y) => {
      const charges = new Map<string, VerificationCosts['years'][number]['charges'][number]>();
      for (const { invoice: i, charge: c, supplier: s } of rows) {
        if (i.financial_year_id !== y.id) continue;
        let ch = charges.get(c.id);
        if (!ch) {
          ch = { id: c.id, code: c.code, name: c.name, amount: 0, invoices: [] };
          charges.set(c.id, ch);
        }
        ch.amount += i.amount_cents;
        ch.invoices.push({
          id: i.id,
          ecriture_description: i.ecriture_description,
          description: i.description,
          invoice_amount: i.amount_cents,
          date: i.date,
          created_date: i.created_date.toISOString(),
          invoice_infos: s
            ? [
                {
                  id: s.id,
                  invoice_name: s.number ? `${s.fournisseur_name} n° ${s.number}` : s.fournisseur_name,
                  invoice_url: urls.get(s.id) ?? null,
                  invoice_content_type: s.source_urls?.[0]?.content_type ?? null,
                },
              ]
            : [],
          verifications: {
            SYNDIC: { value: i.verification_syndic },
            SYNDICAT: { value: i.verification_syndicat },
          },
        });
      }
      return { id: y.id, year: y.year, couple: y.couple, charges: [...charges.values()] };
    }),
  };
}

/** Checks happen while the accounts are submitted and the council has not pressed 'Terminer'. */
async function assertEditable(db: Db, coproprieteId: string) {
  const s = await repo.status(db, coproprieteId);
  if (s.syndic_submit === 0)
    throw new AppError('VERIFICATION_NOT_SUBMITTED', verificationFr.notSubmitted, { status: 409 });
  if (s.syndicat_finish === 1)
    throw new AppError('VERIFICATION_FINISHED', verificationFr.finished, { status: 409 });
}

async function emit(deps: VerificationDeps, coproprieteId: string, e: VerificationEvent) {
  const ids = await repo.councilRecordIds(deps.db, coproprieteId);
  deps.realtime.toRooms(
    ids.map((id) => `coproprietaire:${id}`),
    VERIFICATION_EVENT,
    e,
  );
}

export async function verifyOne(
  deps: VerificationDeps,
  coproprieteId: string,
  chargeId: string,
  invoiceId: string,
  value: number,
) {
  await assertEditable(deps.db, coproprieteId);
  const row = await repo.findInvoice(deps.db, coproprieteId, chargeId, invoiceId);
  if (!row) throw new AppError('NOT_FOUND');
  const years = await repo.currentYears(deps.db, coproprieteId);
  if (!years.some((y) => y.id === row.invoice.financial_year_id)) throw new AppError('NOT_FOUND');
  await repo.setSyndicat(deps.db, [invoiceId], value);
  const chargeType: VerificationChargeType =
    row.charge.charge_type === CHARGE_TYPES.FONCTIONNEMENT ? 'fonc' : 'travaux';
  await emit(deps, coproprieteId, {
    type: 'UPDATE_CHARGE_VERIFY',
    copropriete_id: coproprieteId,
    charge_type: chargeType,
    invoices: [{ id: invoiceId, value }],
  });
  return { id: invoiceId, value };
}

export async function verifyAll(
  deps: VerificationDeps,
  coproprieteId: string,
  chargeType: VerificationChargeType,
  value: number,
) {
  await assertEditable(deps.db, coproprieteId);
  const years = await repo.currentYears(deps.db, coproprieteId);
  const rows = await repo.invoicesOf(
    deps.db,
    coproprieteId,
    years.map((y) => y.id),
    TYPES[chargeType],
  );
  const ids = rows.map((r) => r.invoice.id);
  await repo.setSyndicat(deps.db, ids, value);
  await emit(deps, coproprieteId, {
    type: 'UPDATE_CHARGE_VERIFY',
    copropriete_id: coproprieteId,
    charge_type: chargeType,
    invoices: ids.map((id) => ({ id, value })),
  });
  return { updated: ids.length };
}

/** 'Terminer' (1) / 'Modifier' (0). */
export async function finish(deps: VerificationDeps, coproprieteId: string, status: number) {
  const s = await repo.status(deps.db, coproprieteId);
  if (s.syndic_submit === 0)
    throw new AppError('VERIFICATION_NOT_SUBMITTED', verificationFr.notSubmitted, { status: 409 });
  await repo.setStatus(deps.db, coproprieteId, { syndicat_finish: status });
  const next = { syndic_submit: s.syndic_submit, syndicat_finish: status };
  await emit(deps, coproprieteId, { type: 'UPDATE_SYNDIC_SUBMIT', copropriete_id: coproprieteId, ...next });
  return next;
}

// ------------------------------------------------------------------ the syndic API

export interface VerificationState {
  syndic_submit: number;
  syndicat_finish: number;
  years: {
    year: number;
    couple: string;
    fonctionnement: { invoices: number; verified: number };
    travaux: { invoices: number; verified: number };
  }[];
  totals: { invoices: number; verified: number };
}

/** The council's progress: invoices checked per year under verification and per charge type. */
export async function progress(db: Db, coproprieteId: string): Promise<VerificationState> {
  const [s, years] = await Promise.all([
    repo.status(db, coproprieteId),
    repo.currentYears(db, coproprieteId),
  ]);
  const rows = await repo.invoicesOf(
    db,
    coproprieteId,
    years.map((y) => y.id),
    [...TYPES.fonc, ...TYPES.travaux],
  );
  const totals = { invoices: 0, verified: 0 };
  const out = years
    .map((y) => {
      const fonctionnement = { invoices: 0, verified: 0 };
      const travaux = { invoices: 0, verified: 0 };
      for (const { invoice: i, charge: c } of rows) {
        if (i.financial_year_id !== y.id) continue;
        const k = c.charge_type === CHARGE_TYPES.FONCTIONNEMENT ? fonctionnement : travaux;
        k.invoices += 1;
        totals.invoices += 1;
        if (i.verification_syndicat === 1) {
          k.verified += 1;
          totals.verified += 1;
        }
      }
      return { year: y.year, couple: y.couple, fonctionnement, travaux };
    })
    .sort((a, b) => a.year - b.year);
  return { ...s, years: out, totals };
}

/**
 * The syndic submits the year's accounts to the council: `syndic_submit` 1 and `syndicat_finish` 0,
 * a notification to every council member (decision 38) and the live 'UPDATE_SYNDIC_SUBMIT' to
 * their open pages. Already submitted and not finished: nothing changes, nobody is notified again.
 * `inTx` runs in the same transaction (the syndic API's audit entry).
 */
export async function submit(
  deps: VerificationDeps & { notify: NotifyDeps },
  coproprieteId: string,
  inTx: (tx: Tx, before: { syndic_submit: number; syndicat_finish: number }) => Promise<void>,
) {
  const done = await deps.db.transaction(async (tx) => {
    const before = await repo.status(tx, coproprieteId);
    if (before.syndic_submit === 1 && before.syndicat_finish === 0) return null;
    await repo.setStatus(tx, coproprieteId, { syndic_submit: 1, syndicat_finish: 0 });
    const council = await repo.councilRecordIds(tx, coproprieteId);
    const years = await repo.currentYears(tx, coproprieteId);
    const couple = years.map((y) => y.couple).join(', ');
    const staged = await stageNotification(
      tx,
      deps.notify,
      { coproprietaireIds: council },
      {
        title: verificationFr.submittedTitle,
        body: verificationFr.submittedBody(couple),
        type: 'VERIFICATION',
        url: '/{id}/verification',
      },
    );
    await inTx(tx, before);
    return { staged, notified: staged.ids.length };
  });
  if (!done) return { result: 'unchanged' as const, notified: 0 };
  await done.staged.afterCommit();
  await emit(deps, coproprieteId, {
    type: 'UPDATE_SYNDIC_SUBMIT',
    copropriete_id: coproprieteId,
    syndic_submit: 1,
    syndicat_finish: 0,
  });
  return { result: 'updated' as const, notified: done.notified };
}
