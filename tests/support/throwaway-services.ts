import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/**
 * Redis and PostgreSQL servers that a fault test starts for itself on its own port, freezes with
 * SIGSTOP and thaws with SIGCONT: never the shared services of the machine.
 *
 * The port is one the kernel says is free at that moment, not a fixed number: fixed ports in the
 * ephemeral range (32768-60999) collide with the local ends of the suite's own outgoing
 * connections, and a server that cannot bind is tried again on another port.
 */

const START_ATTEMPTS = 3;

/** A port nothing listens on right now (the kernel's choice for port 0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function onAFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

function findBinary(name: string, extraDirs: string[] = []): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), ...extraDirs];
  for (const dir of dirs) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

const postgresBinDirs = () => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .reverse()
    .map((version) => join(root, version, 'bin'));
};

export const redisServerBinary = () => findBinary('redis-server');
export const initdbBinary = () => findBinary('initdb', postgresBinDirs());

async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface FreezableService {
  url: string;
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

export function startRedis(): Promise<FreezableService> {
  return onAFreePort(startRedisOn);
}

async function startRedisOn(port: number): Promise<FreezableService> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed');
  const child: ChildProcess = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  // A server that could not bind exits at once; waiting for the port would take the whole timeout.
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`redis-server on port ${port} exited with ${code}`))),
  );
  try {
    await Promise.race([waitForPort(port), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  exited.catch(() => undefined);
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    stop: async () => {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Runs a command as the `postgres` user when we are root (initdb and postgres refuse root). */
function asPostgres(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  return root
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
    : execFileSync(command, args, { stdio: 'pipe' });
}

/** A PostgreSQL cluster in a temporary directory, trust authentication, on a free port. */
export function startPostgres(): Promise<FreezableService> {
  return onAFreePort(startPostgresOn);
}

async function startPostgresOn(port: number): Promise<FreezableService> {
  const initdb = initdbBinary();
  if (!initdb) throw new Error('initdb is not installed');
  const bin = join(initdb, '..');
  const dir = mkdtempSync(join(tmpdir(), 'nw-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  try {
    asPostgres(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    asPostgres(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`,
      '-w',
      'start',
    ]);
  } catch (error) {
    // pg_ctl only says "Examine the log output"; the reason is in the log, which goes with the directory.
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').slice(-2_000) : '(no log)';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start on port ${port}: ${(error as Error).message}\n${log}`);
  }
  await waitForPort(port);
  // The postmaster and every backend: a frozen server answers nobody, not even open connections.
  const processes = () => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  };
  let frozen: number[] = [];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze: () => {
      frozen = processes();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw: () => {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
    stop: async () => {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Whether the Redis of TEST_REDIS_URL answers: its tests are skipped on a machine without one. */
export async function redisReachable(): Promise<boolean> {
  const client = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.quit();
    return true;
  } catch {
    client.disconnect();
    return false;
  }
}
