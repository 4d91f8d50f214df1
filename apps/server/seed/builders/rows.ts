import { randomUUID } from 'node:crypto';
import type {
  coproprietaires,
  coproprietes,
  ledgerLines,
  lots,
  syndics,
  users,
} from '../../src/db/schema/index.js';
import { randomCode } from '../../src/lib/crypto.js';
import { type RowOf, uid } from './kit.js';

/**
 * The one set of row builders: each returns a complete insert row with its id chosen up front
 * and unique defaults, overridden by what the caller names. The demo and scale seeds queue these
 * rows (`Rows`), the test factories and the e2e tenants insert them at once: a table gains a
 * required column here, once. This file holds the tenant's core (syndic, building, people, lots,
 * ledger); its neighbours the other domains (`identity.ts`, `copro.ts`, `finances.ts`,
 * `documents.ts`, `assemblees.ts`, `inbox.ts`).
 */

export type SyndicRow = RowOf<typeof syndics>;
export type CoproprieteRow = RowOf<typeof coproprietes>;
export type UserRow = RowOf<typeof users>;
export type CoproprietaireRow = RowOf<typeof coproprietaires>;
export type LotRow = RowOf<typeof lots>;
export type LedgerLineRow = RowOf<typeof ledgerLines>;

export function syndicRow(v: Partial<SyndicRow> = {}): SyndicRow {
  return { id: randomUUID(), name: `Syndic ${uid()}`, alias: `s${uid()}`, ...v };
}

export function coproprieteRow(v: Partial<CoproprieteRow> & { syndic_id: string }): CoproprieteRow {
  return {
    id: randomUUID(),
    name: `Résidence ${uid()}`,
    address: { full_address: '1 rue de la Paix 75002 Paris', city: 'Paris', zip_code: '75002' },
    ...v,
  };
}

/** `password_hash` is the caller's (argon2 is slow: a seed hashes one password for many users). */
export function userRow(v: Partial<UserRow> & Pick<UserRow, 'password_hash'>): UserRow {
  return {
    id: randomUUID(),
    email: `u${uid()}@example.fr`,
    phone: `+336${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    first_name: 'Test',
    last_name: 'Utilisateur',
    ...v,
  };
}

export function coproprietaireRow(
  v: Partial<CoproprietaireRow> & { copropriete_id: string },
): CoproprietaireRow {
  const name = v.name ?? `Copropriétaire ${uid()}`;
  return { id: randomUUID(), display_name: name, unique_code: randomCode(9), ...v, name };
}

export function lotRow(v: Partial<LotRow> & { copropriete_id: string; name: string }): LotRow {
  return { id: randomUUID(), lot_id: uid(), type_name: 'Appartement', ...v };
}

/** A ledger line; an open debit unless told (remaining = amount). */
export function ledgerLineRow(
  v: Partial<LedgerLineRow> & Pick<LedgerLineRow, 'coproprietaire_id' | 'copropriete_id'>,
): LedgerLineRow {
  const amount = v.amount_cents ?? 10_000;
  return {
    id: randomUUID(),
    name: 'Appel de fonds',
    date: '2026-07-01',
    amount_type: 'debit',
    bill_type: 'fonctionnement',
    ...v,
    amount_cents: amount,
    remaining_cents: v.remaining_cents ?? amount,
  };
}
