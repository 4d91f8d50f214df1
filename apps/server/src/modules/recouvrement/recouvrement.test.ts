import { POSTAL_RIGHT_MENTION } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, relances } from '../../db/schema/index.js';
import type { LocalLreAdapter } from '../../platform/lre/local.js';
import { makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { generate } from '../appels/appels.service.js';
import * as journal from '../journal/journal.repo.js';
import { debtors, saveSettings, send } from './recouvrement.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notesOf = (ownerId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.coproprietaire_id, ownerId));

const balanceOf = async (coproId: string, account: string, owner?: string) =>
  (await journal.balances(t.database.db, coproId))
    .filter((x) => x.account === account && (owner === undefined || x.coproprietaire_id === owner))
    .reduce((s, x) => s + x.debit - x.credit, 0);

describe('reminders, the mise en demeure and art. 19-2 for a debt fallen due on 1 January 2026', () => {
  it('grades the steps, charges only from the mise en demeure, and calls the rest of the year once', async () => {
    const { b, base } = await makeVotedBuilding(t.database.db, { callFirstQuarter: true });
    await saveSettings(t.database.db, b.coproId, {
      reminderDays: [10, 25],
      miseEnDemeureDays: 40,
      miseEnDemeureFeeCents: 4500,
      relanceFeeCents: 1500,
    });
    const list = await debtors(t.app, b.coproId, '2026-01-15');
    expect(list.debtors.map((d) => [d.name, d.due_cents, d.due_step])).toEqual([
      ['Jeanne Martin', 320_401, 'relance'],
      ['Paul Leroy', 235_800, 'relance'],
      ['SCI du Parc', 133_800, 'relance'],
    ]);
    expect(list.totals.b30).toBe(320_401 + 235_800 + 133_800);

    const go = (step: 'relance' | 'mise_en_demeure' | 'exigibilite', today: string) =>
      send(t.app, { coproprieteId: b.coproId, ownerId: b.owners.martin.id, step, userId: null, today });

    expect(await go('relance', '2026-01-15')).toMatchObject({
      step: 'relance',
      grade: 1,
      fee_cents: 0,
      channel: 'app',
    });
    const med = await go('mise_en_demeure', '2026-02-15');
    expect(med).toMatchObject({ step: 'mise_en_demeure', fee_cents: 4500, channel: 'lre' });
    await expect(go('mise_en_demeure', '2026-02-16')).rejects.toThrow(/déjà été envoyée/);
    expect(await balanceOf(b.coproId, '450', b.owners.martin.id)).toBe(4500);
    expect(await balanceOf(b.coproId, '716')).toBe(-4500);
    expect(await go('relance', '2026-02-20')).toMatchObject({ grade: 2, fee_cents: 1500 });

    // The letter lists what is claimed by nature (Cass. avis 12 déc. 2024): the first quarter's
    // provision now, the three others that would fall due.
    const medBody = (await notesOf(b.owners.martin.id)).find(
      (n) => n.title === 'Mise en demeure de payer',
    )?.body;
    expect(medBody).toContain("Provisions du budget prévisionnel de l'exercice en cours (art. 14-1)");
    expect(medBody).toContain('provisions du budget prévisionnel non encore échues, périodes 2, 3, 4');
    expect(medBody).toContain('à compter du lendemain de la première présentation');

    // Not presented yet: the thirty days have not started, whatever the date.
    await expect(go('exigibilite', '2026-06-01')).rejects.toThrow(/première présentation/);
    const [letter] = await t.database.db.select().from(relances).where(eq(relances.id, med.id));
    (t.app.platform.lre as LocalLreAdapter).present(letter!.sending_id!, new Date('2026-02-16T09:30:00Z'));
    await expect(go('exigibilite', '2026-03-18')).rejects.toThrow(/trente jours/);
    const before = await balanceOf(b.coproId, '4501', b.owners.martin.id);
    expect(await go('exigibilite', '2026-03-19')).toMatchObject({ step: 'exigibilite', fee_cents: 0 });
    const anticipated = (await balanceOf(b.coproId, '4501', b.owners.martin.id)) - before;
    // Quarters 2 to 4 of Martin's 3 204,01 € a quarter (the largest-remainder split).
    expect(anticipated).toBeGreaterThanOrEqual(3 * 320_400);
    expect(anticipated).toBeLessThanOrEqual(3 * 320_401);
    await expect(go('exigibilite', '2026-03-20')).rejects.toThrow(/art. 19-2/);

    // The second quarter's appel leaves out what Martin already owes for it.
    const leroyBefore = await balanceOf(b.coproId, '4501', b.owners.leroy.id);
    await generate(t.database.db, { ...base, kind: 'budget', period: 2 });
    expect(await balanceOf(b.coproId, '4501', b.owners.martin.id)).toBe(before + anticipated);
    expect((await balanceOf(b.coproId, '4501', b.owners.leroy.id)) - leroyBefore).toBe(235_800);
    for (const e of await journal.journalOf(t.database.db, b.yearId))
      expect(e.lignes.reduce((s, l) => s + l.debit_cents - l.credit_cents, 0)).toBe(0);

    // Every step is on the co-owner's side.
    const seen = await notesOf(b.owners.martin.id);
    expect(seen.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        'Relance n°\u00a01\u202f: appels de fonds impayés',
        'Mise en demeure de payer',
        'Exigibilité anticipée des provisions (art. 19-2)',
      ]),
    );
    expect(seen.find((n) => n.title === 'Mise en demeure de payer')?.body).toContain(POSTAL_RIGHT_MENTION);
  });

  it('refuses a step for a co-owner who owes nothing', async () => {
    const { b } = await makeVotedBuilding(t.database.db);
    await expect(
      send(t.app, {
        coproprieteId: b.coproId,
        ownerId: b.owners.leroy.id,
        step: 'relance',
        userId: null,
        today: '2026-02-01',
      }),
    ).rejects.toThrow(/pas d'impayé/);
  });
});
