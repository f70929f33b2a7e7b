import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
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

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Mails sent through the log transport, newest last (empty with SMTP). For tests. */
  readonly outbox: readonly Mail[];
  readonly transport: 'smtp' | 'log';
  close(): void;
}

const OUTBOX_LIMIT = 200;

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written to the server log and kept in an
 * in-memory outbox, so development and tests work without a mail server.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      outbox: [],
      async send(mail) {
        await transporter.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
          ...(mail.references?.length ? { references: mail.references } : {}),
        });
      },
      close: () => transporter.close(),
    };
  }
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
    async send(mail) {
      metrics.mailQueue.inc();
      try {
        await mailer.send(mail);
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
