import { connect } from 'node:net';
import type { TestServer } from './test-server';

export interface EarlyAnswer {
  status: number;
  body: { error?: { code?: string; message?: string } };
}

/** How long a refusal may take: far longer than it needs, far shorter than the body's arrival. */
const ANSWER_WITHIN_MS = 10_000;

/**
 * One request over a raw socket that declares a body of `contentLength` bytes and sends only its
 * first few, then waits: an answer can only arrive while the body is still incomplete, so it
 * proves the request was judged on its headers, before the body was read. Without one in
 * ANSWER_WITHIN_MS the server was waiting for the rest.
 */
export function partialRequest(
  server: Pick<TestServer, 'url'>,
  options: { method: string; path: string; headers: Record<string, string>; contentLength: number; firstBytes: Buffer },
): Promise<EarlyAnswer> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${options.method} ${options.path}: no answer within ${ANSWER_WITHIN_MS} ms while the body was incomplete`));
    }, ANSWER_WITHIN_MS);
    const finish = (answer: EarlyAnswer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    socket.on('connect', () => {
      const head = [
        `${options.method} ${options.path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Content-Length: ${options.contentLength}`,
        ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
        '',
        '',
      ].join('\r\n');
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), options.firstBytes]));
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
      const body = received.subarray(end + 4);
      if (Number.isNaN(length) || body.length < length) return;
      finish({ status, body: JSON.parse(body.subarray(0, length).toString('utf8')) as EarlyAnswer['body'] });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
