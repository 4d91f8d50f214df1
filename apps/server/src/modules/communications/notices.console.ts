import { randomUUID } from 'node:crypto';
import {
  type ConsoleNoticeDetail,
  type ConsoleNoticePreview,
  type consoleNoticeBody,
  syndicNoticeBody,
} from '@tantieme/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { NotifyDeps } from '../notifications/notify.js';
import { adoptExternalIds, consoleExternalId, type SyndicApiContext } from '../syndic-api/kit/index.js';
import * as repo from './notices.repo.js';
import { sanitizeEmailHtml } from './sanitize.js';
import { noticesResource, recipientsFor } from './syndic/notices.service.js';

/** A building's notices in the console, on the syndic API's notice service (decision 222). */

type Body = z.output<typeof consoleNoticeBody>;
type Notice = NonNullable<Awaited<ReturnType<typeof repo.noticeOfBuilding>>>;

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The console's plain text as HTML: a paragraph per blank-line block, its line breaks kept. */
export function textToHtml(text: string) {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replaceAll('\n', '<br />')}</p>`)
    .join('');
}

function audienceLabel(
  n: Pick<Notice, 'audience' | 'repartition_id'>,
  count: number,
  keys: Map<string, string>,
) {
  if (n.audience === 'immeuble') return "Tout l'immeuble";
  if (n.audience === 'cle') return `Clé ${keys.get(n.repartition_id ?? '') ?? 'supprimée'}`;
  return count > 1 ? `${count} copropriétaires choisis` : '1 copropriétaire choisi';
}

async function keyNames(db: Db, coproId: string) {
  return new Map((await repo.keysOf(db, coproId)).map((k) => [k.id, k.name]));
}

async function lotsLabel(db: Db, ownerIds: string[]) {
  const out = new Map<string, string[]>();
  for (const l of await repo.lotNumbersOf(db, ownerIds))
    out.set(l.owner, [...(out.get(l.owner) ?? []), l.number]);
  const sorted = (v: string[]) => v.sort((a, b) => a.localeCompare(b, 'fr', { numeric: true })).join(', ');
  return (id: string) => sorted(out.get(id) ?? []);
}

export async function listNotices(db: Db, coproId: string) {
  const [rows, keys, owners] = await Promise.all([
    repo.noticesOfBuilding(db, coproId),
    repo.keysOf(db, coproId),
    repo.ownersOfBuilding(db, coproId),
  ]);
  const names = new Map(keys.map((k) => [k.id, k.name]));
  const lots = await lotsLabel(
    db,
    owners.map((o) => o.id),
  );
  return {
    items: rows.map(({ n, recipients, read }) => ({
      id: n.id,
      subject: n.subject,
      audience_label: audienceLabel(n, recipients, names),
      sent_by: n.sent_by,
      created_date: n.created_date.toISOString(),
      recipients_count: recipients,
      read_count: read,
    })),
    repartitions: keys,
    coproprietaires: owners.map((o) => ({ id: o.id, name: o.name, lots: lots(o.id) })),
  };
}

export async function noticeDetail(db: Db, coproId: string, id: string): Promise<ConsoleNoticeDetail> {
  const n = await repo.noticeOfBuilding(db, coproId, id);
  if (!n) throw new AppError('NOT_FOUND');
  const recipients = await repo.recipientsOf(db, [id]);
  const [keys, lots] = await Promise.all([
    keyNames(db, coproId),
    lotsLabel(
      db,
      recipients.map((r) => r.coproprietaire_id),
    ),
  ]);
  return {
    id: n.id,
    subject: n.subject,
    html_body: sanitizeEmailHtml(n.html_body),
    audience_label: audienceLabel(n, recipients.length, keys),
    sent_by: n.sent_by,
    created_date: n.created_date.toISOString(),
    recipients_count: recipients.length,
    read_count: recipients.filter((r) => r.read_at).length,
    recipients: recipients.map((r) => ({
      coproprietaire_id: r.coproprietaire_id,
      name: r.name,
      lots: lots(r.coproprietaire_id),
      read_at: r.read_at?.toISOString() ?? null,
    })),
  };
}

/** The key must be the building's; a key of another building is unknown here. */
async function checkedKey(db: Db, coproId: string, b: Body) {
  if (b.audience !== 'cle') return null;
  if (!b.repartition_id || !(await keyNames(db, coproId)).has(b.repartition_id))
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: { repartition_id: 'Choisissez une clé de répartition de cet immeuble.' },
    });
  return b.repartition_id;
}

export async function previewNotice(db: Db, coproId: string, b: Body): Promise<ConsoleNoticePreview> {
  const key = await checkedKey(db, coproId, b);
  const who = await recipientsFor(db, coproId, b.audience, key, b.coproprietaire_ids);
  return {
    subject: b.subject,
    html_body: sanitizeEmailHtml(textToHtml(b.text)),
    audience_label: audienceLabel(
      { audience: b.audience, repartition_id: key },
      who.length,
      await keyNames(db, coproId),
    ),
    recipients: who.map((r) => ({ coproprietaire_id: r.id, name: r.name })),
  };
}

/**
 * Sends through the syndic API's PUT: the building, its key and the chosen records are named by
 * their external ids (given one when they have none), the notice by a new console id.
 */
export async function sendNotice(
  db: Db,
  notify: NotifyDeps,
  api: SyndicApiContext,
  coproId: string,
  body: Body,
) {
  const key = await checkedKey(db, coproId, body);
  const ids = body.audience === 'coproprietaires' ? body.coproprietaire_ids : [];
  const known = new Set((await repo.ownersIn(db, coproId, ids)).map((o) => o.id));
  ids.forEach((id, k) => {
    if (!known.has(id))
      throw new AppError('VALIDATION_ERROR', undefined, {
        errors: { [`coproprietaire_ids.${k}`]: 'Copropriétaire inconnu dans cet immeuble.' },
      });
  });
  const copro = (await adoptExternalIds(db, api.syndicId, 'copropriete', [coproId])).get(coproId)!;
  const keyExt = key ? (await adoptExternalIds(db, api.syndicId, 'repartition', [key])).get(key)! : null;
  const owners = await adoptExternalIds(db, api.syndicId, 'coproprietaire', ids);
  const data = syndicNoticeBody.parse({
    copropriete: copro,
    subject: body.subject,
    html_body: textToHtml(body.text),
    audience: body.audience,
    repartition: keyExt,
    coproprietaires: ids.map((id) => owners.get(id)!),
  });
  const id = randomUUID();
  const done = await noticesResource(notify).put(db, api, consoleExternalId(id), data);
  return noticeDetail(db, coproId, done.id);
}
