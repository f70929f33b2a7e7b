import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Redis and PostgreSQL servers that a fault test starts for itself on its own port, freezes with
 * SIGSTOP and thaws with SIGCONT: never the shared services of the machine.
 */

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

export async function startRedis(port: number): Promise<FreezableService> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed');
  const child: ChildProcess = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await waitForPort(port);
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

/** A PostgreSQL cluster in a temporary directory, trust authentication, on the given port. */
export async function startPostgres(port: number): Promise<FreezableService> {
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
