import { afterAll, describe, expect, it } from 'vitest';
import { JPEG, PDF, upload, syndicDocumentsWorld } from '../../../test/syndic-documents.fixture.js';

/**
 * A syndic records postal, e-mail and SMS communications through its API, with attachments:
 * idempotent by external_id, the co-owner reads them (e-mail sanitised), another syndic's key a 404.
 */

const { t, a, b, call, ok, owner } = await syndicDocumentsWorld();
afterAll(() => t.close());
describe('postal, e-mail and SMS communications with attachments', () => {
  const email = {
    coproprietaire: 'P1',
    sending_method: 'email',
    module: 'relance',
    recipient_info: { name: 'M. Durand', to_addresses: ['durand@example.fr'] },
    subject: 'Relance appel de fonds',
    html_body: '<p>Bonjour,</p><script>alert(1)</script><p>Merci de régler.</p>',
    created_date: '2026-03-01T10:00:00+01:00',
    attachments: [upload('relance.pdf', PDF), upload('photo.jpg', JPEG, 'image/jpeg')],
  };

  it('records an e-mail with attachments, replays unchanged, and the co-owner reads it sanitised', async () => {
    const first = await ok(call('PUT', '/communications/C1', a.headers, email));
    expect(first.result).toBe('created');
    expect(first.resource.created_date).toBe('2026-03-01T09:00:00.000Z');
    expect(first.resource.attachments.map((x: { name: string }) => x.name)).toEqual([
      'photo.jpg',
      'relance.pdf',
    ]);
    expect((await ok(call('PUT', '/communications/C1', a.headers, email))).result).toBe('unchanged');
    const { id: _id, external_id: _e, ...asStored } = first.resource;
    expect((await ok(call('PUT', '/communications/C1', a.headers, asStored))).result).toBe('unchanged');

    const mails = await ok(
      call(
        'GET',
        `/api/communication/email?syndic_id=${owner.syndicId}&coproprietaire_id=${owner.id}&page_size=100&page_index=0`,
        owner.headers,
      ),
    );
    expect(mails.data).toHaveLength(1);
    expect(mails.data[0].html_body).not.toContain('script');
    expect(mails.data[0].attachments).toHaveLength(2);
  });

  it('records an SMS readable on /m/{id}; an SMS without a phone is a 400 on that field', async () => {
    const sms = await ok(
      call('PUT', '/communications/S1', a.headers, {
        coproprietaire: 'P1',
        sending_method: 'sms',
        module: 'courrier',
        recipient_info: { sending_phone: ['+33612345678'] },
        content: 'Coupure d’eau jeudi 9h-12h.',
        created_date: '2026-03-02T08:00:00Z',
        internal_executed_date: '2026-03-02T08:00:05Z',
      }),
    );
    const page = await ok(call('GET', `/api/communication/sms/${sms.id}`, {}));
    expect(page.content).toBe('Coupure d’eau jeudi 9h-12h.');
    const bad = await call('PUT', '/communications/S2', a.headers, {
      coproprietaire: 'P1',
      sending_method: 'sms',
      module: 'courrier',
      created_date: '2026-03-02T08:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'recipient_info.sending_phone': 'Au moins un numéro.',
      content: 'Ce champ est requis.',
    });
  });

  it('changes attachments on update, 404 for another syndic, delete', async () => {
    const r = await ok(
      call('PUT', '/communications/C1', a.headers, { ...email, attachments: [upload('relance.pdf', PDF)] }),
    );
    expect(r.result).toBe('updated');
    expect(r.resource.attachments).toHaveLength(1);
    expect((await call('GET', '/communications/C1', b.headers)).status).toBe(404);
    expect((await call('DELETE', '/communications/C1', b.headers)).status).toBe(404);
    await ok(call('DELETE', '/communications/C1', a.headers));
    expect((await call('GET', '/communications/C1', a.headers)).status).toBe(404);
  });
});
