import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLineRow } from '../../../seed/builders/rows.js';
import { signalementRow } from '../../../seed/builders/inbox.js';
import { ledgerLines, outbox, sessions, signalements } from '../../db/schema/index.js';
import { makeCoproprietaire } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { type ConsoleWorld, consoleCall, consoleWorld } from './console.fixture.js';

let t: TestApp;
let w: ConsoleWorld;
let call: ReturnType<typeof consoleCall>;
beforeAll(async () => {
  t = await createTestApp();
  w = await consoleWorld(t);
  call = consoleCall(t);
});
afterAll(() => t.close());

const address = {
  full_address: '8 rue des Acacias 69008 Lyon',
  number: '8',
  street: 'rue des Acacias',
  city: 'Lyon',
  country: 'FR',
  zip_code: '69008',
  latitude: 45.73,
  longitude: 4.87,
};

describe('who I am in the console', () => {
  it('names the staff member, their role, syndic and buildings, and what they may do', async () => {
    const me = json(await call('GET', '/gestion/moi', w.gestionnaire.headers)).data;
    expect(me).toMatchObject({ kind: 'staff', role: 'gestionnaire', has_coproprietaire_space: false });
    expect(me.buildings).toEqual([{ id: w.a1.coproId, name: 'Résidence Les Tilleuls' }]);
    expect(me.actions).toContain('lots.write');
    expect(me.actions).not.toContain('staff.manage');
    const admin = json(await call('GET', '/gestion/moi', w.admin.headers)).data;
    expect(admin.buildings.map((b: { name: string }) => b.name)).toEqual([
      'Le Clos Fleuri',
      'Résidence Les Tilleuls',
    ]);
  });

  it('gives the volunteer syndic their one building, and the switch when they are also a co-owner', async () => {
    await makeCoproprietaire(t.database.db, {
      copropriete_id: w.v.coproId,
      user_id: w.benevole.user.id,
      name: 'Moreau Hélène',
    });
    const me = json(await call('GET', '/gestion/moi', w.benevole.headers)).data;
    expect(me).toMatchObject({
      kind: 'benevole',
      role: 'benevole',
      staff: null,
      has_coproprietaire_space: true,
    });
    expect(me.buildings).toEqual([{ id: w.v.coproId, name: 'Les Lilas' }]);
    expect(me.actions).not.toContain('building.create');
  });
});

