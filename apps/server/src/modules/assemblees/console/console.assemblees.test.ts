import { POSTAL_RIGHT_MENTION } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireLotRow } from '../../../../seed/builders/copro.js';
import { lotRow } from '../../../../seed/builders/rows.js';
import {
  assemblees,
  coproprietaireLots,
  coproprietaires,
  files,
  lots,
  lotTantiemes,
} from '../../../db/schema/index.js';
import { makeCoproprietaire } from '../../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { type ConsoleWorld, consoleCall, consoleWorld } from '../../console/console.fixture.js';
import { requestPost } from '../../settings/postal.service.js';

let t: TestApp;
let w: ConsoleWorld;
let call: ReturnType<typeof consoleCall>;
const owners: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  w = await consoleWorld(t);
  call = consoleCall(t);
  const db = t.database.db;
  owners.durand = w.a1.ownerId;
  // Asked for the post by letter (loi art. 42-1), and one with no e-mail known.
  const bernard = await makeCoproprietaire(db, {
    copropriete_id: w.a1.coproId,
    name: 'Bernard Louis',
    contacts: [{ id: 'c1', last_name: 'Bernard', emails: [{ value: 'louis.bernard@example.fr' }] }],
  });
  await requestPost(db, bernard.id, 'syndic', null, new Date('2026-11-02T09:00:00Z'));
  owners.bernard = bernard.id;
  owners.petit = (await makeCoproprietaire(db, { copropriete_id: w.a1.coproId, name: 'Petit Anne' })).id;
  const [martin] = await db
    .select()
    .from(coproprietaires)
    .where(and(eq(coproprietaires.copropriete_id, w.a1.coproId), eq(coproprietaires.name, 'Martin Claire')));
  // The charges générales' 1 000 tantièmes held by the four co-owners' lots.
  const shares: [string, number][] = [
    [owners.durand, 400],
    [martin!.id, 300],
    [owners.bernard, 200],
    [owners.petit, 100],
  ];
  for (const [i, [owner, tantieme]] of shares.entries()) {
    const lotId =
      i === 0
        ? w.a1.lotId
        : (
            await db
              .insert(lots)
              .values(lotRow({ copropriete_id: w.a1.coproId, lot_id: `${i + 1}`, name: `Lot ${i + 1}` }))
              .returning()
          )[0]!.id;
    await db
      .insert(coproprietaireLots)
      .values(coproprietaireLotRow({ coproprietaire_id: owner, lot_id: lotId }));
    await db.insert(lotTantiemes).values({ lot_id: lotId, repartition_id: w.a1.repartitionId, tantieme });
  }
});
afterAll(() => t.close());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const base = (coproId = w.a1.coproId) => `/gestion/coproprietes/${coproId}/assemblees`;
const agenda = (date: string) => ({
  name: 'Assemblée générale ordinaire 2027',
  date,
  resolutions: [
    {
      nature: 'approbation_comptes',
      title: 'Approbation des comptes de l’exercice 2026',
      content: 'L’assemblée approuve les comptes de l’exercice clos le 31 décembre 2026.',
      article: 'ART-24',
    },
    {
      nature: 'travaux_economie_energie',
      title: 'Isolation thermique des combles',
      content: 'Devis de l’entreprise Isolpro : 18 400 € TTC.',
      article: 'ART-24',
    },
  ],
});

describe('preparing an assembly in the console', () => {
  it('takes the agenda from the catalogue: another article than the proposal needs a recorded reason', async () => {
    const refused = await call('POST', base(), w.gestionnaire.headers, agenda(inDays(45)));
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors['resolutions.1.article_reason']).toContain("l'article 25");

    const body = agenda(inDays(45));
    Object.assign(body.resolutions[1], { article_reason: 'Clause du règlement de copropriété' });
    const made = await call('POST', base(), w.gestionnaire.headers, body);
    expect(made.statusCode).toBe(200);
    const ag = json(made).data;
    expect(ag).toMatchObject({ resolutions: 2, participants: 4, published_at: null });
    expect(ag.resolutions_detail[1]).toMatchObject({
      number: 2,
      nature: 'travaux_economie_energie',
      article: 'ART-24',
      article_reason: 'Clause du règlement de copropriété',
    });
    const list = json(await call('GET', base(), w.assistant.headers)).data.assemblees;
    expect(list.find((a: { id: string }) => a.id === ag.id)).toMatchObject({
      resolutions: 2,
      participants: 4,
    });
  });
});

