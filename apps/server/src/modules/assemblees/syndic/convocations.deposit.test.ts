import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeConvocations, outbox } from '../../../db/schema/index.js';
import { deliverPending } from '../../../outbox/worker.js';
import { LRE_DEPOSIT } from '../../../platform/outbox.js';
import { assembly, call, ok, setUp, state, syndic, t } from './assemblees.fixture.js';
import { depositPendingLre } from './convocation-letter.js';

/**
 * The registered electronic letters of a convocation are an outbox kind: queued by the
 * publication, tried at once after its commit, retried by the worker when the provider fails,
 * and never deposited twice.
 */

beforeAll(setUp);
afterAll(() => t.close());

const letters = () =>
  t.database.db
    .select()
    .from(assembleeConvocations)
    .where(and(eq(assembleeConvocations.assemblee_id, state.agId), eq(assembleeConvocations.channel, 'lre')));
const depositRows = () => t.database.db.select().from(outbox).where(eq(outbox.channel, LRE_DEPOSIT));

describe('the LRE deposit through the outbox', () => {
  it('keeps the letters of a failed deposit, retries them by the worker, and sends each once', async () => {
    const put = await ok(call('PUT', '/assemblees/AG2026', syndic.headers, assembly()));
    state.agId = put.id;
    const lre = t.app.platform.lre;
    const send = lre.send.bind(lre);
    let sends = 0;
    let down = true;
    lre.send = async (letter) => {
      if (down) throw new Error('AR24 injoignable');
      sends += 1;
      return send(letter);
    };
    try {
      const pub = await ok(call('POST', '/assemblees/AG2026/publish', syndic.headers));
      expect(pub.sent.lre).toBe(2);
      expect(pub.warnings).toEqual([
        '2 lettre(s) recommandée(s) électronique(s) non déposée(s) chez le prestataire\u202f: un nouvel essai part automatiquement (rien ne part deux fois).',
      ]);
      const failed = await letters();
      expect(failed.map((l) => [l.sending_id, l.error])).toEqual([
        [null, 'AR24 injoignable'],
        [null, 'AR24 injoignable'],
      ]);
      const [row] = await depositRows();
      expect(row).toMatchObject({ recipient: state.agId, status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/2 letter\(s\) not deposited/);

      // The provider is back; the retry falls due (its back-off elapsed).
      down = false;
      await t.database.db.update(outbox).set({ next_attempt_at: new Date() }).where(eq(outbox.id, row.id));
      const worker = {
        lreDeposit: (id: string) =>
          depositPendingLre(
            { db: t.database.db, config: t.app.config, lre, storage: t.app.platform.storage },
            id,
          ),
      };
      expect(
        await deliverPending(t.database.db, t.app.platform.mail, t.app.platform.sms, undefined, worker),
      ).toBeGreaterThanOrEqual(1);
      const deposited = await letters();
      expect(deposited.every((l) => l.sending_id?.startsWith('local-') && l.error === null)).toBe(true);
      expect(sends).toBe(2);
      expect((await depositRows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });

      // The worker passing again, and publishing again, deposit nothing twice.
      await deliverPending(t.database.db, t.app.platform.mail, t.app.platform.sms, undefined, worker);
      const again = await ok(call('POST', '/assemblees/AG2026/publish', syndic.headers));
      expect(again.warnings).toEqual([]);
      expect(await depositRows()).toHaveLength(1);
      expect(sends).toBe(2);
    } finally {
      lre.send = send;
    }
  });
});
