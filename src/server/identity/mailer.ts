import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Instruments } from '../platform/metrics/instruments';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The action link in the mail (reset, sign-in, verify). */
  link: string;
  /** Help-desk replies: an HTML part beside the text, and the headers that thread the answer. */
  html?: string;
  replyTo?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
}

/** What a send tells its caller while it runs. */
export interface SendProgress {
  /**
   * The mail timeout passed after the SMTP session had read the whole mail: the send goes on
   * waiting for the server's answer, at most `answerWaitMs` more, instead of giving up on a
   * mail the server may already have accepted (RFC 5321 4.5.3.2.6).
   */
  awaitingAnswer?: (answerWaitMs: number) => void;
}

/** RFC 5321 4.5.3.2.6: how long a client waits for the answer to the end of the mail data. */
export const ANSWER_TIMEOUT_MS = 10 * 60_000;

export interface Mailer {
  send(mail: Mail, progress?: SendProgress): Promise<void>;
  /** Mails sent through the log transport, newest last (empty with SMTP). For tests. */
  readonly outbox: readonly Mail[];
  readonly transport: 'smtp' | 'log';
  close(): void;
}

const OUTBOX_LIMIT = 200;

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** MAIL_TIMEOUT_MS: how long the SMTP session may take to hand over the whole mail. */
  timeoutMs: number;
  /** After that, how long to wait for the server's answer (tests shorten it). */
  answerTimeoutMs?: number;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written to the server log and kept in an
 * in-memory outbox, so development and tests work without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) return smtpMailer({ ...options, smtpUrl: options.smtpUrl });
  const outbox: Mail[] = [];
  return {
    transport: 'log',
    outbox,
    async send(mail) {
      outbox.push(mail);
      if (outbox.length > OUTBOX_LIMIT) outbox.shift();
      // Without SMTP the log is the mail: an operator reads the link here. Set SMTP_URL in
      // production so single-use links never reach the log.
      options.log.info({ mail: { to: mail.to, subject: mail.subject, link: mail.link } }, 'mail (no SMTP_URL set: written to the log)');
    },
    close: () => undefined,
  };
}

/**
 * One SMTP session per mail, bounded in two steps. Until the session has read the whole mail,
 * the mail timeout ends it (the socket is closed, so the server holds an unfinished mail and
 * delivers nothing, and the retry is the only copy). Once the end of the data is on its way the
 * server may already have accepted the mail, and a session ended now is the very way a slow
 * server comes to deliver every retry again; so the send waits for the server's answer, up to
 * the RFC's 10 minutes, and only then ends the session.
 */
function smtpMailer(options: MailerOptions & { smtpUrl: string }): Mailer {
  const transporter = nodemailer.createTransport(options.smtpUrl);
  const answerTimeoutMs = options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
  // The session reads the mail from this stream; its end means the end-of-data mark follows.
  const handovers = new WeakMap<AbortSignal, () => void>();
  transporter.use('stream', (message, done) => {
    const handedOver = handovers.get((message.data as { signal?: AbortSignal }).signal as AbortSignal);
    if (handedOver)
      message.message.processFunc((input) => {
        input.once('end', handedOver);
        return input;
      });
    done();
  });
  return {
    transport: 'smtp',
    outbox: [],
    async send(mail, progress) {
      const session = new AbortController();
      const state = { handedOver: false, ended: '' };
      handovers.set(session.signal, () => {
        state.handedOver = true;
      });
      const end = (why: string) => {
        state.ended = why;
        session.abort();
      };
      let answerTimer: NodeJS.Timeout | undefined;
      const timer = setTimeout(() => {
        if (!state.handedOver) {
          end(`mail send timed out after ${options.timeoutMs} ms before the mail server had the whole mail; the session was ended`);
          return;
        }
        progress?.awaitingAnswer?.(answerTimeoutMs);
        answerTimer = setTimeout(
          () =>
            end(
              `mail send timed out: the mail server had the whole mail but gave no answer within ${answerTimeoutMs} ms more; the session was ended, and the server may have delivered it`,
            ),
          answerTimeoutMs,
        );
      }, options.timeoutMs);
      const message: SendMailOptions & { signal: AbortSignal } = {
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
        ...(mail.references?.length ? { references: mail.references } : {}),
        signal: session.signal,
      };
      try {
        await transporter.sendMail(message);
      } catch (error) {
        if (state.ended) throw new Error(state.ended);
        throw error;
      } finally {
        clearTimeout(timer);
        clearTimeout(answerTimer);
      }
    },
    close: () => transporter.close(),
  };
}

/** Counts a mail's result and how many wait on the transport; a no-op without metrics. */
export function instrumentMailer(mailer: Mailer, metrics: Instruments | null): Mailer {
  if (!metrics) return mailer;
  return {
    get transport() {
      return mailer.transport;
    },
    get outbox() {
      return mailer.outbox;
    },
    close: () => mailer.close(),
    async send(mail, progress) {
      metrics.mailQueue.inc();
      try {
        await mailer.send(mail, progress);
        metrics.mailSent.inc({ result: 'sent' });
      } catch (error) {
        metrics.mailSent.inc({ result: 'failed' });
        throw error;
      } finally {
        metrics.mailQueue.dec();
      }
    },
  };
}
