import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { withTimeout } from '../changes/index';
import { InboundRefusal, type InboundService } from './inbound-service';

export interface SmtpReceiverOptions {
  port: number;
  host: string;
  /** Advertised as SIZE; a larger mail is refused with 552. */
  maxBytes: number;
  /** For the banner and greeting. */
  domain: string;
  /** How long a look-up or store may take before the sender is told to try later (451). */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

type SmtpError = Error & { responseCode?: number };
const smtpError = (code: number, message: string): SmtpError => Object.assign(new Error(message), { responseCode: code });

/**
 * The help desk's SMTP receiver: accepts mail only for conversations' reply addresses (others
 * are refused at RCPT), up to the size cap, and answers 250 only once the mail is stored; any
 * failure to store is a 451 so the sending server tries again and nothing is lost.
 */
export function createSmtpReceiver(service: InboundService, options: SmtpReceiverOptions) {
  const server = new SMTPServer({
    name: options.domain,
    banner: 'Northwind help desk',
    size: options.maxBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    maxClients: 50,
    socketTimeout: 60_000,
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
      const recipient = address.address.slice(0, 320);
      withTimeout(service.knowsRecipient(recipient), options.timeoutMs, 'recipient look-up')
        .then((known) => callback(known ? null : smtpError(550, '5.1.1 No such recipient here')))
        .catch((error: unknown) => {
          options.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'help desk receiver: recipient look-up failed');
          callback(smtpError(451, '4.3.0 Temporary failure; try again later'));
        });
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null, message?: string) => void) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the cap the rest is read and dropped: the answer is 552 either way.
        if (size <= options.maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > options.maxBytes) return callback(smtpError(552, '5.3.4 Message too big'));
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        withTimeout(service.receive(Buffer.concat(chunks), { from, to }), options.timeoutMs, 'inbound store')
          .then((result) => callback(null, `Stored (${result.outcome})`))
          .catch((error: unknown) => {
            if (error instanceof InboundRefusal) return callback(smtpError(error.code, error.message));
            options.log.warn(
              { reason: error instanceof Error ? error.message : 'unknown' },
              'help desk receiver: store failed, sender will retry',
            );
            callback(smtpError(451, '4.3.0 Temporary failure; try again later'));
          });
      });
    },
  });
  server.on('error', (error) => options.log.warn({ reason: error.message }, 'help desk receiver error'));

  return {
    server,
    /** Resolves with the port it listens on (the given one, or the one chosen for port 0). */
    listen(): Promise<number> {
      return new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(options.port, options.host, () => {
          const address = server.server.address();
          resolve(typeof address === 'object' && address ? address.port : options.port);
        });
      });
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
