import { formatParisDate } from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import { enqueue } from '../../platform/outbox.js';
import { emailOf, proxyGivenEmail } from '../../templates/index.js';
import { type NotifyDeps, stageNotification } from '../notifications/notify.js';
import * as repo from './assemblees.repo.js';
import type * as signaturesRepo from './signatures.repo.js';
import { appendRecord } from './chain.js';
import { checkNewProxy } from './proxies.limits.js';
import { proxiesOpen } from './proxies.read.js';
import * as proxiesRepo from './proxies.repo.js';

type TokenRow = NonNullable<Awaited<ReturnType<typeof signaturesRepo.findSignatureToken>>>;
const none = async () => {};

/**
 * After a signature, in its transaction under the assembly's lock: the mandant's signature of a
 * proxy's PDF (PROCURATION_DONNEE) makes it count (checked again against art. 22 I, since another
 * proxy may have reached the mandataire meanwhile): an attendance record 'represented' naming the
 * mandataire is chained, as the syndic's are, so the register and the tally read it alike; the
 * mandataire is told. The mandataire's signature (PROCURATION) records their acceptance.
 */
export async function onProxySigned(
  tx: repo.Tx,
  deps: NotifyDeps | null,
  row: TokenRow,
  now: Date,
): Promise<() => Promise<void>> {
  const proxy = await proxiesRepo.proxyOfToken(tx, row.token.id);
  if (!proxy) return none;
  if (proxy.accept_token_id === row.token.id) {
    await proxiesRepo.updateProxy(tx, proxy.id, { accepted_at: now });
    return none;
  }
  if (proxy.status !== 'pending') throw new AppError('already-signed');
  const ag = row.assemblee;
  if (!proxiesOpen(ag, now)) throw new AppError('expired');
  const mandataire = { name: proxy.mandataire_name, coproprietaire_id: proxy.mandataire_id, exclusion: null };
  await checkNewProxy(tx, ag, proxy.mandant_id, mandataire);
  const resolutions = await repo.listResolutions(tx, ag.id);
  await appendRecord(tx, {
    assemblee_id: ag.id,
    kind: 'attendance',
    coproprietaire_id: proxy.mandant_id,
    created_at: now,
    payload: {
      created_at: now.toISOString(),
      coproprietaire: { id: proxy.mandant_id, name: row.coproprietaire.display_name },
      attendance: 'represented',
      mandataire,
      proxy: {
        id: proxy.id,
        origin: 'online',
        instructions: resolutions.flatMap(({ resolution: r }) =>
          proxy.instructions[r.id]
            ? [{ resolution_id: r.id, number: r.number, vote: proxy.instructions[r.id] }]
            : [],
        ),
        document_sha256: proxy.document_sha256,
      },
    },
  });
  await repo.setAttendance(tx, ag.id, proxy.mandant_id, 'represented');
  await proxiesRepo.updateProxy(tx, proxy.id, { status: 'active', signed_at: now });
  const what = `${row.coproprietaire.display_name} vous donne pouvoir pour l'assemblée générale «\u00a0${ag.name}\u00a0» du ${formatParisDate(ag.date)}.`;
  if (proxy.mandataire_email && !proxy.mandataire_id && deps)
    await enqueue(
      tx,
      {
        channel: 'email',
        recipient: proxy.mandataire_email,
        ...emailOf(proxyGivenEmail({ mandataire: proxy.mandataire_name ?? '', assembly: ag.name, what })),
        meta: { kind: 'proxy_given', proxy_id: proxy.id },
      },
      { production: deps.config.env === 'production' },
    );
  if (!proxy.mandataire_id || !deps) return none;
  const staged = await stageNotification(
    tx,
    deps,
    { coproprietaireId: proxy.mandataire_id },
    {
      title: `Pouvoir reçu\u202f: ${ag.name}`,
      body: `${what} Retrouvez-le sur la page de l'assemblée pour signer votre acceptation.`,
      type: 'ASSEMBLEE',
      url: `/{id}/assemblee/${ag.id}`,
    },
  );
  return staged.afterCommit;
}
