/**
 * A recovery step with its audit line, shared by the console's route and the syndic API's: the
 * same step through either entrance writes the same rows and the same line (only the actor
 * differs). A step refused (too early, already sent) writes neither.
 */
import type { RecouvrementSettings, RecouvrementStep } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { todayInParis } from '../payments/credit.service.js';
import { diff, type SyndicApiContext, writeAudit } from '../syndic-api/kit/index.js';
import { ownerInBuilding } from './recouvrement.repo.js';
import { saveSettings, send, settings, settingsBody } from './recouvrement.service.js';

export async function sendAudited(
  app: FastifyInstance,
  api: SyndicApiContext,
  input: { coproprieteId: string; ownerId: string; step: RecouvrementStep },
) {
  if (!(await ownerInBuilding(app.db, input.coproprieteId, input.ownerId))) throw new AppError('NOT_FOUND');
  const out = await send(app, { ...input, userId: api.userId ?? null, today: todayInParis() });
  await writeAudit(app.db, api, [
    {
      action: 'created',
      resource: 'recouvrement',
      resourceId: out.id,
      values: {
        coproprietaire: input.ownerId,
        step: out.step,
        grade: out.grade,
        fee_cents: out.fee_cents,
        channel: out.channel,
      },
    },
  ]);
  return out;
}

/** The building's recovery settings, saved whole; the fields that changed make one audit line. */
export async function saveSettingsAudited(
  app: FastifyInstance,
  api: SyndicApiContext,
  coproprieteId: string,
  next: RecouvrementSettings,
) {
  const before = settingsBody(await settings(app.db, coproprieteId));
  const after = await saveSettings(app.db, coproprieteId, next);
  const changes = diff(before, after);
  if (Object.keys(changes).length)
    await writeAudit(app.db, api, [
      { action: 'updated', resource: 'recouvrement_settings', resourceId: coproprieteId, changes },
    ]);
  return after;
}
