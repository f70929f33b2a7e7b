import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { request as httpRequest, type Agent } from 'node:http';

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Everything written to stdout so far (pino JSON lines). */
  output: () => string;
  /** Resolves with the exit code and how long after `since` the process exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Starts the real server entry (through tsx) on an ephemeral port and waits until it listens. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    const look = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      resolve(match[1]!);
    };
    child.stdout.on('data', look);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening: ${stderr}`));
    });
  });
  return { child, url, output: () => stdout, exited };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One GET with the given agent; resolves when the whole body has arrived. */
export function get(url: string, agent: Agent, onHeaders?: () => void): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent }, (res) => {
      onHeaders?.();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
