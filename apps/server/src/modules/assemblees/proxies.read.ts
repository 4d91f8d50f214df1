import type { ProxiesData, ProxyInfo } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { OwnedRecord } from '../access/access.service.js';
import * as repo from './assemblees.repo.js';
import { proxiesFromRegister } from './proxies.register.js';
import * as proxiesRepo from './proxies.repo.js';
import * as registerRepo from './register.repo.js';

type Resolutions = Awaited<ReturnType<typeof repo.listResolutions>>;

/** Until the meeting starts (status_session set) and its date, a proxy can be given or withdrawn. */
export const proxiesOpen = (ag: repo.AssembleeRow, now: Date) =>
  ag.status_session === null && ag.date.getTime() > now.getTime();

export function presentProxy(
  p: proxiesRepo.ProxyRow,
  names: Map<string, string>,
  resolutions: Resolutions,
  sealed = false,
): ProxyInfo {
  return {
    id: p.id,
    mandant: { id: p.mandant_id, name: names.get(p.mandant_id) ?? '' },
    mandataire: { coproprietaire_id: p.mandataire_id, name: p.mandataire_name, email: p.mandataire_email },
    instructions: resolutions.flatMap(({ resolution: r }) => {
      const vote = p.instructions[r.id];
      return vote ? [{ resolution_id: r.id, number: r.number, title: r.title, vote }] : [];
    }),
    status: p.status as ProxyInfo['status'],
    created_at: p.created_at.toISOString(),
    signed_at: p.signed_at?.toISOString() ?? null,
    accepted_at: p.accepted_at?.toISOString() ?? null,
    withdrawn_at: p.withdrawn_at?.toISOString() ?? null,
    document_sha256: p.document_sha256,
    sealed,
  };
}

/**
 * The proxies the record gave (signed, active or withdrawn) and those it holds, for any co-owner
 * of the assembly's building (404 otherwise); with the co-owners it may choose as mandataire.
 */
export async function listProxies(
  db: Db,
  record: OwnedRecord,
  assembleeId: string,
  now = new Date(),
): Promise<ProxiesData> {
  const found = await registerRepo.findInCopropriete(db, assembleeId, record.copropriete.id);
  if (!found) throw new AppError('NOT_FOUND');
  const me = record.coproprietaire.id;
  const [rows, owners, resolutions, chained, sealed] = await Promise.all([
    proxiesRepo.proxiesOf(db, assembleeId, me),
    proxiesRepo.ownersOfCopro(db, record.copropriete.id),
    repo.listResolutions(db, assembleeId),
    proxiesFromRegister(db, assembleeId),
    proxiesRepo.sealedProxyIds(db, assembleeId),
  ]);
  // The register decides: a proxy ended there (the mandant attended, or the syndic entered another
  // representation at the meeting) is no longer active.
  const ended = new Map(
    chained.flatMap((c) => (c.proxy_id && c.status === 'withdrawn' ? [[c.proxy_id, c.withdrawn_at]] : [])),
  );
  const names = new Map(owners.map((o) => [o.id, o.name]));
  // The active proxy first, then the newest.
  const signed = rows
    .filter((p) => p.status !== 'pending')
    .map((p) =>
      p.status === 'active' && ended.has(p.id)
        ? { ...p, status: 'withdrawn', withdrawn_at: ended.get(p.id) ?? null }
        : p,
    )
    .sort(
      (a, b) =>
        Number(b.status === 'active') - Number(a.status === 'active') ||
        b.created_at.getTime() - a.created_at.getTime(),
    );
  return {
    open: proxiesOpen(found.assemblee, now),
    given: signed
      .filter((p) => p.mandant_id === me)
      .map((p) => presentProxy(p, names, resolutions, sealed.has(p.id))),
    held: signed
      .filter((p) => p.mandataire_id === me)
      .map((p) => presentProxy(p, names, resolutions, sealed.has(p.id))),
    candidates: owners.filter((o) => o.id !== me).map((o) => ({ id: o.id, name: o.name })),
  };
}
