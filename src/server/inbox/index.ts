import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { staffTopicReader } from '../identity/index';
import { serverSecretsRepository } from '../platform/secrets/repository';
import type { MessageIntake } from '../support/index';
import { recordInboxChange } from './inbox-mappers';
import { inboxService } from './inbox-service';
import { queueNewMessageNotifications } from './notify';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker';
import { inboxRoutes } from './routes';
import type { ChangeEvent } from '../changes/index';
import { customerRoutes } from './customer-routes';
import { customerService } from './customer-service';
import { inboundRoutes } from './inbound-routes';
import { inboundService } from './inbound-service';
import { createSmtpReceiver } from './smtp-receiver';
import { issueFormToken, spamReason, type SpamCheckInput } from './spam';

// What the other features may use; everything else here is this feature's own.
export { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from './spam';

export interface InboxFeature {
  /** A signed "form shown at" time for the Contact Us form's hidden field. */
  issueFormToken(): string;
  /** Why a submission looks automated, or null. */
  spamReason(input: SpamCheckInput): string | null;
  /** Stores a Contact Us message with its verdict, notifications and live event in one transaction. */
  intake(spamReason: string | null): MessageIntake;
  worker: OutboxWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Contact Us inbox: spam checks, staff notifications and their mail outbox. */
    inbox: InboxFeature;
    /** The port the help desk's SMTP receiver listens on (INBOUND_SMTP_PORT, or the one chosen for 0), or null. */
    inboundSmtpPort: number | null;
  }
}

/**
 * The Contact Us inbox (docs/console.md): staff routes, the `inbox` live topic (staff only, the
 * rule of its GET routes), spam checks for the form, and the mail outbox worker each instance runs.
 */
export default fp(
  async function inbox(app: FastifyInstance) {
    const { config } = app;
    const db = app.database.db;
    const formKey = await serverSecretsRepository(db).secret('contact-form');
    const worker = createOutboxWorker({
      db,
      send: (mail, progress) => app.identity.mailer.send(mail, progress),
      messageIdDomain: config.INBOUND_MAIL_DOMAIN,
      log: app.log,
      instanceId: config.INSTANCE_ID,
      pollMs: config.MAIL_OUTBOX_POLL_MS,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      mailTimeoutMs: config.MAIL_TIMEOUT_MS,
    });

    app.decorate('inbox', {
      issueFormToken: () => issueFormToken(formKey),
      spamReason: (input) => spamReason(formKey, input, config.CONTACT_MIN_FILL_MS),
      intake: (reason) => ({
        spamReason: reason,
        async stored(trx, message, status) {
          const queued =
            status === 'new'
              ? await queueNewMessageNotifications(trx, message, { inboxEmails: config.SUPPORT_INBOX_EMAIL, publicUrl: config.publicUrl })
              : 0;
          const event = await recordInboxChange(trx, 'add', {
            ...message,
            status,
            spamReason: reason,
            assigneeId: null,
            assigneeEmail: null,
          });
          return () => {
            app.live.announce([event]);
            if (queued > 0) worker.kick();
          };
        },
      }),
      worker,
    } satisfies InboxFeature);

    app.live.registerTopic({
      name: 'inbox',
      // The rule of the GET routes (staffOnly), second factor included.
      canRead: staffTopicReader(db, (uid) => app.identity.rolesOf(uid)),
    });

    const afterCommit = (events: ChangeEvent[], mailQueued: boolean) => {
      app.live.announce(events);
      if (mailQueued) worker.kick();
    };
    const desk = {
      publicUrl: config.publicUrl,
      mailDomain: config.INBOUND_MAIL_DOMAIN,
      inboxEmails: config.SUPPORT_INBOX_EMAIL,
      afterCommit,
    };
    const service = inboxService(db, desk);
    await app.register(inboxRoutes(service));
    await app.register(customerRoutes(customerService(db, desk)));

    // Customers' answers by mail: the webhook, and the SMTP receiver when INBOUND_SMTP_PORT is set.
    const inbound = inboundService(db, { ...desk, domain: config.INBOUND_MAIL_DOMAIN, maxBytes: config.INBOUND_MAIL_MAX_BYTES });
    await app.register(inboundRoutes(inbound, { secret: config.INBOUND_MAIL_SECRET, maxBytes: config.INBOUND_MAIL_MAX_BYTES }));
    const receiver =
      config.INBOUND_SMTP_PORT === undefined
        ? null
        : createSmtpReceiver(inbound, {
            port: config.INBOUND_SMTP_PORT,
            host: config.INBOUND_SMTP_HOST,
            maxBytes: config.INBOUND_MAIL_MAX_BYTES,
            domain: config.INBOUND_MAIL_DOMAIN,
            timeoutMs: 30_000,
            log: app.log,
          });
    app.decorate('inboundSmtpPort', null as number | null);

    app.addHook('onReady', async () => {
      worker.start();
      if (receiver) app.inboundSmtpPort = await receiver.listen();
    });
    app.addHook('onClose', async () => {
      await receiver?.close();
      await worker.stop();
    });
  },
  { name: 'inbox', dependencies: ['identity', 'live'] },
);
