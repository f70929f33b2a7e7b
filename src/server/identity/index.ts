import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { leasesRepository } from '../housekeeping/leases-repository';
import { periodicJob } from '../housekeeping/periodic-job';
import { identityService } from './identity-service';
import { instrumentMailer } from '../metrics/plugin';
import { createMailer } from './mailer';
import { PROJECT_ID, registerIdentityRoutes } from './routes';
import { identityLimits } from './limits';

export const ISSUER = 'northwind-identity';
const HOUSEKEEPING_PERIOD_MS = 60 * 60_000;

/**
 * Accounts: the identity service under /identity and `app.identity` for the rest of the
 * server (requireUser). The decoration is shared (fastify-plugin); the routes are not.
 */
export default fp(
  async function identity(app: FastifyInstance) {
    const mailer = instrumentMailer(createMailer({ smtpUrl: app.config.SMTP_URL, from: app.config.MAIL_FROM, log: app.log }), app.metrics);
    if (mailer.transport === 'log') app.log.info('SMTP_URL is not set: account mails are written to the log');
    const limits = identityLimits(
      app.rateLimitStore,
      { signUpsPerHour: app.config.SIGN_UP_LIMIT_PER_HOUR, mailsPerHour: app.config.MAIL_LIMIT_PER_HOUR },
      { onStoreError: (error, rule) => app.log.warn({ err: error, limit: rule.name }, 'rate-limit store unavailable') },
    );
    const service = identityService({
      db: app.database.db,
      // A fixed issuer: instances on different addresses must accept each other's tokens.
      issuer: ISSUER,
      audience: PROJECT_ID,
      publicUrl: app.config.publicUrl,
      authorizedDomains: app.config.AUTHORIZED_DOMAINS,
      mailer,
      limits,
    });
    app.decorate('identity', service);
    // Every instance schedules it hourly; the lease lets one of them run it per hour. A failure is
    // retried the next hour. The timer never keeps the process alive.
    const housekeeping = periodicJob({
      leases: leasesRepository(app.database.db),
      name: 'identity-housekeeping',
      holder: app.config.INSTANCE_ID,
      periodMs: HOUSEKEEPING_PERIOD_MS,
      run: (nowMs) => service.housekeeping(nowMs),
    });
    app.decorate('identityHousekeeping', housekeeping);
    const timer = setInterval(() => {
      housekeeping.runIfDue().then(
        (removed) => {
          if (removed) app.log.info({ removed }, 'identity housekeeping done');
        },
        (error: unknown) => app.log.warn({ err: error }, 'identity housekeeping failed'),
      );
    }, HOUSEKEEPING_PERIOD_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      mailer.close();
    });
    await registerIdentityRoutes(app, service);
  },
  { name: 'identity' },
);
