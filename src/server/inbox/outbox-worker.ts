import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { Mail, SendProgress } from '../identity/index';
import { retryDelayMs } from './backoff';
import { outboxRepository } from './outbox-repository';
import type { MailOutboxRow } from '../platform/db/schema';

/** How much longer than a send may take a claim lasts. */
const LEASE_MARGIN_MS = 30_000;

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
  /** Ends its own SMTP session at the mail timeout (identity/mailer.ts); tells when it waits on past it. */
  send: (mail: Mail, progress: SendProgress) => Promise<void>;
  /** The right-hand side of the Message-IDs the outbox gives its mails (INBOUND_MAIL_DOMAIN). */
  messageIdDomain: string;
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
 * instance died mid-send is taken over when its lease ends. A send whose server has the whole
 * mail but answers after the mail timeout is waited for, its lease extended, rather than given
 * up and sent again. A failure gives the row back with an exponentially growing wait; nothing
 * is ever dropped. Each row keeps one Message-ID for all its tries (claimDue), so the one
 * copy too many that a crash between the server's 250 and markSent causes can be recognised.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const holder = `${options.instanceId}:${randomBytes(4).toString('hex')}`;
  const repository = outboxRepository(options.db);
  const leaseMs = options.mailTimeoutMs + LEASE_MARGIN_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;

  /** Sends one claimed row and records the outcome on it; true when the server took the mail. */
  async function sendRow(row: MailOutboxRow): Promise<boolean> {
    const started = Date.now();
    let holding: Promise<void> | null = null;
    const awaitingAnswer = (answerWaitMs: number) => {
      const note = `the mail server has the whole mail but had not answered after ${options.mailTimeoutMs} ms; waiting up to ${answerWaitMs} ms more for its answer`;
      options.log.warn(
        { outboxId: row.id, attempts: row.attempts, answerWaitMs },
        'mail outbox: the mail server is slow to answer a sent mail; waiting for its answer',
      );
      holding = repository
        .holdForAnswer(row.id, holder, new Date(Date.now() + answerWaitMs + LEASE_MARGIN_MS).toISOString(), note)
        .catch((error: unknown) => {
          options.log.warn(
            { outboxId: row.id, reason: error instanceof Error ? error.message : String(error) },
            'mail outbox: could not extend the claim',
          );
        });
    };
    try {
      await options.send(mailOfRow(row), { awaitingAnswer });
      await holding;
      const note = holding
        ? `sent: the mail server answered after ${Date.now() - started} ms, beyond MAIL_TIMEOUT_MS (${options.mailTimeoutMs} ms)`
        : null;
      await repository.markSent(row.id, holder, new Date().toISOString(), note);
      return true;
    } catch (error) {
      await holding;
      const wait = retryDelayMs(row.attempts, options.retryBaseMs);
      const reason = error instanceof Error ? error.message : 'mail send failed';
      options.log.warn({ outboxId: row.id, attempts: row.attempts, retryInMs: wait, reason }, 'mail outbox: send failed, will retry');
      await repository.markFailed(row.id, holder, reason, new Date(Date.now() + wait).toISOString());
      return false;
    }
  }

  async function round(): Promise<number> {
    const now = Date.now();
    const rows = await repository.claimDue(
      holder,
      new Date(now).toISOString(),
      new Date(now + leaseMs).toISOString(),
      options.batch ?? 20,
      options.messageIdDomain,
    );
    let sent = 0;
    for (const row of rows) if (await sendRow(row)) sent++;
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
