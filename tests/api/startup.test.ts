import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/platform/config';

/** Runs the real server entry (through tsx) and collects what it prints until it exits. */
function runServer(env: Record<string, string>, timeoutMs = 20_000): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, LOG_LEVEL: 'silent', SEED: 'none', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('start-up', () => {
  it('stops with one clear line on a bad DATABASE_URL', async () => {
    const result = await runServer({ DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Invalid DATABASE_URL "mysql://nope"');
  });

  it('stops with one clear line on a bad PORT', async () => {
    const result = await runServer({ PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Invalid PORT "eighty"');
  });

  it('stops with one clear line when PostgreSQL is unreachable', async () => {
    const result = await runServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Cannot connect to PostgreSQL at 127.0.0.1:1/none');
  });

  it('stops with one clear line when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const result = await runServer({ DATABASE_URL: 'sqlite::memory:', PORT: String(port), HOST: '127.0.0.1' });
    blocker.close();
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`Port ${port} is already in use`);
  });

  it('shuts down gracefully on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        SEED: 'none',
        DATABASE_URL: 'sqlite::memory:',
        PORT: '0',
        HOST: '127.0.0.1',
        SHUTDOWN_DRAIN_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('Server listening')) resolve();
      }),
    );
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('shutting down');
  });

  it('rotates and lists the signing keys with the keys command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nw-keys-'));
    const keys = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts', 'keys', ...args], {
        env: { ...process.env, LOG_LEVEL: 'silent', SEED: 'none', DATABASE_URL: `sqlite:${join(dir, 'keys.db')}` },
        encoding: 'utf8',
      });
    try {
      const rotated = keys('rotate');
      expect(rotated.status, rotated.stderr).toBe(0);
      expect(rotated.stdout).toMatch(/^Signing key [\w-]+ signs from now on; [\w-]+ verifies until its tokens expire/);
      const listed = keys('list');
      expect(listed.stdout.trim().split('\n')).toHaveLength(2);
      expect(listed.stdout).toMatch(/signing .*plain/);
      expect(listed.stdout).toMatch(/retired 20/);
      const unknown = keys('shred');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toBe('Start-up failed: usage: npm run keys -- list | rotate | encrypt\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('validates configuration defaults and values', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('localhost');
    expect(config.DATABASE_URL).toBe('sqlite:./data/app.db');
    expect(config.SEED).toBe('demo');
    expect(config.AUTHORIZED_DOMAINS).toEqual(['localhost', '127.0.0.1']);
    // A deployment lists its own hosts; the app refuses to sign in from any other.
    expect(loadConfig({ AUTHORIZED_DOMAINS: 'northwind.example, shop.example' }).AUTHORIZED_DOMAINS).toEqual([
      'northwind.example',
      'shop.example',
    ]);
    expect(() => loadConfig({ SEED: 'some' })).toThrow(/Invalid SEED "some"/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/Invalid PORT "70000": must be between 0 and 65535/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2,10.0.1.0/24' }).TRUST_PROXY).toEqual(['10.0.0.2', '10.0.1.0/24']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/Invalid TRUST_PROXY "true": true would trust whatever a client writes/);
  });
});