describe('a building from nothing', () => {
  it('creates the building, its keys and lots, checks the tantièmes and names the difference', async () => {
    const h = w.gestionnaire.headers;
    const created = await call('POST', '/gestion/coproprietes', h, {
      name: 'Résidence Les Acacias',
      address,
    });
    expect(created.statusCode).toBe(200);
    const coproId = json(created).data.id as string;
    // The gestionnaire who created it is given it.
    expect(
      json(await call('GET', '/gestion/moi', h)).data.buildings.map((b: { id: string }) => b.id),
    ).toContain(coproId);
    const base = `/gestion/coproprietes/${coproId}`;
    await call('POST', `${base}/repartitions`, h, {
      code: 'CG',
      name: 'Charges générales',
      total_tantieme: 1000,
    });
    await call('POST', `${base}/lots`, h, { number: '1', type_name: 'Appartement', floor: 'RDC' });
    const both = json(
      await call('POST', `${base}/lots`, h, { number: '2', type_name: 'Appartement', floor: '1' }),
    ).data;
    expect(both.lots.map((l: { number: string; floor: string }) => [l.number, l.floor])).toEqual([
      ['1', 'RDC'],
      ['2', '1'],
    ]);
    const dup = await call('POST', `${base}/lots`, h, { number: '2', type_name: 'Cave' });
    expect(json(dup).errors).toEqual({ number: 'Le lot n° 2 existe déjà dans cette copropriété.' });
    const [l1, l2] = both.lots;
    const key = both.repartitions[0].id;
    const short = await call('PUT', `${base}/tantiemes`, h, {
      repartitions: [
        {
          repartition_id: key,
          tantiemes: [
            { lot_id: l1.id, tantieme: 600 },
            { lot_id: l2.id, tantieme: 300 },
          ],
        },
      ],
    });
    expect(short.statusCode).toBe(400);
    expect(json(short).errors['repartitions.0.tantiemes']).toBe(
      'La somme des tantièmes (900) ne fait pas le total de la clé (1\u202f000)\u202f: il manque 100.',
    );
    const ok = json(
      await call('PUT', `${base}/tantiemes`, h, {
        repartitions: [
          {
            repartition_id: key,
            tantiemes: [
              { lot_id: l1.id, tantieme: 600 },
              { lot_id: l2.id, tantieme: 400 },
            ],
          },
        ],
      }),
    ).data;
    expect(ok.repartitions[0]).toMatchObject({ sum: 1000, difference: 0, error: null });
    expect(ok.lots[0].tantiemes).toEqual({ [key]: 600 });
    // A total the lots no longer make is refused, the gap named, as the API refuses it.
    const raised = await call('PUT', `${base}/repartitions/${key}`, h, {
      code: 'CG',
      name: 'Charges générales',
      total_tantieme: 1200,
    });
    expect(json(raised).errors).toEqual({
      total_tantieme:
        'La somme des tantièmes (1\u202f000) ne fait pas le total de la clé (1\u202f200)\u202f: il manque 200.',
    });
    await call('PUT', `${base}/repartitions/${key}`, h, {
      code: 'CG',
      name: 'Charges générales (tous lots)',
      total_tantieme: 1000,
    });
    // Every change is a line of the building's history, by the gestionnaire.
    const lines = json(await call('GET', `${base}/historique`, h)).data.lines as {
      actor: object;
      resource: string;
      action: string;
    }[];
    expect(lines.map((l) => `${l.resource} ${l.action}`)).toEqual([
      'repartition updated',
      'repartition updated',
      'lot created',
      'lot created',
      'repartition created',
      'copropriete created',
    ]);
    expect(lines[0].actor).toEqual({ kind: 'console', name: 'Agent gestionnaire' });
  });
});

describe('co-owners and invitations', () => {
  it('adds a co-owner with a lot, invites, revokes, and invites all who have none', async () => {
    const h = w.admin.headers;
    const base = `/gestion/coproprietes/${w.a2.coproId}`;
    const res = await call('POST', `${base}/coproprietaires`, h, {
      civility: 'mrs',
      first_name: 'Léa',
      last_name: 'Fontaine',
      email: 'lea.fontaine@example.fr',
      lots: [w.a2.lotId],
    });
    expect(res.statusCode).toBe(200);
    const lea = json(res).data;
    expect(lea).toMatchObject({
      name: 'Mme Léa Fontaine',
      email: 'lea.fontaine@example.fr',
      state: 'not_invited',
    });
    expect(lea.lots).toEqual([{ id: w.a2.lotId, number: '1' }]);
    const inv = json(
      await call('POST', `${base}/coproprietaires/${lea.id}/invitation`, h, { channel: 'email' }),
    ).data;
    expect(inv).toMatchObject({ status: 'pending', channel: 'email', recipient_masked: 'l***@example.fr' });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'lea.fontaine@example.fr'));
    expect(mails).toHaveLength(1);
    const listed = json(await call('GET', `${base}/coproprietaires`, h)).data.coproprietaires;
    expect(listed.find((o: { id: string }) => o.id === lea.id).state).toBe('invited');
    const revoked = json(await call('POST', `${base}/invitations/${inv.id}/revoquer`, h)).data;
    expect(revoked.status).toBe('revoked');
    await call('POST', `${base}/coproprietaires`, h, { last_name: 'Sans Adresse' });
    const all = json(await call('POST', `${base}/invitations`, h)).data;
    // Léa again (her invitation was revoked); Durand has a pending one; Sans Adresse has no e-mail.
    expect(all.sent).toBe(1);
    expect(all.skipped).toEqual([
      expect.objectContaining({ name: 'Sans Adresse', reason: 'Aucune adresse e-mail' }),
    ]);
  });

  it('removes then anonymises, as the API enforces (anonymise before removal is a 409)', async () => {
    const h = w.admin.headers;
    const base = `/gestion/coproprietes/${w.a2.coproId}/coproprietaires/${w.a2.ownerId}`;
    expect((await call('POST', `${base}/anonymiser`, h)).statusCode).toBe(409);
    expect((await call('POST', `${base}/retirer`, h)).statusCode).toBe(200);
    expect((await call('POST', `${base}/anonymiser`, h)).statusCode).toBe(200);
    const list = json(await call('GET', `/gestion/coproprietes/${w.a2.coproId}/coproprietaires`, h)).data;
    expect(list.coproprietaires.find((o: { id: string }) => o.id === w.a2.ownerId).state).toBe('anonymised');
  });
});

