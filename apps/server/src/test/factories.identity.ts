import { randomBytes } from 'node:crypto';
import { solveCaptcha } from '@tantieme/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Db } from '../db/client.js';
import { invitations, outbox } from '../db/schema/index.js';
import type { TestApp } from './harness.js';
import { json } from './harness.js';
import { invitationRow as newInvitationRow } from '../../seed/builders/identity.js';

let ipSeq = 1;
/** A fresh client IP per test, so per-IP rate limits of one test never leak into another. */
export const freshIp = () =>
  `10.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}.${Math.floor(Math.random() * 250) + 1}`;
export const freshEmail = () => `n${randomBytes(4).toString('hex')}@example.fr`;
export const freshPhone = () => `+336${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The newest code sent to a recipient, read from the outbox (dev aid column). */
export async function lastCode(db: Db, recipient: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.created_at))
    .limit(1);
  return row?.code ?? null;
}

/** Fetches and solves a captcha challenge like the browser does. */
export async function captcha(t: TestApp, ip = freshIp()) {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: ip });
  const payload = await solveCaptcha(json(res).data);
  if (!payload) throw new Error('captcha not solved');
  return payload;
}

export async function makeInvitation(
  db: Db,
  coproprietaireId: string,
  v: Partial<typeof invitations.$inferInsert> = {},
) {
  const [row] = await db
    .insert(invitations)
    .values(
      newInvitationRow({
        code: `INV${randomBytes(4).toString('hex').toUpperCase()}`,
        coproprietaire_id: coproprietaireId,
        status: 1,
        expiration_date: new Date(Date.now() + 7 * 86_400_000),
        metadata: {
          coproprietaire_info: { first_name: 'Jeanne', last_name: 'Moreau', email: 'jeanne@example.fr' },
        },
        ...v,
      }),
    )
    .returning();
  return row;
}

export async function invitationRow(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.code, code)))
    .limit(1);
  return row;
}

/** inject() with a JSON answer and a client IP. */
export async function call(t: TestApp, opts: InjectOptions & { ip?: string }) {
  const { ip, ...rest } = opts;
  const res = await t.app.inject({ remoteAddress: ip ?? freshIp(), ...rest });
  return { status: res.statusCode, body: json(res), raw: res };
}
