import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { syndicNotifyWorld } from '../../../test/syndic-notify.fixture.js';

/** A postal letter the syndic API records tells its record when it may read letters (decision 57). */

const w = await syndicNotifyWorld();
const { t, a, call, ok, notified, whoGot } = w;
afterAll(() => t.close());
beforeEach(() => w.reset());
describe('communications', () => {
  it('a postal letter tells its record when it may read letters (council); an e-mail or SMS does not', async () => {
    const letter = (who: string) => ({
      coproprietaire: who,
      sending_method: 'postal',
      module: 'relance',
      recipient_info: { name: who, sending_address: { address_1: '14 rue des Tilleuls' } },
      subject: 'Relance charges du 1er trimestre',
      created_date: '2026-03-01T09:00:00Z',
    });
    await ok(call('PUT', '/communications/L2', a.headers, letter('P2')));
    await ok(call('PUT', '/communications/L1', a.headers, letter('P1')));
    expect(await whoGot('Nouveau courrier')).toEqual(['P2']);
    const [n] = (await notified('P2')).filter((r) => r.title === 'Nouveau courrier');
    expect(n).toMatchObject({
      body: 'Relance charges du 1er trimestre',
      data: { url: '/{id}/messages-communication' },
    });
    await ok(
      call('PUT', '/communications/E2', a.headers, {
        coproprietaire: 'P2',
        sending_method: 'email',
        module: 'courrier',
        recipient_info: { to_addresses: ['p2@example.fr'] },
        subject: 'Un e-mail',
        html_body: '<p>Bonjour</p>',
        created_date: '2026-03-02T09:00:00Z',
      }),
    );
    expect(await whoGot('Nouveau courrier')).toEqual(['P2']);
  });
});
