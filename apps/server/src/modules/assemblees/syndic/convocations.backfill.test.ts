import { readFileSync } from 'node:fs';
import { estimatedPostalPresentation } from '@tantieme/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assembleeConvocations,
  assemblees,
  communicationAttachments,
  communications,
} from '../../../db/schema/index.js';
import { makeAssemblee } from '../../../test/factories.assemblees.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * Migration 0035: an assembly published before convocations were recorded per co-owner gets one
 * row per convened co-owner, channel as published then, first presentation estimated by the
 * contract's rule. Run here again on rows made to look like that time (no convocation rows).
 */
let t: TestApp;
const migration = readFileSync(
  new URL('../../../db/migrations/0035_convocations_backfill.sql', import.meta.url),
  'utf8',
);
const runBackfill = async () => {
  for (const statement of migration.split('--> statement-breakpoint'))
    await t.database.db.execute(sql.raw(statement));
};
const rowsOf = (agId: string) =>
  t.database.db.select().from(assembleeConvocations).where(eq(assembleeConvocations.assemblee_id, agId));

/** An assembly published at `at`, its first co-owner convened by a plain e-mail then. */
async function publishedBefore(at: Date, emailTo: string | null) {
  const made = await makeAssemblee(t.database.db);
  const ag = made.ag;
  await t.database.db.update(assemblees).set({ published_at: at }).where(eq(assemblees.id, ag.id));
  const copro = made.copro;
  for (const [i, o] of made.owners.entries()) {
    const email = i === 0 && emailTo;
    const [c] = await t.database.db
      .insert(communications)
      .values({
        syndic_id: copro.syndic_id,
        copropriete_id: copro.id,
        coproprietaire_id: o.record.id,
        sending_method: email ? 'email' : 'postal',
        module: 'convocation',
        recipient_info: email ? { name: 'X', to_addresses: [email] } : { name: 'X' },
      })
      .returning();
    await t.database.db
      .insert(communicationAttachments)
      .values({ communication_id: c.id, file_id: ag.convocation_file_id!, name: 'Convocation.pdf' });
  }
  return made;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 0035: convocation rows for assemblies published before them', () => {
  it('adds one row per convened co-owner: the e-mail at once, the post J+1 ouvré as the contract estimates', async () => {
    // Wednesday 24 December 2025, 15:00 in Paris: the 25th is Christmas, so the post is presented on Friday the 26th.
    const christmas = new Date('2025-12-24T14:00:00Z');
    // Saturday 4 April 2026 (summer time since 29 March): Sunday, then Easter Monday, so Tuesday the 7th.
    const easter = new Date('2026-04-04T08:30:00Z');
    const a = await publishedBefore(christmas, 'sophie.girard@example.fr');
    const b = await publishedBefore(easter, null);
    const untouched = await makeAssemblee(t.database.db);
    await runBackfill();

    const rowsA = await rowsOf(a.ag.id);
    expect(rowsA).toHaveLength(5);
    const first = rowsA.find((r) => r.coproprietaire_id === a.owners[0].record.id)!;
    expect(first).toMatchObject({
      channel: 'email',
      recipient: 'sophie.girard@example.fr',
      first_presentation_source: 'estimated',
      provider: null,
    });
    expect(first.sent_at).toEqual(christmas);
    expect(first.first_presented_at).toEqual(christmas);
    for (const r of rowsA.filter((x) => x !== first)) {
      expect(r.channel).toBe('postal');
      expect(r.first_presented_at).toEqual(new Date('2025-12-26T11:00:00Z'));
      expect(r.first_presented_at).toEqual(estimatedPostalPresentation(christmas));
    }

    const rowsB = await rowsOf(b.ag.id);
    expect(rowsB.map((r) => r.channel)).toEqual(['postal', 'postal', 'postal', 'postal', 'postal']);
    for (const r of rowsB) {
      expect(r.sent_at).toEqual(easter);
      expect(r.first_presented_at).toEqual(new Date('2026-04-07T10:00:00Z'));
      expect(r.first_presented_at).toEqual(estimatedPostalPresentation(easter));
    }
    // Never published: nothing to backfill.
    expect(await rowsOf(untouched.ag.id)).toHaveLength(0);
  });

  it('leaves an assembly that has its rows as it is, and runs twice without adding any', async () => {
    const c = await publishedBefore(new Date('2026-03-02T09:00:00Z'), null);
    await t.database.db.insert(assembleeConvocations).values({
      assemblee_id: c.ag.id,
      coproprietaire_id: c.owners[0].record.id,
      channel: 'postal',
      sent_at: new Date('2026-03-02T09:00:00Z'),
      first_presented_at: new Date('2026-03-04T09:40:00Z'),
      first_presentation_source: 'syndic',
    });
    await runBackfill();
    await runBackfill();
    const rows = await rowsOf(c.ag.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].first_presentation_source).toBe('syndic');
  });
});
