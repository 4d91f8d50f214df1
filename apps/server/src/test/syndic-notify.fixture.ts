import { eq, inArray } from 'drizzle-orm';
import { coproprietaires, notifications } from '../db/schema/index.js';
import { makeSignedInUser } from './factories.js';
import { makeSyndicWithKey } from './factories.syndic.js';
import { createTestApp } from './harness.js';
import { callsOf, PDF } from './syndic-documents.fixture.js';

/** A PDF in the PUT's form. */
export const file = {
  name: 'f.pdf',
  content_type: 'application/pdf',
  content_base64: PDF.toString('base64'),
};

/**
 * The world of the tests of who the syndic API's documents, invoices and communications tell:
 * record ids by external_id in `rec`, P1 ordinary (attached, `p1User`), P2 council member, P3
 * ordinary (building IMM, bank statements for the council only); PX in building AUTRE (no scope
 * set); PB another syndic's. `order` lists each committed transaction and each realtime emit
 * (decision 54: emit after COMMIT); `reset()` before each test.
 */
export async function syndicNotifyWorld() {
  const t = await createTestApp();
  const { call, ok } = callsOf(t);
  const a = await makeSyndicWithKey(t.database.db);
  const b = await makeSyndicWithKey(t.database.db);
  const rec: Record<string, string> = {};
  /** What happened, in order: each committed transaction and each realtime emit. */
  const order: string[] = [];
  const h = a.headers;
  await ok(
    call('PUT', '/coproprietes/IMM', h, {
      name: 'Résidence Les Tilleuls',
      address: { full_address: '14 rue des Tilleuls 69003 Lyon' },
      settings: {
        show_invoice: '1',
        show_invoice_scope: '1',
        show_copro_document: '1',
        show_copro_document_scope: '1',
        show_syndic_document: '1',
        show_syndic_document_scope: '1',
        show_releves_bancaires: '1',
        // Bank statements: the council only.
        show_releves_bancaires_scope: '2',
      },
    }),
  );
  // No scope set: nobody of this building sees the copropriété's or the syndic's documents.
  await ok(
    call('PUT', '/coproprietes/AUTRE', h, { name: 'Le Clos', address: { full_address: '1 rue B Lyon' } }),
  );
  await ok(
    call('PUT', '/coproprietes/IMM', b.headers, {
      name: 'Chez B',
      address: { full_address: '2 rue C Lyon' },
    }),
  );
  for (const [ext, copro, extra] of [
    ['P1', 'IMM', {}],
    ['P2', 'IMM', { is_member_syndicat: true }],
    ['P3', 'IMM', {}],
    ['PX', 'AUTRE', {}],
  ] as const)
    rec[ext] = (
      await ok(call('PUT', `/coproprietaires/${ext}`, h, { copropriete: copro, last_name: ext, ...extra }))
    ).id;
  rec.PB = (
    await ok(call('PUT', '/coproprietaires/PB', b.headers, { copropriete: 'IMM', last_name: 'B' }))
  ).id;
  const p1User = await makeSignedInUser(t.database.db);
  await t.database.db
    .update(coproprietaires)
    .set({ user_id: p1User.user.id, init_settings_done: true })
    .where(eq(coproprietaires.id, rec.P1));

  // Commits of the app's transactions and live emits, in order (decision 54: emit after COMMIT).
  const db = t.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    const r = await transaction(...args);
    order.push('commit');
    return r;
  }) as typeof db.transaction;
  const toRooms = t.realtime.toRooms;
  t.realtime.toRooms = (rooms, event, payload) => {
    order.push(`emit:${event}`);
    toRooms(rooms, event, payload);
  };
  /** The notifications of the named records, created by this test's sends (newest first). */
  async function notified(...exts: string[]) {
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.coproprietaire_id,
          exts.map((e) => rec[e]),
        ),
      );
    return rows;
  }
  const whoGot = async (title: string) => {
    const rows = (await notified('P1', 'P2', 'P3', 'PX', 'PB')).filter((r) => r.title === title);
    const byId = Object.fromEntries(Object.entries(rec).map(([k, v]) => [v, k]));
    return rows.map((r) => byId[r.coproprietaire_id ?? '']).sort();
  };
  const notificationRooms = () =>
    t.realtime.sent.filter((s) => s.event === 'notification').map((s) => s.room);
  const reset = () => {
    order.length = 0;
    t.realtime.sent.length = 0;
  };
  return { t, a, b, call, ok, rec, p1User, order, reset, notified, whoGot, notificationRooms };
}
