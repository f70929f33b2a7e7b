// Starting and stopping the built server (dist/server/server.js) for the benchmark scripts.
import { spawn } from 'node:child_process';

/**
 * Starts `node serverFile` with the given environment and resolves once `origin/api/health`
 * answers; rejects if it exits or has not answered within `timeoutMs`.
 */
export async function startBuiltServer({ serverFile, env, origin, nodeArgs = [], timeoutMs = 60_000 }) {
  const child = spawn(process.execPath, [...nodeArgs, serverFile], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`the server at ${origin} did not start`);
}

/** SIGTERM, and wait for the exit. */
export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
