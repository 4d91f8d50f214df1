import { exitOnStartFailure, startServer } from '../src/server.js';
import { isDatabaseEmpty, seedDemo } from './demo.js';
import { startupBanner } from './demo.banner.js';
import { tenantRoutes } from './tenant.routes.js';

/**
 * The development entry (`npm start`, `npm run dev`, the e2e suite): the server with the demo
 * data on a first start into an empty database, and POST /dev/tenants for the e2e specs.
 */
startServer({
  devRoutes: tenantRoutes,
  async beforeListen(app) {
    let demo: Awaited<ReturnType<typeof seedDemo>> | null = null;
    if (app.config.seedDemo && (await isDatabaseEmpty(app.db))) {
      app.log.info('seeding demo data (first start)');
      demo = await seedDemo(app.db, app.platform.storage, { sealer: app.platform.sealer });
    }
    return startupBanner(app.config, demo);
  },
}).catch(exitOnStartFailure);
