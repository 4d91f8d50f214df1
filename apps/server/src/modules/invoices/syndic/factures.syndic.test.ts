import {
  buildPath,
  consoleFacturesEndpoints as f,
  type Endpoint,
  syndicFactureEndpoints as s,
} from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietes, supplierInvoices } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeMoneyBuilding } from '../../../test/factories.journal.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { adoptExternalIds, RES } from '../../syndic-api/kit/index.js';
import * as journal from '../../journal/journal.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('approval and payment through the syndic API', () => {
  it("records the threshold, sends a console invoice to the council, pays it once; another syndic's key gets 404", async () => {
    const b = await makeMoneyBuilding(t.database.db);
    const db = t.database.db;
    const key = await makeSyndicWithKey(db, ['read', 'write'], { id: b.syndicId });
    const other = await makeSyndicWithKey(db);
    const volunteer = await makeSignedInUser(db);
    await db
      .update(coproprietes)
      .set({ syndic_benevole_user_id: volunteer.user.id })
      .where(eq(coproprietes.id, b.coproId));
    // The building's external id (the console's `gestion-<id>` when the API never named it).
    const ext = (await adoptExternalIds(db, b.syndicId, RES.copropriete, [b.coproId])).get(b.coproId)!;
    const api = async (e: Endpoint, ext: string, body?: object, headers = key.headers) => {
      const res = await t.app.inject({
        method: e.method as 'GET',
        url: `/api${buildPath(e.path, { external_id: ext })}`,
        headers,
        payload: body,
      });
      return { status: res.statusCode, body: json(res) };
    };
    const th = await api(s.threshold, ext, { amount_cents: 100_000 });
    expect(th.body.data).toMatchObject({ amount_cents: 100_000 });

    const made = await t.app.inject({
      method: 'POST',
      url: `/api${buildPath(f.capture.path, { coproId: b.coproId })}`,
      headers: volunteer.headers,
      payload: {
        fournisseur_name: 'Toitures Lyonnaises',
        invoice_date: '2026-04-02',
        amount_cents: 246_000,
        account: '615',
        repartition_id: b.keys.cg,
      },
    });
    const id = json(made).data.id as string;
    const invExt = `gestion-${id}`;

    // The back office reads it as any invoice of the API, with its dépense on the key.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/syndic/v1/invoices/${invExt}`,
      headers: key.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(json(read).data).toMatchObject({ external_id: invExt, amount_cents: 246_000 });
    expect((await api(s.payment, invExt, { date: '2026-04-20' })).status).toBe(409);
    expect((await api(s.sendToCouncil, invExt)).body.data.stage).toBe('au_conseil');
    expect((await api(s.sendToCouncil, invExt)).body.data.stage).toBe('au_conseil');
    expect((await api(s.approval, invExt, undefined, other.headers)).status).toBe(404);
    expect((await api(s.sendToCouncil, invExt, undefined, other.headers)).status).toBe(404);

    // The council approves (its member's answer, as the co-owner space records it).
    await db
      .update(supplierInvoices)
      .set({ council: 'approuvee', council_comment: 'Devis voté en AG.' })
      .where(eq(supplierInvoices.id, id));
    const paid = await api(s.payment, invExt, { date: '2026-04-20' });
    expect(paid.body.data).toMatchObject({ stage: 'payee', paid_on: '2026-04-20', council_required: true });
    expect((await api(s.payment, invExt, { date: '2026-04-20' })).status).toBe(200);
    expect((await api(s.payment, invExt, { date: '2026-04-21' })).status).toBe(409);
    const entries = await journal.journalOf(db, b.yearId);
    expect(entries.filter((e) => e.lignes.some((l) => l.account === '512'))).toHaveLength(1);
  });
});
