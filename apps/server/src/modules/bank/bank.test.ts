import { readFile } from 'node:fs/promises';
import { financeEndpoints } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEcritures, paymentAllocations } from '../../db/schema/index.js';
import { makeMoneyBuilding, makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { url } from '../finances/finances.fixture.js';
import * as journal from '../journal/journal.repo.js';
import { importStatement, matchByHand, unmatchedQueue } from './bank.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** A building whose first quarter is called, and the fixtures with its co-owners' codes. */
async function calledBuilding() {
  const { b } = await makeVotedBuilding(t.database.db, { callFirstQuarter: true });
  const fill = (s: string) =>
    s
      .replaceAll('{MARTIN_CODE}', b.owners.martin.unique_code)
      .replaceAll('{LEROY_CODE}', b.owners.leroy.unique_code);
  return { b, fill };
}

const balanceOf = async (coproId: string, account: string, owner?: string) => {
  const all = await journal.balances(t.database.db, coproId);
  return all
    .filter((x) => x.account === account && (owner === undefined || x.coproprietaire_id === owner))
    .reduce((s, x) => s + x.debit - x.credit, 0);
};

describe('a camt.053 statement into 512, matched to the co-owners', () => {
  it('matches by reference, amount and name, settles the appels, queues the rest, and changes nothing the second time', async () => {
    const { b, fill } = await calledBuilding();
    const content = fill(await fixture('releve.camt053.xml'));
    const first = await importStatement(t.database.db, {
      coproprieteId: b.coproId,
      format: 'camt053',
      content,
    });
    expect(first).toMatchObject({ known: 0, matched: 2, unmatched: 1, outgoing: 1 });

    // Martin's statement shows the appel settled at once.
    const statement = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledger, { coproId: b.coproId, id: b.owners.martin.id }),
      headers: b.martinHeaders,
    });
    expect(json(statement).data.solde).toBe(0);
    expect(await balanceOf(b.coproId, '4501', b.owners.martin.id)).toBe(0);
    expect(await balanceOf(b.coproId, '512')).toBe(320_401 + 235_800 + 133_800 - 20_500);
    expect(await balanceOf(b.coproId, '471')).toBe(-133_800 + 20_500);

    const ecritures = (
      await t.database.db
        .select()
        .from(journalEcritures)
        .where(eq(journalEcritures.copropriete_id, b.coproId))
    ).length;
    const again = await importStatement(t.database.db, {
      coproprieteId: b.coproId,
      format: 'camt053',
      content,
    });
    expect(again).toEqual({
      statementId: first.statementId,
      known: 4,
      matched: 0,
      unmatched: 0,
      outgoing: 0,
    });
    expect(
      (
        await t.database.db
          .select()
          .from(journalEcritures)
          .where(eq(journalEcritures.copropriete_id, b.coproId))
      ).length,
    ).toBe(ecritures);
  });

  it('keeps the credit paid by a manager in the queue with its candidates, and matches it by hand once', async () => {
    const { b, fill } = await calledBuilding();
    await importStatement(t.database.db, {
      coproprieteId: b.coproId,
      format: 'camt053',
      content: fill(await fixture('releve.camt053.xml')),
    });
    const [waiting] = await unmatchedQueue(t.database.db, b.coproId);
    expect(waiting).toMatchObject({
      amount_cents: 133_800,
      name: 'GESTION IMMO CONSEIL',
      status: 'unmatched',
    });
    expect(waiting.suggestions[0]).toEqual({
      coproprietaireId: b.owners.sci.id,
      confidence: 30,
      reason: 'montant égal au solde dû',
    });

    const other = await makeMoneyBuilding(t.database.db);
    const stranger = await matchByHand(t.database.db, {
      coproprieteId: other.coproId,
      bankLineId: waiting.id,
      coproprietaireId: other.owners.sci.id,
    }).catch((e) => e);
    expect(stranger.code).toBe('NOT_FOUND');
    const wrongOwner = await matchByHand(t.database.db, {
      coproprieteId: b.coproId,
      bankLineId: waiting.id,
      coproprietaireId: other.owners.sci.id,
    }).catch((e) => e);
    expect(wrongOwner.code).toBe('NOT_FOUND');

    const s = await matchByHand(t.database.db, {
      coproprieteId: b.coproId,
      bankLineId: waiting.id,
      coproprietaireId: b.owners.sci.id,
    });
    expect(s.unallocated).toBe(0);
    const lettrage = await t.database.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.payment_transaction_id, s.paymentId));
    expect(lettrage.map((a) => a.amount_cents)).toEqual([133_800]);
    expect(await balanceOf(b.coproId, '4501', b.owners.sci.id)).toBe(0);
    expect(await balanceOf(b.coproId, '471')).toBe(20_500);
    expect(await unmatchedQueue(t.database.db, b.coproId)).toEqual([]);
    const twice = await matchByHand(t.database.db, {
      coproprieteId: b.coproId,
      bankLineId: waiting.id,
      coproprietaireId: b.owners.sci.id,
    }).catch((e) => e);
    expect(twice.message).toBe('Cette ligne du relevé est déjà rapprochée.');
  });
});

describe('CSV with the bank’s columns, and OFX', () => {
  it('imports a CSV by its mapping: the reference matches, a transfer without one waits', async () => {
    const { b, fill } = await calledBuilding();
    const content = fill(await fixture('releve.csv'));
    const mapping = {
      date: 'Date opération',
      label: 'Libellé',
      debit: 'Débit',
      credit: 'Crédit',
      name: "Donneur d'ordre",
    };
    const r = await importStatement(t.database.db, {
      coproprieteId: b.coproId,
      format: 'csv',
      content,
      mapping,
    });
    expect(r).toMatchObject({ matched: 1, unmatched: 1, outgoing: 1 });
    const [waiting] = await unmatchedQueue(t.database.db, b.coproId);
    expect(waiting.suggestions[0]).toEqual({
      coproprietaireId: b.owners.leroy.id,
      confidence: 55,
      reason: "montant égal au solde dû, nom du donneur d'ordre",
    });
    const again = await importStatement(t.database.db, {
      coproprieteId: b.coproId,
      format: 'csv',
      content,
      mapping,
    });
    expect(again).toMatchObject({ known: 3, matched: 0, unmatched: 0, outgoing: 0 });
    const missing = await importStatement(t.database.db, {
      coproprieteId: b.coproId,
      format: 'csv',
      content,
      mapping: { ...mapping, date: 'Date' },
    }).catch((e) => e);
    expect(missing.message).toBe('La colonne «\u202fDate\u202f» est absente du fichier.');
  });

  it('imports an OFX statement, each transaction once by its FITID', async () => {
    const { b, fill } = await calledBuilding();
    const content = fill(await fixture('releve.ofx'));
    expect(
      await importStatement(t.database.db, { coproprieteId: b.coproId, format: 'ofx', content }),
    ).toMatchObject({ matched: 2, unmatched: 0, outgoing: 1 });
    expect(
      await importStatement(t.database.db, { coproprieteId: b.coproId, format: 'ofx', content }),
    ).toMatchObject({ known: 3, matched: 0 });
    expect(await balanceOf(b.coproId, '4501', b.owners.leroy.id)).toBe(0);
  });

  it('refuses a file that is no statement, in French', async () => {
    const { b } = await calledBuilding();
    const err = await importStatement(t.database.db, {
      coproprieteId: b.coproId,
      format: 'camt053',
      content: '<a/>',
    }).catch((e) => e);
    expect(err.message).toBe("Ce fichier n'est pas un relevé camt.053.");
  });
});
