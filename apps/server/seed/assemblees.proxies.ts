import { createHash, randomBytes } from 'node:crypto';
import { formatInt } from '@tantieme/contract';
import { assembleeProxies, assembleeRecords } from '../src/db/schema/index.js';
import { renderPdf } from '../src/lib/pdf.js';
import { recordDigest } from '../src/modules/assemblees/chain.js';
import { renderProxyPdf } from '../src/modules/assemblees/proxy.pdf.js';
import { newId, type SeedContext, storeFile } from './context.js';
import { type CoproInfo, type OwnerInfo, ownerTantiemes } from './copro.js';
import { frDate } from './format.js';
import { assembleeProxyRow, assembleeRecordRow } from './builders/assemblees.js';

/** The past meeting's attendance sheet: who attended or voted by correspondence, with their voix. */
export function pastFeuillePdf(
  ctx: SeedContext,
  copro: CoproInfo,
  o: { date: string; present: OwnerInfo[]; byForm: string[] },
) {
  const cg = copro.rep('CG');
  const rows = copro.owners.map((w) => [
    w.display_name,
    !o.present.includes(w) ? 'Absent' : o.byForm.includes(w.key) ? 'Par correspondance' : 'Présent',
    formatInt(ownerTantiemes(w, cg)),
  ]);
  return renderPdf({
    issuer: { name: copro.name },
    title: 'Feuille de présence',
    subtitle: `Assemblée générale ordinaire annuelle du ${frDate(o.date)}`,
    blocks: [
      {
        table: {
          head: ['Copropriétaire', 'Présence', 'Voix'],
          widths: [4, 2, 1],
          align: ['l', 'l', 'r'],
          rows,
        },
      },
    ],
    createdAt: ctx.clock.paris(o.date, '21:10'),
  });
}

/**
 * The upcoming meeting's proxy given online: M. Paul Durand to Mme Claire Martin, with an
 * instruction on the first resolution, signed three days ago (the signature record carries the
 * SHA-256 of its PDF, then the attendance record 'represented' names the mandataire). Claire holds
 * it, not yet accepted.
 */
export async function seedUpcomingProxy(
  ctx: SeedContext,
  copro: CoproInfo,
  o: {
    agId: string;
    name: string;
    date: Date;
    resolutions: { id: string; number: number; title: string; no_vote: boolean }[];
    prev: { seq: number; digest: string };
    /** Who gives it and who holds it (owner keys): the demo's Paul and Claire by default. */
    keys?: { mandant: string; mandataire: string };
  },
) {
  const paul = copro.owner(o.keys?.mandant ?? 'paul');
  const claire = copro.owner(o.keys?.mandataire ?? 'claire');
  const at = ctx.clock.daysAgo(3, '20:41');
  const first = o.resolutions.find((r) => !r.no_vote)!;
  const instructions = { [first.id]: 'agree' as const };
  const pdf = await renderProxyPdf({
    coprName: copro.name,
    assemblee: { name: o.name, date: o.date },
    mandant: { name: paul.display_name },
    mandataire: { name: claire.display_name, email: null, coproprietaire: true },
    resolutions: o.resolutions.filter((r) => !r.no_vote),
    instructions,
    createdAt: at,
  });
  const sha = createHash('sha256').update(pdf).digest('hex');
  const file = storeFile(
    ctx,
    `coproprietes/${copro.id}/assemblees/${o.agId}/pouvoirs/${paul.id}-${sha.slice(0, 16)}.pdf`,
    `Pouvoir - ${o.name}.pdf`,
    pdf,
    'application/pdf',
  );
  const proxyId = newId();
  const who = { id: paul.id, name: paul.display_name };
  let { seq, digest: prev } = o.prev;
  const add = async (kind: string, payload: Record<string, unknown>) => {
    const rec = { assemblee_id: o.agId, seq: ++seq, kind, coproprietaire_id: paul.id, payload };
    const digest = await recordDigest(prev, rec);
    ctx.rows.add(
      assembleeRecords,
      assembleeRecordRow({
        id: newId(),
        ...rec,
        current: true,
        created_at: at,
        prev_digest: prev,
        digest,
      }),
    );
    prev = digest;
  };
  await add('signature', {
    created_at: at.toISOString(),
    mode: 'PROCURATION_DONNEE',
    method: 'signature_link',
    coproprietaire: who,
    procurations: { [claire.id]: { coproprietaire_name: claire.display_name } },
    ip: '192.0.2.45',
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
    sender_nonce: randomBytes(16).toString('hex'),
    document: { type: 'procuration', sha256: sha, file: { id: file.id, name: file.name } },
  });
  await add('attendance', {
    created_at: at.toISOString(),
    coproprietaire: who,
    attendance: 'represented',
    mandataire: { name: claire.display_name, coproprietaire_id: claire.id, exclusion: null },
    proxy: {
      id: proxyId,
      origin: 'online',
      instructions: [{ resolution_id: first.id, number: first.number, vote: 'agree' }],
      document_sha256: sha,
    },
  });
  ctx.rows.add(
    assembleeProxies,
    assembleeProxyRow({
      id: proxyId,
      assemblee_id: o.agId,
      mandant_id: paul.id,
      mandataire_id: claire.id,
      mandataire_name: claire.display_name,
      mandataire_email: null,
      instructions,
      status: 'active',
      file_id: file.id,
      document_sha256: sha,
      created_at: at,
      signed_at: at,
    }),
  );
}
