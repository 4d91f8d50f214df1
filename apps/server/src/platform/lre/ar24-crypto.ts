import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { parisDate, parisInstant } from '@tantieme/contract';

/**
 * AR24's request signature, response encryption and dates, as the public clients
 * segnashare/app (src/lib/ar24/crypto.ts, with the example of AR24's documentation),
 * a Symfony client and a Laravel client implement them: AES-256-CBC whose key is the first 32
 * characters of a hex SHA-256 and whose IV is the first 16 characters of the hex SHA-256 of the
 * hex SHA-256 of the private key (PHP's openssl_encrypt truncates the key string the same way).
 */
const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const ivOf = (privateKey: string) => Buffer.from(sha256hex(sha256hex(privateKey)).slice(0, 16), 'utf8');
const keyOf = (material: string) => Buffer.from(sha256hex(material).slice(0, 32), 'utf8');

/** The `signature` header: the request's `date` encrypted with the hashed private key, base64. */
export function ar24Signature(date: string, privateKey: string): string {
  const c = createCipheriv('aes-256-cbc', keyOf(privateKey), ivOf(privateKey));
  return Buffer.concat([c.update(date, 'utf8'), c.final()]).toString('base64');
}

/** A successful answer's body: the JSON encrypted with the hash of the request's date + private key. */
export function ar24Decrypt(body: string, date: string, privateKey: string): string {
  const d = createDecipheriv('aes-256-cbc', keyOf(`${date}${privateKey}`), ivOf(privateKey));
  return Buffer.concat([d.update(Buffer.from(body.trim(), 'base64')), d.final()]).toString('utf8');
}

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** 'YYYY-MM-DD HH:mm:ss' of an instant in Paris: the form of the `date` parameter and of answers. */
export function ar24Date(at: Date): string {
  return `${parisDate(at)} ${wallClock.format(at)}`;
}

export function parseAr24Date(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}):(\d{2})$/.exec(v);
  if (!m) return null;
  return new Date(parisInstant(m[1], m[2]).getTime() + Number(m[3]) * 1000);
}

function base32(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.replace(/[\s=]/g, '').toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error('Secret OTP LRE : base32 invalide');
    bits += i.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => Number.parseInt(b, 2)));
}

/**
 * The sender's one-time code for an eIDAS letter (RFC 6238: HMAC-SHA1, 30 s, 6 digits, the
 * defaults of the OTPHP library php-ar24-client uses), from the base32 secret AR24 gives.
 */
export function totp(secret: string, at: Date, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const h = createHmac('sha1', base32(secret)).update(counter).digest();
  const o = h[h.length - 1] & 0xf;
  const n = (h.readUInt32BE(o) & 0x7fffffff) % 10 ** digits;
  return String(n).padStart(digits, '0');
}
