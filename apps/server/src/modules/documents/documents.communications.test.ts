import { communicationEndpoints as c } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/harness.js';
import { call, fetchFile, setUp, t, w } from './documents.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('Communications', () => {
  const q = (coproprietaireId: string) => ({ syndic_id: w.syndic.id, coproprietaire_id: coproprietaireId });

  it('lists e-mails with the HTML sanitised (no script, handler or javascript: link)', async () => {
    const res = await call(c.email, { query: q(w.owner.id) }, w.ownerUser.headers);
    expect(res.statusCode).toBe(200);
    const [mail] = json(res).data.data;
    expect(mail.subject).toBe('Convocation AG');
    expect(mail.html_body).toContain('<b>Paul</b>');
    expect(mail.html_body).not.toMatch(/script|onerror|javascript:|<img/i);
  });

  it('gives postal letters (with attachments that open) to council members only', async () => {
    expect((await call(c.postal, { query: q(w.owner.id) }, w.ownerUser.headers)).statusCode).toBe(404);
    expect((await call(c.postal, { query: q(w.member.id) }, w.memberUser.headers)).statusCode).toBe(200);
    // The ordinary owner made council member reads their letter and its attachment.
    await t.app.db.execute(
      (await import('drizzle-orm'))
        .sql`update coproprietaires set is_member_syndicat = true where id = ${w.owner.id}`,
    );
    const list = json(await call(c.postal, { query: q(w.owner.id) }, w.ownerUser.headers)).data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ module: 'relance', recipient_info: { name: 'M. Paul Durand' } });
    const file = await fetchFile(list.data[0].attachments[0].path_url);
    expect(file.statusCode).toBe(200);
    await t.app.db.execute(
      (await import('drizzle-orm'))
        .sql`update coproprietaires set is_member_syndicat = false where id = ${w.owner.id}`,
    );
  });

  it("answers 404 for another user's record and for a syndic id not the building's", async () => {
    expect((await call(c.sms, { query: q(w.owner.id) }, w.strangerUser.headers)).statusCode).toBe(404);
    expect((await call(c.email, { query: q(w.owner.id) }, w.memberUser.headers)).statusCode).toBe(404);
    expect(
      (
        await call(
          c.sms,
          { query: { syndic_id: w.otherCopro.syndic_id, coproprietaire_id: w.owner.id } },
          w.ownerUser.headers,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('opens the SMS page by its link id, and nothing else through it', async () => {
    const res = await call(c.smsDetail, { params: { id: w.comms.sms.id } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      content: 'Coupure d’eau jeudi de 9h à 12h.',
      recipient_info: { sending_phone: ['+33698765432'] },
      internal_executed_date: '2026-03-03T09:04:00.000Z',
    });
    expect((await call(c.smsDetail, { params: { id: w.comms.email.id } })).statusCode).toBe(404);
  });
});
