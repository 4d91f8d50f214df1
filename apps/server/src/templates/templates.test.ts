import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/harness.js';
import { convocationEmail, notificationEmail, notificationSms, TEMPLATE_PREVIEWS } from './index.js';

/** The GSM-7 basic alphabet (plus the newline): one character outside it turns an SMS into UCS-2. */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

describe('templates', () => {
  it('each preview renders a French text; e-mails have a subject', () => {
    expect(new Set(TEMPLATE_PREVIEWS.map((t) => t.id)).size).toBe(TEMPLATE_PREVIEWS.length);
    for (const t of TEMPLATE_PREVIEWS) {
      const r = t.render();
      expect(r.text.length, t.id).toBeGreaterThan(20);
      if (t.channel === 'email') expect(r.subject, t.id).toBeTruthy();
    }
  });

  it('e-mails: a narrow no-break space before the high punctuation, no-break spaces inside « »', () => {
    for (const t of TEMPLATE_PREVIEWS.filter((x) => x.channel === 'email')) {
      const { subject, text } = t.render();
      for (const s of [subject ?? '', text]) {
        expect(s, t.id).not.toMatch(/[ \u00a0][:;!?]/);
        expect(s, t.id).not.toMatch(/« | »/);
      }
    }
  });

  it('SMS: plain spaces and the GSM-7 alphabet only', () => {
    for (const t of TEMPLATE_PREVIEWS.filter((x) => x.channel === 'sms'))
      expect(t.render().text, t.id).toMatch(GSM7);
  });

  it('fills the variables where they belong', () => {
    const c = convocationEmail({
      displayName: 'M. Paul Durand',
      assembly: 'AG 2026',
      copropriete: 'Résidence Les Tilleuls',
      date: new Date('2026-12-18T17:30:00Z'),
      voteUntil: null,
      link: 'https://exemple.fr/x',
    });
    expect(c.subject).toBe('Convocation\u202f: AG 2026 du 18/12/2026');
    expect(c.text).toContain('Bonjour M. Paul Durand,');
    expect(c.text).toContain('le 18/12/2026 à 18:30.');
    expect(c.text).toContain("jusqu'au début de la séance\u202f:\nhttps://exemple.fr/x");
    // Loi art. 42-1: every notification tells how to keep the post.
    expect(c.text).toContain('demander à les recevoir par voie postale');
    expect(notificationEmail({ kind: 'message', title: 'T', body: 'B', link: 'L' })).toEqual({
      subject: 'Nouveau message\u202f: T',
      text: 'T\n\nB\n\nOuvrir dans Tantième\u202f: L\n',
    });
    expect(notificationSms({ title: 'T', link: 'L' })).toBe('Tantième : T\nL');
  });
});

describe('/dev/outbox previews (development only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every template rendered with its sample data, and shows them on the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox/templates' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.map((p: { id: string }) => p.id)).toEqual(TEMPLATE_PREVIEWS.map((p) => p.id));
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain('<h2>Modèles</h2>');
    expect(page.body).toContain('Convocation à l&#39;assemblée générale');
  });
});
