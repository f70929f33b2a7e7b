import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A step where a slow mail server sits on its answer: the reply to MAIL FROM, or to the end of the data. */
export type SinkStall = 'MAIL' | 'DATA-END';

export interface SmtpSink {
  port: number;
  mails: ReceivedMail[];
  /** From now on every session waits at `step` until release() (null: answers at once again). */
  stall(step: SinkStall | null): void;
  /**
   * Gives every held session its answer. A mail whose data had ended counts as delivered even
   * when its client has left meanwhile, as a server that commits a mail at the final dot does.
   */
  release(): void;
  /** Sessions waiting for a held answer now, still connected. */
  readonly held: number;
  /** Connections open now. */
  readonly open: number;
  close(): Promise<void>;
}

/**
 * A small real SMTP server (RFC 5321 without extensions) that keeps what it receives, so tests
 * send mail over a socket the way production does, and can stop and start the mail server or
 * make it slow to answer.
 */
export async function startSmtpSink(port: number): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const waiting = new Map<Socket, () => void>();
  let stalled: SinkStall | null = null;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const say = (line: string) => {
      if (!socket.destroyed && socket.writable) socket.write(`${line}\r\n`);
    };
    // Runs `answer` now, or when release() comes if the server is slow at `step`.
    const answerAt = (step: SinkStall, answer: () => void) => {
      if (stalled !== step) return answer();
      waiting.set(socket, () => {
        waiting.delete(socket);
        answer();
        pump();
      });
    };
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') say('250 sink.test');
      else if (verb === 'MAIL') {
        current.from = line.slice(10).replace(/[<>]/g, '').trim();
        answerAt('MAIL', () => say('250 OK'));
      } else if (verb === 'RCPT') {
        current.to.push(line.slice(8).replace(/[<>]/g, '').trim());
        say('250 OK');
      } else if (verb === 'DATA') {
        inData = true;
        say('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        say('221 Bye');
        socket.end();
      } else if (verb === 'RSET' || verb === 'NOOP') say('250 OK');
      else say('502 Command not implemented');
    };
    const pump = () => {
      while (!waiting.has(socket)) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const mail = { ...current, data: buffer.slice(0, end) };
          buffer = buffer.slice(end + 5);
          inData = false;
          current = { from: '', to: [], data: '' };
          answerAt('DATA-END', () => {
            mails.push(mail);
            say('250 OK queued');
          });
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        command(line);
      }
    };
    say('220 sink.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      pump();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    mails,
    stall(step) {
      stalled = step;
    },
    release() {
      for (const answer of [...waiting.values()]) answer();
    },
    get held() {
      return [...waiting.keys()].filter((socket) => sockets.has(socket)).length;
    },
    get open() {
      return sockets.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
