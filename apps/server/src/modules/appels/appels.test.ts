import { financeEndpoints, POSTAL_RIGHT_MENTION } from '@tantieme/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billLotLines, bills, communications, coproprietaires, ledgerLines } from '../../db/schema/index.js';
import { makeMoneyBuilding, makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { url } from '../finances/finances.fixture.js';
import * as journal from '../journal/journal.repo.js';
import { requestPost } from '../settings/postal.service.js';
import { generate, overview, setBudget } from './appels.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const votedBuilding = () => makeVotedBuilding(t.database.db);

describe('appels de fonds from the budget prévisionnel', () => {
  it('calls a quarter per lot and key: bill, the co-owners’ statements at once, and the journal', async () => {
    const { b, base } = await votedBuilding();
    const q1 = await generate(t.database.db, { ...base, kind: 'budget', period: 1 });
    expect(q1).toMatchObject({ created: true, dueDate: '2026-01-01', coOwners: 3 });
    // Quarter of 24 000,01 → 6 000,01 (the cent on the first quarter); of 3 600 → 900.
    expect(q1.totalCents).toBe(600_001 + 90_000);

    const statement = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledger, { coproId: b.coproId, id: b.owners.martin.id }),
      headers: b.martinHeaders,
    });
    expect(statement.statusCode).toBe(200);
    // Martin: A01 takes 799 200,333 → 799 201 c of the year (the largest remainder, before B01 at
    // the same remainder), its first quarter 199 801; A02 266 400 → 66 600; the lift's 60/100 → 54 000.
    expect(json(statement).data.lines).toEqual([
      expect.objectContaining({
        name: { fr: 'Appel de fonds – 1er trimestre 2026' },
        date: '2026-01-01',
        amount_type: 'debit',
        bill_type: 'fonctionnement',
        bill_id: q1.billId,
      }),
    ]);
    expect(json(statement).data.solde).toBe(199_801 + 66_600 + 54_000);

    const e = await journal.ecritureWithLignes(t.database.db, q1.ecritureId);
    expect(e).toMatchObject({ number: 1, libelle: 'Appel de fonds – 1er trimestre 2026', source: 'appel' });
    const credit = e?.lignes.filter((l) => l.account === '701') ?? [];
    expect(credit.map((l) => l.credit_cents)).toEqual([q1.totalCents]);
    // The co-owner's statement is their 450 account: same debit, linked line by line.
    const ledger = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.bill_id, q1.billId as string));
    for (const l of ledger) {
      const mirror = e?.lignes.find((x) => x.ledger_line_id === l.id);
      expect(mirror).toMatchObject({
        account: '4501',
        coproprietaire_id: l.coproprietaire_id,
        debit_cents: l.amount_cents,
      });
    }
    const [bill] = await t.database.db
      .select()
      .from(bills)
      .where(eq(bills.id, q1.billId as string));
    expect(bill.total_cents).toBe(q1.totalCents);
  });

  it('calls each period once, and the four quarters add up to the budget of each key to the cent', async () => {
    const { b, base } = await votedBuilding();
    const first = await generate(t.database.db, { ...base, kind: 'budget', period: 1 });
    const again = await generate(t.database.db, { ...base, kind: 'budget', period: 1 });
    expect(again).toMatchObject({ created: false, billId: first.billId, ecritureId: first.ecritureId });
    for (const period of [2, 3, 4]) await generate(t.database.db, { ...base, kind: 'budget', period });
    const { runs } = await overview(t.database.db, b.coproId, b.yearId);
    expect(runs.map((r) => r.due_date)).toEqual(['2026-01-01', '2026-04-01', '2026-07-01', '2026-10-01']);
    for (const [key, budget] of [
      [b.keys.cg, 2_400_001],
      [b.keys.asc, 360_000],
    ] as const) {
      const lines = await t.database.db
        .select()
        .from(billLotLines)
        .where(eq(billLotLines.repartition_id, key));
      expect(lines.reduce((s, l) => s + l.amount_cents, 0)).toBe(budget);
    }
    const balances = await journal.balances(t.database.db, b.coproId);
    const owed = await t.database.db
      .select()
      .from(ledgerLines)
      .where(and(eq(ledgerLines.copropriete_id, b.coproId), eq(ledgerLines.amount_type, 'debit')));
    for (const o of Object.values(b.owners)) {
      const on450 = balances.find((x) => x.account === '4501' && x.coproprietaire_id === o.id);
      const statement = owed
        .filter((l) => l.coproprietaire_id === o.id)
        .reduce((s, l) => s + l.amount_cents, 0);
      expect(on450 && on450.debit - on450.credit).toBe(statement);
    }
    expect(balances.find((x) => x.account === '701')?.credit).toBe(2_760_001);
    const refused = await setBudget(t.database.db, {
      ...base,
      repartitionId: b.keys.cg,
      kind: 'budget',
      amountCents: 1,
    }).catch((e) => e);
    expect(refused.message).toBe('Des appels ont déjà été émis sur ce budget\u202f: il ne se modifie plus.');
  });

  it('calls the fonds de travaux at no less than 5 % of the budget (art. 14-2-1), on 4505 and 105', async () => {
    const { b, base } = await votedBuilding();
    await setBudget(t.database.db, {
      ...base,
      repartitionId: b.keys.cg,
      kind: 'fonds_travaux',
      amountCents: 138_000,
    });
    const low = await generate(t.database.db, { ...base, kind: 'fonds_travaux', period: 1 }).catch((e) => e);
    expect(low.message).toBe(
      'La cotisation au fonds de travaux (1\u202f380,00\u00a0€) est inférieure au minimum légal de 1\u202f380,01\u00a0€ (loi du 10 juillet 1965, art. 14-2-1).',
    );
    await setBudget(t.database.db, {
      ...base,
      repartitionId: b.keys.cg,
      kind: 'fonds_travaux',
      amountCents: 138_001,
    });
    const ft = await generate(t.database.db, { ...base, kind: 'fonds_travaux', period: 1 });
    const e = await journal.ecritureWithLignes(t.database.db, ft.ecritureId);
    expect(new Set(e?.lignes.map((l) => l.account))).toEqual(new Set(['4505', '105']));
    const [bill] = await t.database.db
      .select()
      .from(bills)
      .where(eq(bills.id, ft.billId as string));
    expect(bill).toMatchObject({ bill_type: 'fond_travaux', name: 'Fonds de travaux – 1er trimestre 2026' });
  });

  it('refuses another building’s exercice or key, and a period beyond the assembly’s', async () => {
    const { b, base } = await votedBuilding();
    const other = await makeMoneyBuilding(t.database.db);
    const wrongYear = await generate(t.database.db, {
      ...base,
      financialYearId: other.yearId,
      kind: 'budget',
      period: 1,
    }).catch((e) => e);
    expect(wrongYear.code).toBe('NOT_FOUND');
    const wrongKey = await setBudget(t.database.db, {
      ...base,
      repartitionId: other.keys.cg,
      kind: 'budget',
      amountCents: 1,
    }).catch((e) => e);
    expect(wrongKey.code).toBe('NOT_FOUND');
    const fifth = await generate(t.database.db, { ...base, kind: 'budget', period: 5 }).catch((e) => e);
    expect(fifth.message).toBe('La période va de 1 à 4.');
    expect(b.coproId).not.toBe(other.coproId);
  });
});

