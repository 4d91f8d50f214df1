import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar24LreAdapter } from './ar24.js';
import { ar24Date, ar24Decrypt, ar24Signature, parseAr24Date, totp } from './ar24-crypto.js';
import { type Ar24Account, startAr24StandIn } from './ar24-stand-in.js';
import { localLreAdapter } from './local.js';

const account: Ar24Account = {
  token: 'tok-test',
  privateKey: 'private-key-test',
  userId: '77',
  otpSecret: 'JBSWY3DPEHPK3PXP',
};
let ar24: Awaited<ReturnType<typeof startAr24StandIn>>;

beforeAll(async () => {
  ar24 = await startAr24StandIn(account);
});
afterAll(() => ar24.close());

const adapter = (over: Partial<Parameters<typeof ar24LreAdapter>[0]> = {}) =>
  ar24LreAdapter({ url: ar24.url, ...account, ...over });

const letter = {
  reference: 'AG-2026/CP-0042',
  to: { email: 'claire.martin@example.fr', first_name: 'Claire', last_name: 'Martin', company: null },
  subject: 'Convocation : Assemblée générale ordinaire',
  content: 'Vous êtes convoquée…',
  attachment: {
    name: 'Convocation AG.pdf',
    content_type: 'application/pdf',
    data: Buffer.from('%PDF-1.4\n%%EOF\n'),
  },
};

