import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coproprietaires,
  notifications,
  signalements,
  signalementSupporters,
  syndicAuditLog,
} from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { type ConsoleWorld, consoleCall, consoleWorld } from '../console/console.fixture.js';

/** The console's board of signalements: each action, its notices, its audit line, its refusals. */

let t: TestApp;
let w: ConsoleWorld;
let call: ReturnType<typeof consoleCall>;
/** Claire's record in A1 (a co-owner with an account), who said « moi aussi » on the door. */
let claire: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await consoleWorld(t);
  call = consoleCall(t);
  const [rec] = await t.database.db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(
      and(eq(coproprietaires.copropriete_id, w.a1.coproId), eq(coproprietaires.user_id, w.coowner.user.id)),
    );
  claire = rec!.id;
  await t.database.db
    .insert(signalementSupporters)
    .values({ signalement_id: w.a1.signalementId, coproprietaire_id: claire });
});
afterAll(() => t.close());

const path = (id = w.a1.signalementId, copro = w.a1.coproId) =>
  `/gestion/coproprietes/${copro}/signalements/${id}`;
const noticesOf = (recordId: string) =>
  t.database.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.coproprietaire_id, recordId), eq(notifications.type, 'SIGNALEMENT')));
const auditOf = (id: string) =>
  t.database.db
    .select({ actor: syndicAuditLog.actor, changes: syndicAuditLog.changes, key: syndicAuditLog.api_key_id })
    .from(syndicAuditLog)
    .where(eq(syndicAuditLog.resource_id, id));