describe('attachments of a resolution (quotes, contracts)', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  const devis = {
    name: 'Devis Isolpro.pdf',
    content_type: 'application/pdf',
    content_base64: pdf.toString('base64'),
  };

  it('are stored before the convocation, named in it, refused after the publication and elsewhere', async () => {
    const body = agenda(inDays(50));
    Object.assign(body.resolutions[1], { article_reason: 'Clause du règlement de copropriété' });
    const agId = json(await call('POST', base(), w.gestionnaire.headers, body)).data.id as string;
    const detail = json(await call('GET', `${base()}/${agId}`, w.gestionnaire.headers)).data;
    const res = detail.resolutions_detail[1].id;
    const url = `${base()}/${agId}/resolutions/${res}/pieces`;

    const bad = await call('POST', url, w.gestionnaire.headers, { ...devis, content_base64: 'aGVsbG8=' });
    expect([bad.statusCode, json(bad).errors.content_base64]).toEqual([
      400,
      'Le contenu du fichier ne correspond pas à son type.',
    ]);
    expect((await call('POST', url, w.comptable.headers, devis)).statusCode).toBe(403);
    expect((await call('POST', url, w.otherAdmin.headers, devis)).statusCode).toBe(404);
    expect(
      (await call('POST', url.replace(w.a1.coproId, w.a2.coproId), w.admin.headers, devis)).statusCode,
    ).toBe(404);

    const ok = await call('POST', url, w.gestionnaire.headers, devis);
    expect(ok.statusCode, ok.body).toBe(200);
    const listed = json(ok).data.resolutions_detail[1].files;
    expect(listed).toEqual([{ id: expect.any(String), name: 'Devis Isolpro.pdf' }]);
    const [row] = await t.database.db.select().from(assemblees).where(eq(assemblees.id, agId));
    const [conv] = await t.database.db.select().from(files).where(eq(files.id, row!.convocation_file_id!));
    const text = pdfText(await t.app.platform.storage.get(conv!.storage_key)).replace(/\s+/g, ' ');
    expect(text).toContain('Pièces jointes : Devis Isolpro.pdf.');

    expect((await call('POST', `${base()}/${agId}/publication`, w.gestionnaire.headers)).statusCode).toBe(
      200,
    );
    const late = await call('DELETE', `${url}/${listed[0].id}`, w.gestionnaire.headers);
    expect(late.statusCode).toBe(409);
  });
});

describe('the convocation preview and the publication', () => {
  let agId: string;
  const prepare = async (days: number) => {
    const body = agenda(inDays(days));
    body.resolutions[1].article = 'ART-25';
    const res = await call('POST', base(), w.gestionnaire.headers, body);
    expect(res.statusCode).toBe(200);
    return json(res).data.id as string;
  };

  it("shows each co-owner's channel, foreseen presentation and letter with the mention", async () => {
    agId = await prepare(40);
    const res = await call('GET', `${base()}/${agId}/convocations`, w.assistant.headers);
    expect(res.statusCode).toBe(200);
    const p = json(res).data;
    const by = (id: string) =>
      p.convocations.find((c: { coproprietaire: { id: string } }) => c.coproprietaire.id === id);
    expect(by(owners.durand)).toMatchObject({
      channel: 'lre',
      reason: 'electronic',
      late: false,
      sent: false,
    });
    expect(by(owners.durand).email).toMatch(/^durand\./);
    expect(by(owners.bernard)).toMatchObject({
      channel: 'postal',
      reason: 'postal_request',
      postal_request_received_at: '2026-11-02T09:00:00.000Z',
    });
    expect(by(owners.petit)).toMatchObject({ channel: 'postal', reason: 'no_email', email: null });
    expect(p.late).toBe(0);
    for (const c of p.convocations) expect(c.content).toContain(POSTAL_RIGHT_MENTION);

    const [row] = await t.database.db.select().from(assemblees).where(eq(assemblees.id, agId));
    const [file] = await t.database.db.select().from(files).where(eq(files.id, row!.convocation_file_id!));
    const text = pdfText(await t.app.platform.storage.get(file!.storage_key)).replace(/\s+/g, ' ');
    expect(text).toContain('Isolation thermique des combles');
    expect(text).toContain(POSTAL_RIGHT_MENTION.replace(/\u202f/g, ' '));
  });

  it('refuses to publish inside the 21 days, naming who would be late; nothing leaves', async () => {
    const close = await prepare(15);
    const preview = json(await call('GET', `${base()}/${close}/convocations`, w.gestionnaire.headers)).data;
    expect(preview.late).toBe(4);
    const res = await call('POST', `${base()}/${close}/publication`, w.gestionnaire.headers);
    expect(res.statusCode).toBe(409);
    const body = json(res);
    expect(body.code).toBe('CONVOCATION_TOO_LATE');
    expect(body.message).toContain('Durand Paul');
    expect(body.message).toContain('Bernard Louis');
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining([owners.durand, owners.bernard, owners.petit]),
    );
    const [row] = await t.database.db.select().from(assemblees).where(eq(assemblees.id, close));
    expect(row!.published_at).toBeNull();
  });

  it('publishes by each channel, then the agenda no longer changes', async () => {
    const res = await call('POST', `${base()}/${agId}/publication`, w.gestionnaire.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.sent).toEqual({ lre: 2, postal: 2 });
    const after = json(await call('GET', `${base()}/${agId}/convocations`, w.gestionnaire.headers)).data;
    expect(after.convocations.every((c: { sent: boolean }) => c.sent)).toBe(true);
    const put = await call('PUT', `${base()}/${agId}`, w.gestionnaire.headers, agenda(inDays(40)));
    expect(put.statusCode).toBe(409);
  });

  it("is a 404 for another syndic's staff and under another building", async () => {
    for (const [method, path] of [
      ['GET', `${base()}/${agId}`],
      ['GET', `${base()}/${agId}/convocations`],
      ['POST', `${base()}/${agId}/publication`],
    ] as const) {
      expect((await call(method, path, w.otherAdmin.headers)).statusCode).toBe(404);
      expect((await call(method, path.replace(w.a1.coproId, w.a2.coproId), w.admin.headers)).statusCode).toBe(
        404,
      );
    }
    expect((await call('GET', base(), w.otherAdmin.headers)).statusCode).toBe(404);
  });

  it('lets a comptable read but not prepare', async () => {
    expect((await call('GET', `${base()}/${agId}`, w.comptable.headers)).statusCode).toBe(200);
    expect((await call('POST', base(), w.comptable.headers, agenda(inDays(60)))).statusCode).toBe(403);
  });
});