describe("AR24's cipher and one-time codes", () => {
  it("signs the date and reads an answer as AR24's documentation shows", () => {
    // The example of AR24's documentation, as segnashare/app quotes it in src/lib/ar24/crypto.ts.
    const date = '2021-05-26 14:00:00';
    const key = '7X9gx9E3Qx4EiUdB63nc';
    expect(ar24Signature(date, key)).toBe('bDop0cbjKpkySlpvnNGvBMg7PuYFFgPPqTTS2RAHoY0=');
    expect(ar24Decrypt('WwBOU6s8DaMWmYdctBJwfuoujFgVygBUjhsbdf8eWqQ=', date, key)).toContain('SUCCESS');
  });

  it("computes the sender's TOTP code as RFC 6238 gives it", () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // '12345678901234567890'
    expect(totp(secret, new Date(59_000), 8)).toBe('94287082');
    expect(totp(secret, new Date(1_111_111_109_000), 8)).toBe('07081804');
    expect(totp(secret, new Date(59_000))).toBe('287082');
  });

  it('reads and writes dates in Paris wall-clock time, summer and winter', () => {
    expect(ar24Date(new Date('2026-07-01T08:05:09Z'))).toBe('2026-07-01 10:05:09');
    expect(ar24Date(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30:00');
    expect(parseAr24Date('2026-03-29 03:30:00')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseAr24Date('le 3 mars')).toBeNull();
  });
});

describe('the AR24 adapter, against a local server speaking its protocol', () => {
  it('authenticates the sender, uploads the convocation and deposits an eIDAS letter', async () => {
    const before = Date.now();
    const dep = await adapter().send(letter);
    expect(ar24.calls.slice(-3)).toEqual([
      'POST /api/user/auth_otp/',
      'POST /api/attachment/',
      'POST /api/mail/',
    ]);
    expect(dep).toMatchObject({ provider: 'ar24', sending_id: '4200', proof: { id: 4200, is_eidas: 1 } });
    expect(dep.proof.proof_dp_url).toMatch(/dp-4200$/);
    // The deposit is the letter's `date`, to the second.
    expect(dep.sent_at.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(dep.sent_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(ar24.mails.get('4200')).toMatchObject({
      to_email: 'claire.martin@example.fr',
      to_firstname: 'Claire',
      to_lastname: 'Martin',
      dest_statut: 'particulier',
      ref_dossier: 'AG-2026/CP-0042',
      // A multipart body carries line breaks as CRLF (the HTML form encoding).
      content: 'Convocation : Assemblée générale ordinaire\r\n\r\nVous êtes convoquée…',
      id_sender: 77,
      attachments: [51],
    });
    expect(ar24.files.get('51')).toEqual({ name: 'Convocation AG.pdf', size: 15, type: 'application/pdf' });
  });

  it('authenticates once while the hash lasts, again once it has expired', async () => {
    const lre = adapter();
    const noFile = { ...letter, attachment: null };
    const count = () => ar24.calls.filter((c) => c === 'POST /api/user/auth_otp/').length;
    const start = count();
    await lre.send(noFile);
    await lre.send(noFile);
    expect(count()).toBe(start + 1);
    ar24.otpValidFor(1500);
    const brief = adapter();
    await brief.send(noFile);
    await new Promise((r) => setTimeout(r, 1600));
    await expect(brief.send(noFile)).resolves.toMatchObject({ provider: 'ar24' });
    expect(count()).toBe(start + 3);
    ar24.otpValidFor(3600_000);
  });

  it('reads the first presentation from the notice to the recipient, none before it', async () => {
    const lre = adapter();
    const { sending_id: id } = await lre.send({ ...letter, attachment: null });
    expect(await lre.state(id)).toMatchObject({ first_presented_at: null, status: 'waiting' });
    ar24.notify(id, new Date('2026-11-27T09:16:30Z'));
    const s = await lre.state(id);
    expect(s.first_presented_at?.toISOString()).toBe('2026-11-27T09:16:30.000Z');
    expect(s).toMatchObject({ status: 'presented', proof: { ts_ev_date: '2026-11-27 10:16:30' } });
    ar24.conclude(id, 'AR', new Date('2026-11-28T08:00:00Z'));
    expect(await lre.state(id)).toMatchObject({
      status: 'accepted',
      first_presented_at: new Date('2026-11-27T09:16:30Z'),
      proof: { view_date: '2026-11-28 09:00:00' },
    });
  });

  it('a refusal or a negligence keeps the presentation; a bounce is none', async () => {
    const lre = adapter();
    const cases = [
      ['refused', 'refused', true],
      ['negligence', 'negligence', true],
      ['bounced', 'bounced', false],
    ] as const;
    for (const [provider, status, presented] of cases) {
      const { sending_id: id } = await lre.send({ ...letter, attachment: null });
      ar24.notify(id, new Date('2026-11-27T09:00:00Z'));
      ar24.conclude(id, provider, new Date('2026-12-12T09:00:00Z'));
      const s = await lre.state(id);
      expect(s.status).toBe(status);
      expect(s.first_presented_at !== null).toBe(presented);
    }
  });

  it("a wrong key, a stale date or an unknown letter is an error naming AR24's reason", async () => {
    await expect(adapter({ privateKey: 'wrong' }).send(letter)).rejects.toThrow(/invalid_signature/);
    await expect(adapter({ token: 'nope' }).state('4200')).rejects.toThrow(/token_invalid/);
    const late = adapter({ now: () => new Date(Date.now() - 11 * 60_000) });
    await expect(late.state('4200')).rejects.toThrow(/expired_date/);
    await expect(adapter().state('9999')).rejects.toThrow(/mail_not_found Envoi introuvable/);
    await expect(adapter({ userId: '78' }).state('4200')).rejects.toThrow(/user_not_exist/);
  });

  it('sends nothing without the OTP secret an eIDAS letter needs', async () => {
    const n = ar24.calls.length;
    await expect(adapter({ otpSecret: '' }).send(letter)).rejects.toThrow(/secret OTP/);
    expect(ar24.calls.length).toBe(n);
  });
});

describe('the local LRE default', () => {
  it('records the deposit, then the first presentation after the delay or when told', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const lre = localLreAdapter({ delaySeconds: 600, now: () => now });
    const dep = await lre.send({ ...letter, attachment: null });
    expect(dep).toMatchObject({ provider: 'local', sent_at: now });
    expect((await lre.state(dep.sending_id)).first_presented_at).toBeNull();
    now = new Date('2026-11-27T10:10:00Z');
    expect((await lre.state(dep.sending_id)).first_presented_at?.toISOString()).toBe(
      '2026-11-27T10:10:00.000Z',
    );
    const other = await lre.send({ ...letter, attachment: null });
    lre.present(other.sending_id, new Date('2026-11-27T10:05:00Z'));
    expect(await lre.state(other.sending_id)).toMatchObject({
      status: 'presented',
      first_presented_at: new Date('2026-11-27T10:05:00Z'),
    });
    await expect(lre.state('nope')).rejects.toThrow(/inconnu/);
  });
});
