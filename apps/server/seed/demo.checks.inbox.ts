import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { syndicProfileBody } from '@tantieme/contract';
import {
  administrators,
  chatMessages,
  conversationMembers,
  conversations,
  messages,
  notifications,
} from '../src/db/schema/index.js';
import type { localStorageAdapter } from '../src/platform/storage.js';
import { json, type TestApp } from '../src/test/harness.js';
import type { DemoResult } from './demo.js';
import { demoSuite, seededTexts } from './demo.suite.js';

let t: TestApp;
let storage: ReturnType<typeof localStorageAdapter>;
let demo: DemoResult;
const db = () => t.database.db;

/** Checks of what a co-owner reads: the syndic's profile, notifications, messages, chats, their typography, signalements. */
export function demoInboxChecks() {
  beforeAll(() => {
    ({ t, storage, demo } = demoSuite);
  });

  it("serves the demo syndic's profile, whose Stripe account satisfies the contract's own pattern", async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/syndic/v1/profile',
      headers: { 'x-api-key': demo.syndicApiKey },
    });
    expect(r.statusCode, r.body).toBe(200);
    const card = json(r).data.card_payments;
    expect(syndicProfileBody.shape.card_payments.parse(card)).toEqual(card);
    expect(card.stripe_account_id).toMatch(/^acct_/);
  });

  it('fills notifications, messages and chats', async () => {
    const notifs = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, demo.claireUserId));
    expect(notifs.length).toBeGreaterThanOrEqual(20);
    expect(notifs.some((n) => n.is_read) && notifs.some((n) => !n.is_read)).toBe(true);
    expect(notifs.every((n) => n.coproprietaire_id && n.sender?.name)).toBe(true);
    const msgs = await db()
      .select()
      .from(messages)
      .where(eq(messages.coproprietaire_id, demo.claireTilleulsId));
    expect(msgs.length).toBeGreaterThanOrEqual(15);
    const convs = await db().select().from(conversations);
    expect(convs.map((c) => c.key).sort()).toEqual(
      [
        [demo.claireTilleulsId, demo.syndicIds.lefevre].sort().join('_'),
        [demo.claireTilleulsId, demo.paulTilleulsId].sort().join('_'),
      ].sort(),
    );
    // Claire's conversation is with 'the syndic'; Sophie Garnier (staff with an account) answers.
    const members = await db()
      .select()
      .from(conversationMembers)
      .where(inArray(conversationMembers.participant_id, [demo.syndicIds.lefevre]));
    expect(members[0].participant_type).toBe('syndic');
    const answers = await db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.created_by, demo.gestionnaireId));
    expect(answers.length).toBeGreaterThanOrEqual(3);
    const [staff] = await db()
      .select()
      .from(administrators)
      .where(eq(administrators.id, demo.gestionnaireId));
    expect(staff?.user_id).toBeTruthy();
  });

  it('typesets its texts as the interface does (one apostrophe, narrow space before : ; ? !, spaced « »)', async () => {
    const texts = await seededTexts({ withSms: false });
    expect(texts.length).toBeGreaterThan(20);
    const slips = texts.filter(
      (x) => x.includes('’') || /[ \u00a0][:;!?]/.test(x) || /«[^\u00a0\u202f]|[^\u00a0\u202f]»/.test(x),
    );
    expect(slips).toEqual([]);
  });

  it('files signalements in every state at Les Tilleuls, the lift linked to the carnet works that fixed it', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
    });
    const headers = { authorization: `Bearer ${json(login).data.token}` };
    const base = `/api/signalements/coproprietaires/${demo.claireTilleulsId}`;
    const items: { id: string; title: string; status: string; supporters: number; visibility: string }[] =
      json(await t.app.inject({ method: 'GET', url: base, headers })).data.items;
    expect(new Set(items.map((i) => i.status))).toEqual(
      new Set(['NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE', 'RESOLU', 'CLOS']),
    );
    // Claire sits on the council: Paul's private report is hers to see.
    expect(items.some((i) => i.visibility === 'PRIVE')).toBe(true);
    expect(items.find((i) => i.status === 'NOUVEAU')?.supporters).toBe(2);
    const lift = items.find((i) => i.status === 'RESOLU')!;
    const detail = json(await t.app.inject({ method: 'GET', url: `${base}/${lift.id}`, headers })).data;
    expect(detail.carnet_travaux.label).toMatch(/ascenseur du bâtiment A/);
    expect(detail.photos).toHaveLength(1);
    // The seed wrote the photo and its sizes to its own storage (the app's signs the same keys).
    const key = decodeURIComponent(new URL(detail.photos[0].small, 'http://x').pathname).replace(
      /^.*?\/files\//,
      '',
    );
    expect(await storage.exists(key)).toBe(true);
    const carnet = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/coproprietaires/${demo.claireTilleulsId}/carnet-entretien/lecture`,
        headers,
      }),
    ).data.carnet;
    expect(carnet.major_works.map((w: { reference?: string }) => w.reference)).toContain(
      detail.carnet_travaux.ref,
    );
  });
}
