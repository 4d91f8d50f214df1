import { createHash, randomBytes } from 'node:crypto';
import { signatureTokens } from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import { appendPdf } from '../src/lib/pdf-append.js';
import { renderCertificatePage } from '../src/modules/assemblees/certificate-page.js';
import type { chainPastMeeting } from './assemblees.register.js';
import { newId, type SeedContext, type StoredFile, storeFile } from './context.js';
import type { OwnerInfo } from './copro.js';
import { signatureTokenRow } from './builders/assemblees.js';

/** A drawn signature (a short stroke), as the signature page's pad exports it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFElEQVR4nGNgYGD4z8DAwMDAwMAAAA0ABKb0nLQAAAAASUVORK5CYII=',
  'base64',
);

interface Signer {
  owner: OwnerInfo;
  mode: 'PV_PRESIDENT' | 'PV_SECRETAIRE' | 'PV_SCRUTATEUR';
  at: Date;
  ip: string;
  user_agent: string;
}

/**
 * The past meeting's minutes signed by the president and the secretary through their links, chained
 * after the meeting's records, then sealed with their signing certificate page, as the signature
 * page does (modules/assemblees/seal.service). Returns the sealed file.
 */
export async function sealPastMinutes(
  ctx: SeedContext,
  chain: Awaited<ReturnType<typeof chainPastMeeting>>,
  o: {
    assembleeId: string;
    copro: { id: string; name: string };
    assembly: { name: string; date: Date };
    pv: { file: StoredFile; bytes: Buffer };
    signers: Signer[];
  },
): Promise<StoredFile | null> {
  if (!ctx.sealer) return null;
  const digest = createHash('sha256').update(o.pv.bytes).digest('hex');
  const events = [];
  for (const s of o.signers) {
    const tokenId = newId();
    const key = `coproprietes.assemblee.prod/${o.copro.id}/ATTENDANCE/SIGNATURES/${tokenId}/signature.png`;
    const image = storeFile(ctx, key, 'signature.png', PNG, 'image/png');
    const payload = {
      created_at: s.at.toISOString(),
      mode: s.mode,
      method: 'signature_link',
      coproprietaire: { id: s.owner.id, name: s.owner.display_name },
      procurations: null,
      tantiemes: {},
      ip: s.ip,
      user_agent: s.user_agent,
      sender_nonce: randomBytes(16).toString('hex'),
      file: {
        key,
        sha256: createHash('sha256').update(PNG).digest('hex'),
        size: PNG.length,
        width: 2,
        height: 2,
      },
      document: { type: 'proces_verbal', sha256: digest, file: { id: o.pv.file.id, name: o.pv.file.name } },
    };
    const rec = await chain.add('signature', s.owner, payload, s.at);
    ctx.rows.add(
      signatureTokens,
      signatureTokenRow({
        id: tokenId,
        token_hash: sha256(randomBytes(24).toString('base64url')),
        assemblee_id: o.assembleeId,
        coproprietaire_id: s.owner.id,
        mode: s.mode,
        expires_at: new Date(s.at.getTime() + 7 * 86_400_000),
        signed_at: s.at,
        signature_file_id: image.id,
        record_id: rec.id,
        created_at: new Date(s.at.getTime() - 86_400_000),
      }),
    );
    events.push({
      seq: rec.seq,
      digest: rec.digest,
      signer: s.owner.display_name,
      mode: s.mode,
      signed_at: payload.created_at,
      ip: s.ip,
      user_agent: s.user_agent,
      document_sha256: digest,
    });
  }
  const sealedAt = o.signers.at(-1)?.at ?? ctx.clock.now;
  const page = await renderCertificatePage({
    coprName: o.copro.name,
    assemblee: o.assembly,
    document: 'Procès-verbal',
    events,
    head: chain.head(),
    seal: ctx.sealer.identity(),
    sealedAt,
  });
  const sealed = await ctx.sealer.seal(await appendPdf(o.pv.bytes, page), {
    reason: `Procès-verbal signé – ${o.assembly.name}`,
    location: o.copro.name,
    signedAt: sealedAt,
  });
  return storeFile(
    ctx,
    `coproprietes/${o.copro.id}/assemblees/${o.assembleeId}/proces-verbal-scelle-${createHash('sha256').update(sealed).digest('hex').slice(0, 16)}.pdf`,
    `Procès-verbal scellé - ${o.assembly.name}.pdf`,
    sealed,
    'application/pdf',
  );
}
