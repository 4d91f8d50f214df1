import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { formatPhone, type SupplementInfo } from '@tantieme/contract';
import { createSession } from '../src/modules/identity/session.service.js';
import {
  coproprietaires,
  coproprietes,
  invitations,
  lots,
  previewTokens,
  syndics,
  users,
} from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import { json, type TestApp } from '../src/test/harness.js';
import { type DemoResult, isDatabaseEmpty } from './demo.js';
import { demoSuite } from './demo.suite.js';

let t: TestApp;
let demo: DemoResult;
let emptyBefore: boolean;
const db = () => t.database.db;

/** Checks of the demo's accounts: Claire's and Paul's records, free codes, invitations, the preview token, sign-in, the supplement info. */
export function demoAccountChecks() {
  beforeAll(() => {
    ({ t, demo, emptyBefore } = demoSuite);
  });

  it('fills an empty database once', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(db())).toBe(false);
  });

  it('gives Claire three attached records with the right roles', async () => {
    const rows = await db()
      .select({ r: coproprietaires, copro: coproprietes, syndic: syndics })
      .from(coproprietaires)
      .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
      .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
      .where(eq(coproprietaires.user_id, demo.claireUserId));
    expect(rows).toHaveLength(3);
    expect(rows.every((x) => x.r.attached_at !== null)).toBe(true);
    const by = (name: string) => rows.find((x) => x.copro.name === name);
    const tilleuls = by('Résidence Les Tilleuls');
    expect(tilleuls?.r.id).toBe(demo.claireTilleulsId);
    expect(tilleuls?.r).toMatchObject({
      is_member_syndicat: true,
      is_president: true,
      init_settings_done: true,
    });
    expect(Object.values(tilleuls?.r.permissions ?? {}).every(Boolean)).toBe(true);
    expect(tilleuls?.syndic).toMatchObject({ alias: 'lefevre', card_payments_active: true, disabled: false });
    expect(by('Le Clos Fleuri')?.r).toMatchObject({
      id: demo.claireClosFleuriId,
      is_member_syndicat: false,
      is_president: false,
    });
    expect(by('Le Clos Fleuri')?.syndic).toMatchObject({ alias: 'azur', use_synple: true, logo_url: null });
    expect(by('Résidence Horizon')?.r.id).toBe(demo.claireHorizonId);
    expect(by('Résidence Horizon')?.syndic.disabled).toBe(true);

    const claireLots = await db()
      .select({ type: lots.type_name })
      .from(lots)
      .innerJoin(sql`coproprietaire_lots cl`, sql`cl.lot_id = ${lots.id}`)
      .where(sql`cl.coproprietaire_id = ${demo.claireTilleulsId}`);
    expect(claireLots.map((l) => l.type).sort()).toEqual(['Appartement', 'Cave', 'Parking']);
  });

  it('gives Paul one ordinary record still to onboard', async () => {
    const rows = await db()
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.user_id, demo.paulUserId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: demo.paulTilleulsId,
      is_member_syndicat: false,
      is_president: false,
      init_settings_done: true,
    });
    expect(rows[0].permissions.view_invoices).toBe(false);
  });

  it('keeps ABC123456 free to attach and every code unique with 9 characters', async () => {
    const [free] = await db()
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.unique_code, 'ABC123456'));
    expect(free.user_id).toBeNull();
    expect(free.copropriete_id).toBe(demo.tilleulsId);
    const all = await db().select({ code: coproprietaires.unique_code }).from(coproprietaires);
    expect(all.every((r) => r.code.length === 9)).toBe(true);
    expect(new Set(all.map((r) => r.code)).size).toBe(all.length);
  });

  it('creates the invitations and the preview token', async () => {
    const inv = await db().select().from(invitations);
    const code = (c: string) => inv.find((i) => i.code === c);
    expect(code('INVIT2026A')).toMatchObject({ status: 1 });
    expect(code('INVIT2026A')?.expiration_date.getTime()).toBeGreaterThan(Date.now());
    expect(code('INVIT2026A')?.metadata?.coproprietaire_info?.email).toBe(
      'nouveau.coproprietaire@example.fr',
    );
    expect(code('INVIT2026U')).toMatchObject({ status: 2, used_by_user_id: demo.paulUserId });
    expect(code('INVIT2026E')?.expiration_date.getTime()).toBeLessThan(Date.now());
    const target = await db()
      .select()
      .from(coproprietaires)
      .where(
        and(
          eq(coproprietaires.id, code('INVIT2026A')?.coproprietaire_id ?? ''),
          isNull(coproprietaires.user_id),
        ),
      );
    expect(target).toHaveLength(1);
    const [preview] = await db()
      .select()
      .from(previewTokens)
      .where(eq(previewTokens.token_hash, sha256('PREVIEW-DEMO-CLAIRE')));
    expect(preview.coproprietaire_id).toBe(demo.claireTilleulsId);
  });

  it('lets Claire sign in with the demo password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.user).toMatchObject({ id: demo.claireUserId, phone: '+33612345678' });
    expect(body.data.token).toBeTruthy();
    const [u] = await db().select().from(users).where(eq(users.id, demo.paulUserId));
    expect(u.phone).toBe('+33698765432');
  });

  it('what the server gives, it accepts: every demo record sends its supplement info back unchanged', async () => {
    const records = await db()
      .select({
        id: coproprietaires.id,
        copro: coproprietaires.copropriete_id,
        user: coproprietaires.user_id,
      })
      .from(coproprietaires)
      .where(
        sql`${coproprietaires.user_id} is not null and ${coproprietaires.user_supplement_info} is not null`,
      );
    expect(records.length).toBeGreaterThan(0);
    let nationalPhones = 0;
    for (const r of records) {
      const headers = { authorization: `Bearer ${await createSession(db(), r.user as string)}` };
      const got = await t.app.inject({
        method: 'GET',
        url: `/api/coproprietaires/${r.id}/user-supplement-info`,
        headers,
      });
      expect(got.statusCode).toBe(200);
      const info = json(got).data as SupplementInfo;
      nationalPhones += JSON.stringify(info).match(/"0\d( \d\d){4}"/g)?.length ?? 0;
      // The body the web builds from it: the same answers, lots marked 'fill later' left out.
      const lots: Record<string, unknown> = {};
      for (const l of info.lots)
        if (l.info && !l.info.ignore) lots[l.id] = { ...l.info, use_type: l.info.use_type ?? 'own' };
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/coproprietaires/${r.copro}/${r.id}/update-user-supplement-info`,
        headers,
        payload: { contact: info.contact, lots },
      });
      expect(put.statusCode, `${r.id}: ${put.body}`).toBe(200);
      const again = json(
        await t.app.inject({
          method: 'GET',
          url: `/api/coproprietaires/${r.id}/user-supplement-info`,
          headers,
        }),
      ).data as SupplementInfo;
      // Same answers (a lot not left for later reads ignore: false); phones now stored in E.164
      // (decision 26), shown the same way.
      const shown = (x: SupplementInfo) =>
        JSON.stringify(x, (k, v) =>
          /phone$/.test(k) && typeof v === 'string'
            ? formatPhone(v)
            : k === 'ignore' && v === false
              ? undefined
              : v,
        );
      expect(shown(again)).toBe(shown(info));
      for (const p of JSON.stringify(again).match(/"\w*phone":"[^"]*"/g) ?? [])
        expect(p).toMatch(/":"\+\d+"$/);
    }
    // The demo does hold national numbers, the case of the issue.
    expect(nationalPhones).toBeGreaterThan(0);
  });
}
