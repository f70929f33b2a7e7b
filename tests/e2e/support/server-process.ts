import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A server of our own for tests that stop and start it (offline, durability, updates): the
 * built server on its own port and SQLite file, separate from the suite's shared server.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  readonly databaseFile: string;
  /** What the server wrote to stdout (its log), the last 256 kB. */
  output = '';

  constructor(
    readonly port: number,
    readonly options: { distDir?: string; env?: Record<string, string> } = {},
  ) {
    this.databaseFile = join(tmpdir(), `northwind-e2e-own-${port}.db`);
  }

  /** The server's DATABASE_URL, for storedSupportMessages(). */
  get databaseUrl() {
    return `sqlite:${this.databaseFile}`;
  }

  get url() {
    return `http://localhost:${this.port}`;
  }

  /** Waits for a line of the server's log matching `pattern`; resolves with the match. */
  async waitForLog(pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.output.match(pattern);
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`the server on port ${this.port} logged nothing matching ${String(pattern)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Deletes the database so the next start migrates and seeds afresh. */
  reset() {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${this.databaseFile}${suffix}`, { force: true });
  }

  private async answers(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/api/health`)).ok;
    } catch {
      return false;
    }
  }

  async start() {
    // A leftover server on this port would answer the health check and hide a failed start.
    if (await this.answers()) throw new Error(`port ${this.port} is already serving; stop the old server first`);
    const distDir = this.options.distDir ?? process.env.DIST_DIR ?? 'dist';
    this.child = spawn(process.execPath, [join(distDir, 'server', 'server.js')], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: 'localhost',
        DIST_DIR: distDir,
        DATABASE_URL: this.databaseUrl,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const child = this.child;
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      this.output = (this.output + chunk).slice(-256 * 1024);
    });
    // A first start migrates and seeds an empty database: 10 s alone, and over 30 s was seen in CI
    // on a slow day beside the other worker.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server on port ${this.port} exited with code ${child.exitCode}`);
      if (await this.answers()) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // A server that starts after the deadline would hold the port against the test's retry.
    await this.stop();
    throw new Error(`server on port ${this.port} did not start`);
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A server still starting up, or hung, is not left behind holding the port.
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    this.child = null;
  }
}
