import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { withTimeout } from '../changes/index';
import type { Database } from '../platform/db/schema';
import type { Mail } from '../identity/index';
import { retryDelayMs } from './backoff';
import { outboxRepository } from './outbox-repository';
import type { MailOutboxRow } from '../platform/db/schema';

/** A queued row as the mailer's mail; help-desk replies carry their threading headers. */
export function mailOfRow(row: MailOutboxRow): Mail {
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    link: row.link,
    ...(row.html ? { html: row.html } : {}),
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    ...(row.message_id ? { messageId: row.message_id } : {}),
    ...(row.in_reply_to ? { inReplyTo: row.in_reply_to } : {}),
    ...(row.references_list ? { references: row.references_list.split(' ').filter(Boolean) } : {}),
  };
}

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  send: (mail: Mail) => Promise<void>;
  log: FastifyBaseLogger;
  instanceId: string;
  pollMs: number;
  retryBaseMs: number;
  mailTimeoutMs: number;
  /** Mails per round. */
  batch?: number;
}

export interface OutboxWorker {
  /** Looks for due mails now (after a new one was queued) instead of at the next poll. */
  kick(): void;
  /** One round: claims due mails and sends them; resolves with how many went out. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Sends the mail outbox. Every instance runs one; each row is claimed with a lease longer than
 * the mail timeout, so a mail goes out once even with several instances, and a row whose
 * instance died mid-send is taken over when its lease ends. A failure gives the row back with
 * an exponentially growing wait; nothing is ever dropped.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const holder = `${options.instanceId}:${randomBytes(4).toString('hex')}`;
  const repository = outboxRepository(options.db);
  const leaseMs = options.mailTimeoutMs + 30_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;

  async function round(): Promise<number> {
    const now = Date.now();
    const rows = await repository.claimDue(holder, new Date(now).toISOString(), new Date(now + leaseMs).toISOString(), options.batch ?? 20);
    let sent = 0;
    for (const row of rows) {
      try {
        await withTimeout(options.send(mailOfRow(row)), options.mailTimeoutMs, 'mail send');
        await repository.markSent(row.id, holder, new Date().toISOString());
        sent++;
      } catch (error) {
        const wait = retryDelayMs(row.attempts, options.retryBaseMs);
        const reason = error instanceof Error ? error.message : 'mail send failed';
        options.log.warn({ outboxId: row.id, attempts: row.attempts, retryInMs: wait, reason }, 'mail outbox: send failed, will retry');
        await repository.markFailed(row.id, holder, reason, new Date(Date.now() + wait).toISOString());
      }
    }
    return sent;
  }

  const worker: OutboxWorker = {
    runOnce() {
      if (running) {
        again = true;
        return running;
      }
      running = round()
        .catch((error: unknown) => {
          options.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'mail outbox: round failed');
          return 0;
        })
        .finally(() => {
          running = null;
          if (again && !stopped) {
            again = false;
            void worker.runOnce();
          }
        });
      return running;
    },
    kick() {
      if (!stopped) void worker.runOnce();
    },
    start() {
      stopped = false;
      const tick = () => {
        timer = setTimeout(() => {
          void worker.runOnce().finally(() => {
            if (!stopped) tick();
          });
        }, options.pollMs);
        timer.unref();
      };
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
  return worker;
}