describe('the board of a building', () => {
  it('lists the open reports with their author, and who may be given one', async () => {
    const res = await call(
      'GET',
      `/gestion/coproprietes/${w.a1.coproId}/signalements`,
      w.gestionnaire.headers,
    );
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.items.map((i: { title: string }) => i.title).sort()).toEqual([
      'La porte du hall ne ferme plus',
      'Porte du hall bloquée',
    ]);
    expect(data.items[0]).toMatchObject({ status: 'NOUVEAU', author: 'Durand Paul' });
    // The administrateur reaches every building; the gestionnaire and assistant were given A1.
    expect(data.assignable.map((s: { name: string }) => s.name).sort()).toEqual([
      'Agent administrateur',
      'Agent assistant',
      'Agent comptable',
      'Agent gestionnaire',
    ]);
  });

  it("answers 404 for another syndic's staff on every action", async () => {
    const h = w.otherAdmin.headers;
    const res = await Promise.all([
      call('GET', `/gestion/coproprietes/${w.a1.coproId}/signalements`, h),
      call('GET', path(), h),
      call('POST', `${path()}/statut`, h, { status: 'RESOLU' }),
      call('POST', `${path()}/commentaires`, h, { text: 'Bonjour' }),
      call('PUT', `${path()}/attribution`, h, { assignee_id: null, supplier: 'X' }),
      call('POST', `${path(w.a1.duplicateId)}/fusion`, h, { into: w.a1.signalementId }),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(res.every((r) => json(r).data === undefined)).toBe(true);
  });

  it("answers 404 for a report of another building named under this one's path", async () => {
    const res = await call('POST', `${path(w.a2.signalementId)}/statut`, w.admin.headers, {
      status: 'RESOLU',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('acting on a report', () => {
  it('gives it to a staff member of the building and names the supplier, in the audit log', async () => {
    const res = await call('PUT', `${path()}/attribution`, w.gestionnaire.headers, {
      assignee_id: w.gestionnaire.staffId,
      supplier: 'Serrurerie Martin',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      assignee: { id: w.gestionnaire.staffId, name: 'Agent gestionnaire' },
      supplier: 'Serrurerie Martin',
    });
    const audit = await auditOf(w.a1.signalementId);
    expect(audit).toContainEqual({
      actor: 'Agent gestionnaire',
      key: null,
      changes: {
        assignee_id: { before: null, after: w.gestionnaire.staffId },
        supplier: { before: null, after: 'Serrurerie Martin' },
      },
    });
  });

  it("refuses a staff member who does not reach the building (another syndic's)", async () => {
    const res = await call('PUT', `${path()}/attribution`, w.gestionnaire.headers, {
      assignee_id: w.otherAdmin.staffId,
      supplier: null,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.assignee_id).toBe("Ce membre de l'équipe ne gère pas cet immeuble.");
  });

  it('keeps an internal note from the co-owners: not in their timeline, no notice', async () => {
    const before = (await noticesOf(claire)).length;
    const res = await call('POST', `${path()}/commentaires`, w.assistant.headers, {
      text: 'Devis demandé à deux serruriers.',
      internal: true,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.events.at(-1)).toMatchObject({
      internal: true,
      text: 'Devis demandé à deux serruriers.',
    });
    expect((await noticesOf(claire)).length).toBe(before);
    const seen = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/signalements/coproprietaires/${claire}/${w.a1.signalementId}`,
        headers: w.coowner.headers,
      }),
    ).data;
    expect(seen.events.map((e: { text: string | null }) => e.text)).not.toContain(
      'Devis demandé à deux serruriers.',
    );
  });

  it('tells the author and the supporters of a public answer', async () => {
    const res = await call('POST', `${path()}/commentaires`, w.assistant.headers, {
      text: 'Le serrurier passe jeudi matin.',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.events.at(-1)).toMatchObject({ internal: false, author: 'Agent assistant' });
    for (const id of [w.a1.ownerId, claire])
      expect(await noticesOf(id)).toContainEqual({
        title: 'Signalement\u202f: Porte du hall bloquée',
        body: 'Réponse du syndic\u202f: Le serrurier passe jeudi matin.',
      });
  });

  it('moves it to résolu with a message the reporter and supporters are told', async () => {
    const res = await call('POST', `${path()}/statut`, w.gestionnaire.headers, {
      status: 'RESOLU',
      message: 'La serrure a été changée.',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.status).toBe('RESOLU');
    for (const id of [w.a1.ownerId, claire])
      expect(await noticesOf(id)).toContainEqual({
        title: 'Signalement\u202f: Porte du hall bloquée',
        body: 'Nouveau statut\u202f: Résolu. La serrure a été changée.',
      });
    expect(await auditOf(w.a1.signalementId)).toContainEqual({
      actor: 'Agent gestionnaire',
      key: null,
      changes: {
        status: { before: 'NOUVEAU', after: 'RESOLU' },
        planned_on: { before: null, after: null },
        comment: { before: null, after: 'La serrure a été changée.' },
      },
    });
  });

  it('refuses a move the rules forbid, in French', async () => {
    const res = await call('POST', `${path()}/statut`, w.gestionnaire.headers, { status: 'NOUVEAU' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.status).toBe(
      'Un signalement «\u00a0Résolu\u00a0» ne passe pas à «\u00a0Nouveau\u00a0».',
    );
  });
});

describe('merging a duplicate', () => {
  it('refuses to merge into a report no longer open', async () => {
    const res = await call('POST', `${path(w.a1.duplicateId)}/fusion`, w.gestionnaire.headers, {
      into: w.a1.signalementId,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.into).toBe('Choisissez un signalement encore ouvert.');
  });

  it('closes the duplicate, its author follows the other report and is told', async () => {
    await call('POST', `${path()}/statut`, w.gestionnaire.headers, { status: 'PRIS_EN_COMPTE' });
    // Claire wrote the duplicate: she is told, and follows the first report.
    await t.database.db
      .update(signalements)
      .set({ author_id: claire })
      .where(eq(signalements.id, w.a1.duplicateId));
    const res = await call('POST', `${path(w.a1.duplicateId)}/fusion`, w.gestionnaire.headers, {
      into: w.a1.signalementId,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'CLOS', merge_candidates: [] });
    expect(json(res).data.events.at(-1).text).toBe('Fusionné avec «\u202fPorte du hall bloquée\u202f».');
    const [dup] = await t.database.db
      .select()
      .from(signalements)
      .where(eq(signalements.id, w.a1.duplicateId));
    expect(dup!.merged_into_id).toBe(w.a1.signalementId);
    expect(await noticesOf(claire)).toContainEqual({
      title: 'Signalement\u202f: La porte du hall ne ferme plus',
      body: "Ce signalement rejoint «\u202fPorte du hall bloquée\u202f», qui traite le même problème\u202f: vous en suivez désormais l'avancement.",
    });
    const board = json(
      await call('GET', `/gestion/coproprietes/${w.a1.coproId}/signalements`, w.gestionnaire.headers),
    ).data;
    expect(board.items.map((i: { id: string }) => i.id)).toEqual([w.a1.signalementId]);
    const again = await call('POST', `${path(w.a1.duplicateId)}/fusion`, w.gestionnaire.headers, {
      into: w.a1.signalementId,
    });
    expect(again.statusCode).toBe(400);
  });
});
