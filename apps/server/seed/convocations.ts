import { earliestMeetingDate, estimatedPostalPresentation } from '@tantieme/contract';
import { assembleeConvocations, consentementsNotificationElectronique } from '../src/db/schema/index.js';
import { addDays } from './clock.js';
import { newId, type SeedContext } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';
import { consentementRow } from './builders/identity.js';
import { assembleeConvocationRow } from './builders/assemblees.js';

/**
 * Consents to electronic notification and the convocations of the upcoming assembly: Claire
 * consented when she validated her choices at her first sign-in, Paul with the settings switch;
 * both got a lettre recommandée électronique (deposit and first presentation as the local
 * provider records them), the others the post, presented the next day by La Poste as the syndic
 * entered it, one still on the J+1 ouvré estimate when that keeps the 21 days.
 */
export function seedConvocations(
  ctx: SeedContext,
  copro: CoproInfo,
  upcoming: { id: string; date: string },
  sentDate: string,
) {
  const { clock } = ctx;
  const consents = new Map<string, { id: string; at: Date }>();
  const give = (o: OwnerInfo, act: 'onboarding' | 'settings', at: Date) => {
    const id = newId();
    ctx.rows.add(
      consentementsNotificationElectronique,
      consentementRow({
        id,
        coproprietaire_id: o.id,
        user_id: o.def.user?.id ?? null,
        given_at: at,
        given_by: act,
      }),
    );
    consents.set(o.id, { id, at });
  };
  const claire = copro.owner('claire');
  give(claire, 'onboarding', clock.daysAgo(claire.def.user?.attachedDaysAgo ?? 600, '20:14'));
  give(copro.owner('paul'), 'settings', clock.daysAgo(12, '08:47'));

  const meeting = upcoming.date.slice(0, 10);
  const sentAt = clock.paris(sentDate, '10:00');
  // La Poste presents on Saturdays, not on Sundays.
  const nextDay = addDays(sentDate, 1);
  const postalDay = new Date(`${nextDay}T12:00:00Z`).getUTCDay() === 0 ? addDays(nextDay, 1) : nextDay;
  const estimate = estimatedPostalPresentation(sentAt);
  let estimatedLeft = earliestMeetingDate(estimate) <= meeting;
  for (const [i, o] of copro.owners.entries()) {
    const consent = consents.get(o.id);
    if (consent && o.email) {
      const deposited = new Date(sentAt.getTime() + i * 1000);
      const presented = new Date(deposited.getTime() + 7 * 60_000);
      const sendingId = `local-${deposited.getTime()}-${newId()}`;
      ctx.rows.add(
        assembleeConvocations,
        assembleeConvocationRow({
          assemblee_id: upcoming.id,
          coproprietaire_id: o.id,
          channel: 'lre',
          consentement_id: consent.id,
          recipient: o.email,
          provider: 'local',
          sending_id: sendingId,
          sent_at: deposited,
          first_presented_at: presented,
          first_presentation_source: 'provider',
          proof: {
            deposit: { id: sendingId, to: o.email, deposited_at: deposited.toISOString() },
            presentation: { id: sendingId, presented_at: presented.toISOString() },
          },
        }),
      );
      continue;
    }
    const estimated = estimatedLeft && o.key !== 'claire';
    if (estimated) estimatedLeft = false;
    ctx.rows.add(
      assembleeConvocations,
      assembleeConvocationRow({
        assemblee_id: upcoming.id,
        coproprietaire_id: o.id,
        channel: 'postal',
        sent_at: sentAt,
        first_presented_at: estimated ? estimate : clock.paris(postalDay, '11:20'),
        first_presentation_source: estimated ? 'estimated' : 'syndic',
      }),
    );
  }
}
