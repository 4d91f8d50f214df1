import { checkProxies, isEmail, type signatureRequestBody } from '@tantieme/contract';
import type { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import { enqueue } from '../../../platform/outbox.js';
import { signatureRequestEmail, signatureRequestSms } from '../../../templates/index.js';
import * as agRepo from '../assemblees.repo.js';
import { expireOpenLinks, issueSignatureLink, linkStatus } from '../signature-links.js';
import * as signaturesRepo from '../signatures.repo.js';
import { maskRecipient } from '../../syndic-api/access/access.service.js';
import {
  externalIdsOf,
  type FieldErrors,
  type SyndicApiContext,
  writeAudit,
} from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import { REF } from './assemblees.repo.js';
import { assembleeOf, type Deps, iso } from './common.js';
import { generalTotal } from './proxies.js';
import { loadSyndicat } from '../syndicat.js';

type SignatureRequest = z.output<typeof signatureRequestBody>;

function presentToken(
  row: Omit<Awaited<ReturnType<typeof signaturesRepo.tokensOf>>[number], 'sealed'>,
  ext: Map<string, string>,
  sealed: { file_id: string; name: string; size: number; url: string } | null = null,
  now = new Date(),
) {
  const t = row.token;
  return {
    id: t.id,
    coproprietaire: {
      id: row.owner.id,
      external_id: ext.get(row.owner.id) ?? null,
      name: row.owner.display_name,
    },
    mode: t.mode as SignatureRequest['mode'],
    status: linkStatus(t, now),
    channel: t.sent?.channel ?? null,
    recipient_masked: t.sent?.recipient_masked ?? null,
    expires_at: t.expires_at.toISOString(),
    signed_at: iso(t.signed_at),
    record: row.record ? { seq: row.record.seq, digest: row.record.digest } : null,
    sealed,
  };
}

export async function listSignatures(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  api: SyndicApiContext,
  externalId: string,
) {
  const ag = await assembleeOf(db, api, externalId);
  const rows = await signaturesRepo.tokensOf(db, ag.id);
  const ext = await externalIdsOf(
    db,
    api.syndicId,
    REF.coproprietaire,
    rows.map((r) => r.owner.id),
  );
  return Promise.all(
    rows.map(async (r) =>
      presentToken(
        r,
        ext,
        r.sealed
          ? {
              file_id: r.sealed.id,
              name: r.sealed.name,
              size: r.sealed.size,
              url: await storage.signedGetUrl(r.sealed.storage_key, 600, { download: r.sealed.name }),
            }
          : null,
      ),
    ),
  );
}

/**
 * Loi art. 22 I, as the session's entry enforces it (contract `checkProxies`): each mandataire
 * signing a procuration holds at most three délégations, unless their voix and their mandants'
 * stay within 10 % of the syndicat's; never the syndic's. A breach names `procurations.<mandataire>`.
 */
async function checkProcurations(
  db: Deps['db'],
  ag: Awaited<ReturnType<typeof assembleeOf>>,
  plan: {
    ext: string;
    o: { owner: { id: string; display_name: string } };
    procurations: Record<string, unknown> | null;
  }[],
  errors: FieldErrors,
) {
  const general = ag.general_repartition_id;
  const [{ owners }, total] = await Promise.all([loadSyndicat(db, ag), generalTotal(db, general)]);
  const voix = new Map(owners.map((o) => [o.id, general ? (o.tantiemes[general] ?? 0) : 0]));
  for (const p of plan) {
    const mandataire = {
      key: p.o.owner.id,
      name: p.o.owner.display_name,
      own_voix: voix.get(p.o.owner.id) ?? 0,
    };
    const delegations = Object.keys(p.procurations ?? {}).map((id) => ({
      mandant_id: id,
      voix: voix.get(id) ?? 0,
      mandataire,
    }));
    const [breach] = checkProxies(delegations, total);
    if (breach) errors[`procurations.${p.ext}`] ??= breach.message;
  }
}

/**
 * Creates one single-use signature link per co-owner (decision 36: 192 random bits, SHA-256
 * stored) and queues it by e-mail or SMS through the outbox, all in one transaction: a co-owner
 * without an address for the channel, or a proxy without represented owners, is a 400 naming
 * the field and nothing is sent. A co-owner's earlier pending link of the same mode expires.
 */
export async function requestSignatures(
  deps: Deps,
  api: SyndicApiContext,
  externalId: string,
  body: SignatureRequest,
) {
  const { db, config } = deps;
  const ag = await assembleeOf(db, api, externalId);
  const allExt = [...new Set([...body.coproprietaires, ...Object.values(body.procurations).flat()])];
  const ids = await repo.resolveAll(db, api.syndicId, REF.coproprietaire, allExt);
  const owners = new Map((await repo.ownersByIds(db, [...ids.values()])).map((o) => [o.owner.id, o]));
  const errors: FieldErrors = {};
  const inBuilding = (ext: string) => {
    const id = ids.get(ext);
    const o = id ? owners.get(id) : undefined;
    return o && o.owner.copropriete_id === ag.copropriete_id ? o : undefined;
  };
  const seen = new Set<string>();
  const plan: {
    ext: string;
    o: NonNullable<ReturnType<typeof inBuilding>>;
    to: string;
    procurations: Record<string, { coproprietaire_name: string }> | null;
  }[] = [];
  body.coproprietaires.forEach((ext, k) => {
    const field = `coproprietaires.${k}`;
    if (seen.has(ext)) errors[field] ??= `${ext} est en double.`;
    seen.add(ext);
    const o = inBuilding(ext);
    if (!o) {
      errors[field] ??= `Copropriétaire inconnu dans cette copropriété : ${ext}`;
      return;
    }
    const contacts = o.owner.contacts ?? [];
    const to =
      body.channel === 'email'
        ? ([o.user_email, ...contacts.flatMap((c) => (c.emails ?? []).map((e) => e.value))].find(
            (e) => !!e && isEmail(e),
          ) ?? null)
        : ([o.user_phone, ...contacts.flatMap((c) => (c.phones ?? []).map((p) => p.value))]
            .map((p) => p?.replace(/[\s.()-]/g, '') ?? '')
            .find((p) => /^\+[1-9]\d{6,14}$/.test(p)) ?? null);
    if (!to)
      errors[field] ??=
        body.channel === 'email'
          ? `Aucune adresse e-mail pour ${ext}.`
          : `Aucun numéro de téléphone (format international) pour ${ext}.`;
    let procurations: Record<string, { coproprietaire_name: string }> | null = null;
    if (body.mode === 'PROCURATION') {
      const represented = body.procurations[ext] ?? [];
      if (represented.length === 0)
        errors[`procurations.${ext}`] ??= 'Indiquez les copropriétaires représentés.';
      procurations = {};
      represented.forEach((r, j) => {
        const ro = inBuilding(r);
        if (!ro)
          errors[`procurations.${ext}.${j}`] ??= `Copropriétaire inconnu dans cette copropriété : ${r}`;
        else procurations![ro.owner.id] = { coproprietaire_name: ro.owner.display_name };
      });
    }
    if (to) plan.push({ ext, o, to, procurations });
  });
  for (const ext of Object.keys(body.procurations))
    if (!body.coproprietaires.includes(ext))
      errors[`procurations.${ext}`] ??= `${ext} n'est pas parmi les signataires.`;
  if (body.mode === 'PROCURATION') await checkProcurations(db, ag, plan, errors);
  if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });

  const now = new Date();
  const expires = new Date(now.getTime() + body.valid_hours * 3600_000);
  return db.transaction(async (tx) => {
    await agRepo.lockAssemblee(tx, ag.id);
    await expireOpenLinks(
      tx,
      ag.id,
      plan.map((p) => p.o.owner.id),
      body.mode,
      now,
    );
    const out = [];
    for (const { o, to, procurations } of plan) {
      const { row, path } = await issueSignatureLink(tx, {
        assembleeId: ag.id,
        coproprietaireId: o.owner.id,
        mode: body.mode,
        procurations,
        expiresAt: expires,
        sent: { channel: body.channel, recipient_masked: maskRecipient(body.channel, to) },
      });
      const link = `${config.publicUrl}${path}`;
      const vars = { displayName: o.owner.display_name, assembly: ag.name, date: ag.date, link, expires };
      const email = body.channel === 'email' ? signatureRequestEmail(vars) : null;
      await enqueue(
        tx,
        {
          channel: body.channel,
          recipient: to,
          subject: email?.subject,
          body: email ? email.text : signatureRequestSms(vars),
          meta: { kind: 'signature_request', token_id: row.id },
        },
        { production: config.env === 'production' },
      );
      out.push({ row, o });
    }
    await writeAudit(
      tx,
      api,
      out.map(({ row, o }) => ({
        action: 'sent' as const,
        resource: 'signature_request',
        resourceId: row.id,
        externalId,
        changes: {
          coproprietaire: { before: null, after: o.owner.id },
          mode: { before: null, after: body.mode },
          channel: { before: null, after: body.channel },
          recipient: { before: null, after: row.sent?.recipient_masked ?? null },
          expires_at: { before: null, after: expires.toISOString() },
        },
      })),
    );
    const ext = new Map(body.coproprietaires.map((e) => [ids.get(e)!, e]));
    return out.map(({ row, o }) => presentToken({ token: row, owner: o.owner, record: null }, ext));
  });
}