describe('staff', () => {
  it('creates, gives buildings, disables (sessions end) and re-enables a staff member', async () => {
    const h = w.admin.headers;
    const created = json(
      await call('POST', '/gestion/equipe', h, {
        first_name: 'Marc',
        last_name: 'Lenoir',
        email: 'm.lenoir@lefevre-immobilier.fr',
        role: 'comptable',
      }),
    ).data;
    expect(created).toMatchObject({ role: 'comptable', status: 'invited', coproprietes: [] });
    const given = json(
      await call('PUT', `/gestion/equipe/${w.assistant.staffId}/coproprietes`, h, {
        coproprietes: [w.a1.coproId, w.a2.coproId],
      }),
    ).data;
    expect(given.coproprietes.map((c: { name: string }) => c.name)).toEqual([
      'Le Clos Fleuri',
      'Résidence Les Tilleuls',
    ]);
    expect(json(await call('GET', '/gestion/moi', w.assistant.headers)).data.buildings).toHaveLength(2);
    expect((await call('POST', `/gestion/equipe/${w.admin.staffId}/desactiver`, h)).statusCode).toBe(409);
    const off = json(await call('POST', `/gestion/equipe/${w.assistant.staffId}/desactiver`, h)).data;
    expect(off.status).toBe('disabled');
    const ended = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.user_id, w.assistant.user.id));
    expect(ended.map((x) => x.revoked_at !== null)).toEqual([true]);
    expect((await call('GET', '/gestion/moi', w.assistant.headers)).statusCode).toBe(401);
    expect(json(await call('POST', `/gestion/equipe/${w.assistant.staffId}/reactiver`, h)).data.status).toBe(
      'active',
    );
  });
});

describe('portfolio and search', () => {
  it('counts what needs action in each building within reach', async () => {
    const db = t.database.db;
    const owner = await makeCoproprietaire(db, { copropriete_id: w.a1.coproId, name: 'Bernard Luc' });
    await db.insert(signalements).values(
      signalementRow({
        syndic_id: w.a.syndic.id,
        copropriete_id: w.a1.coproId,
        author_id: owner.id,
        title: 'Fuite dans le hall',
      }),
    );
    await db
      .insert(ledgerLines)
      .values(
        ledgerLineRow({ coproprietaire_id: owner.id, copropriete_id: w.a1.coproId, amount_cents: 250_000 }),
      );
    const p = json(
      await call('GET', '/gestion/portefeuille?balance_threshold_cents=100000', w.gestionnaire.headers),
    ).data;
    // The gestionnaire's buildings only: never A2.
    expect(p.buildings.map((b: { name: string }) => b.name)).not.toContain('Le Clos Fleuri');
    const tilleuls = p.buildings.find((b: { id: string }) => b.id === w.a1.coproId);
    expect(tilleuls.actions).toMatchObject({
      // The fixture's two reports of the hall door, and this one.
      new_signalements: 3,
      balances_over_threshold: 1,
      pending_invitations: 1,
    });
    expect(tilleuls.actions.missing_documents).toBeGreaterThan(0);
    const found = json(await call('GET', '/gestion/recherche?q=Bernard', w.gestionnaire.headers)).data;
    expect(found.coproprietaires).toEqual([
      {
        id: owner.id,
        name: 'Bernard Luc',
        copropriete: { id: w.a1.coproId, name: 'Résidence Les Tilleuls' },
      },
    ]);
    // Another syndic's staff finds nothing of syndic A.
    const other = json(await call('GET', '/gestion/recherche?q=Bernard', w.otherAdmin.headers)).data;
    expect(other.coproprietaires).toEqual([]);
  });
});
