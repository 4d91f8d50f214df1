import type { FastifyInstance } from 'fastify';
import { addressRoutes } from './address/address.routes.js';
import { coproprietaireRoutes } from './coproprietaire/coproprietaire.routes.js';
import { devRoutes } from './dev/dev.routes.js';
import { filesRoutes } from './files/files.routes.js';
import { financesRoutes } from './finances/finances.routes.js';
import { identityRoutes } from './identity/identity.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { sandboxCheckoutRoutes } from './payments/sandbox.routes.js';
import { paymentsWebhookRoutes } from './payments/webhook.routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import { invitationRoutes } from './invitations/invitations.routes.js';
import { qrcodeRoutes } from './qrcode/qrcode.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { syndicApiRoutes } from './syndic-api/syndic-api.routes.js';
import { assembleesRoutes } from './assemblees/assemblees.routes.js';
import { syntheseRoutes } from './synthese/synthese.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { chatRoutes } from './chat/chat.routes.js';
import { verificationRoutes } from './verification/verification.routes.js';

/** Every module's routes, one line each. */
export async function registerModules(app: FastifyInstance) {
  await app.register(systemRoutes);
  await app.register(filesRoutes);
  await app.register(identityRoutes);
  await app.register(accountsRoutes);
  await app.register(captchaRoutes);
  await app.register(invitationRoutes);
  await app.register(qrcodeRoutes);
  await app.register(coproprietaireRoutes);
  await app.register(settingsRoutes);
  await app.register(addressRoutes);
  await app.register(financesRoutes);
  await app.register(syndicApiRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentsWebhookRoutes);
  if (app.config.env !== 'production') await app.register(sandboxCheckoutRoutes);
  await app.register(syntheseRoutes);
  await app.register(assembleesRoutes);
  await app.register(notificationsRoutes);
  await app.register(chatRoutes);
  await app.register(verificationRoutes);
  if (app.config.env !== 'production') await app.register(devRoutes);
}
