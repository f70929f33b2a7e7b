import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { leasesRepository } from '../platform/housekeeping/leases-repository';
import { periodicJob } from '../platform/housekeeping/periodic-job';
import { warnOnStoreError } from '../platform/lib/rate-limit/index';
import { identityService } from './identity-service';
import { createMailer, instrumentMailer } from './mailer';
import federatedRoutes from './federated/routes';
import mfaRoutes from './mfa/routes';
import { PROJECT_ID, registerIdentityRoutes } from './routes';
import { identityLimits } from './limits';

// What the other features may use; everything else here is this feature's own.
export { newUserId } from './context';
export { openerPolicyFor } from './federated/opener-policy';
export { type IdentityProviderConfig, parseIdentityProviders, ProviderConfigError } from './federated/provider-config';
export { IdentityError, sendIdentityError } from './identity-error';
export { type IdentityService } from './identity-service';
export { identityLimitRules } from './limits';
export { type Mail, type SendProgress } from './mailer';
export { assertCanRequireTwoStep, requireStaffSecondFactor, staffSecondFactorMissing, staffTopicReader } from './mfa/staff-two-step';
export { hashPassword } from './passwords';
export { refreshTokensRepository } from './refresh-tokens-repository';
export { type AuthUser, requireCaller, requireUser } from './require-user';
export { isRecentSignIn } from './rules';
export { randomToken, tokenHash } from './token-service';
export { userRolesRepository } from './user-roles-repository';
export { DuplicateEmailError, isUniqueViolation, usersRepository } from './users-repository';
export { insertStaffAccount, isUnprovedAccount, takeOverUnprovedAccount } from './use-cases/staff-account';

export const ISSUER = 'northwind-identity';
const HOUSEKEEPING_PERIOD_MS = 60 * 60_000;

/**
 * Accounts: the identity service under /identity and `app.identity` for the rest of the
 * server (requireUser). The decoration is shared (fastify-plugin); the routes are not.
 */
export default fp(
  async function identity(app: FastifyInstance) {
    const mailer = instrumentMailer(
      createMailer({ smtpUrl: app.config.SMTP_URL, from: app.config.MAIL_FROM, log: app.log, timeoutMs: app.config.MAIL_TIMEOUT_MS }),
      app.metrics,
    );
    if (mailer.transport === 'log') app.log.info('SMTP_URL is not set: account mails are written to the log');
    const limits = identityLimits(
      app.rateLimitStore,
      { signUpsPerHour: app.config.SIGN_UP_LIMIT_PER_HOUR, mailsPerHour: app.config.MAIL_LIMIT_PER_HOUR },
      warnOnStoreError(app.log),
    );
    const service = identityService({
      db: app.database.db,
      engine: app.database.engine,
      // A fixed issuer: instances on different addresses must accept each other's tokens.
      issuer: ISSUER,
      audience: PROJECT_ID,
      publicUrl: app.config.publicUrl,
      authorizedDomains: app.config.AUTHORIZED_DOMAINS,
      mailer,
      limits,
      keyEncryptionSecret: app.config.KEY_ENCRYPTION_SECRET,
      identityProviders: app.config.identityProviders,
      warn: (message) => app.log.warn(message),
    });
    // The signing key is created (or agreed on) at start-up, not by the first sign-in.
    await service.tokens.ready();
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
    await registerIdentityRoutes(app, service, [federatedRoutes, mfaRoutes]);
  },
  { name: 'identity' },
);
