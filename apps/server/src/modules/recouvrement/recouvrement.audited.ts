/**
 * A recovery step with its audit line, shared by the console's route and the syndic API's: the
 * same step through either entrance writes the same rows and the same line (only the actor
 * differs). A step refused (too early, already sent) writes neither.
 */
import type { RecouvrementStep } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { todayInParis } from '../payments/credit.service.js';
import { type SyndicApiContext, writeAudit } from '../syndic-api/kit/index.js';
import { ownerInBuilding } from './recouvrement.repo.js';
import { send } from './recouvrement.service.js';

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
