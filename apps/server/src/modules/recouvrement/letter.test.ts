import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, relances } from '../../db/schema/index.js';
import { makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { deliverPending } from '../../outbox/worker.js';
import { LRE_LETTER } from '../../platform/outbox.js';
import { depositLetter } from './letter.js';
import { extractPdfText } from '../../platform/pdf-text.js';
import { letterPdf, saveSettings, send } from './recouvrement.service.js';

/**
 * The mise en demeure's registered letter is an outbox kind: queued by the step, tried at once
 * after its commit, retried by the worker when the provider fails, and never deposited twice.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the letter of a mise en demeure through the outbox', () => {
  it('keeps a failed deposit, retries it by the worker, and deposits it once', async () => {
    const { b } = await makeVotedBuilding(t.database.db, { callFirstQuarter: true });
    await saveSettings(t.database.db, b.coproId, {
      reminderDays: [10],
      miseEnDemeureDays: 40,
      miseEnDemeureFeeCents: 0,
      relanceFeeCents: 0,
    });
    const lre = t.app.platform.lre;
    const real = lre.send.bind(lre);
    let sends = 0;
    let down = true;
    lre.send = async (letter) => {
      if (down) throw new Error('AR24 injoignable');
      sends += 1;
      return real(letter);
    };
    try {
      const med = await send(t.app, {
        coproprieteId: b.coproId,
        ownerId: b.owners.martin.id,
        step: 'mise_en_demeure',
        userId: null,
        today: '2026-02-15',
      });
      expect(med).toMatchObject({ step: 'mise_en_demeure', channel: 'lre', presented: null });
      const letter = async () =>
        (await t.database.db.select().from(relances).where(eq(relances.id, med.id)))[0]!;
      expect(await letter()).toMatchObject({ sending_id: null, error: 'AR24 injoignable' });
      const [row] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, med.id));
      expect(row).toMatchObject({
        channel: LRE_LETTER,
        status: 'pending',
        attempts: 1,
        subject: 'Mise en demeure de payer',
      });
      expect(row!.body).toContain('Sommes dues à ce jour');

      down = false;
      await t.database.db.update(outbox).set({ next_attempt_at: new Date() }).where(eq(outbox.id, row!.id));
      const worker = { lreLetter: (r: typeof row) => depositLetter({ db: t.database.db, lre }, r!) };
      await deliverPending(t.database.db, t.app.platform.mail, t.app.platform.sms, undefined, worker);
      expect(await letter()).toMatchObject({ error: null });
      expect((await letter()).sending_id).toMatch(/^local-/);
      expect(sends).toBe(1);

      // The worker again, or the same row run again, deposits nothing twice.
      await deliverPending(t.database.db, t.app.platform.mail, t.app.platform.sms, undefined, worker);
      await depositLetter({ db: t.database.db, lre }, row!);
      expect(sends).toBe(1);
      const [after] = await t.database.db.select().from(outbox).where(eq(outbox.id, row!.id));
      expect(after).toMatchObject({ status: 'sent', attempts: 2 });

      // The letter as sent, printable for the post or kept: its PDF says what it claims.
      const pdf = await letterPdf(t.app, b.coproId, med.id);
      expect(pdf.name).toMatch(/^Mise en demeure – .+\.pdf$/);
      const bytes = await t.app.platform.storage.get(
        `coproprietes/${b.coproId}/relances/${med.id}/lettre.pdf`,
      );
      const text = await extractPdfText(bytes!);
      expect(text).toContain('Mise en demeure');
      expect(text).toContain('Sommes dues à ce jour');
      await expect(letterPdf(t.app, b.coproId, b.coproId)).rejects.toThrow(/Aucune lettre/);
    } finally {
      lre.send = real;
    }
  });
});