describe('the notice of an appel de fonds', () => {
  it('reaches each co-owner by the art. 42-1 channel, with the mention of how to keep the post', async () => {
    const { b, base } = await votedBuilding();
    const owners = Object.values(b.owners).map((o) => o.id);
    // One co-owner asked for the post before the appel (loi art. 42-1, décret art. 64-1).
    await requestPost(t.database.db, owners[0]!, 'syndic', null, new Date('2025-12-01T09:00:00Z'));
    // Another has an e-mail and asked nothing: electronic.
    await t.database.db
      .update(coproprietaires)
      .set({ contacts: [{ id: 'c1', last_name: 'Martin', emails: [{ value: 'jeanne.martin@example.fr' }] }] })
      .where(eq(coproprietaires.id, owners[1]!));
    const q1 = await generate(t.database.db, { ...base, kind: 'budget', period: 1 });
    const notices = await t.database.db
      .select()
      .from(communications)
      .where(and(eq(communications.module, 'adf'), inArray(communications.coproprietaire_id, owners)));
    expect(notices).toHaveLength(q1.coOwners);
    for (const n of notices) {
      expect(n.subject).toBe(
        `Appel de fonds – 1er trimestre 2026\u202f: ${n.content?.match(/copropriété (.+?) vous/)?.[1]}`,
      );
      expect(n.content).toContain(POSTAL_RIGHT_MENTION);
      expect(n.content).toContain('exigible le 01/01/2026');
    }
    const method = (id: string) => notices.find((n) => n.coproprietaire_id === id)?.sending_method;
    expect(method(owners[0]!)).toBe('postal');
    expect(method(owners[1]!)).toBe('email');
    expect(notices.find((n) => n.coproprietaire_id === owners[1])?.recipient_info).toMatchObject({
      to_addresses: ['jeanne.martin@example.fr'],
    });
    // Generated again: nothing more, no second notice.
    await generate(t.database.db, { ...base, kind: 'budget', period: 1 });
    const again = await t.database.db
      .select()
      .from(communications)
      .where(and(eq(communications.module, 'adf'), inArray(communications.coproprietaire_id, owners)));
    expect(again).toHaveLength(q1.coOwners);
  });
});
