/**
 * The PDF of a letter of recovery as it was sent: what the syndic posts as a registered letter
 * with acknowledgement of receipt to a co-owner who asked for the post (art. 42-1), or keeps.
 */
import { formatDate, STEP_LABELS } from '@tantieme/contract';
import { renderPdf } from '../../lib/pdf.js';
import type { letterOf } from './recouvrement.repo.js';

type Letter = NonNullable<Awaited<ReturnType<typeof letterOf>>>;

export const letterFileName = (l: Letter) =>
  `${STEP_LABELS[l.step]} – ${l.owner} – ${String(l.date)}.pdf`.replace(/[/\\:*?"<>|]/g, '-');

export function renderLetter(l: Letter): Promise<Buffer> {
  const address = l.address?.full_address ?? '';
  return renderPdf({
    issuer: { name: l.syndic, lines: [`Syndic de la copropriété ${l.copro}`] },
    title: STEP_LABELS[l.step],
    subtitle:
      l.channel === 'postal'
        ? "Lettre recommandée avec demande d'avis de réception"
        : 'Lettre recommandée électronique',
    recipient: [l.owner, `Copropriété ${l.copro}`, ...(address ? [address] : [])],
    place: `Le ${formatDate(String(l.date))}`,
    blocks: (l.letter ?? '').split(/(?<=\.) (?=[A-ZÀÉ])/).map((p) => ({ p })),
    footer: `${STEP_LABELS[l.step]} · ${l.copro}`,
    createdAt: new Date(`${String(l.date)}T09:00:00Z`),
  });
}
