import { writeSync } from 'node:fs';

/** How long to wait before trying again when the reader of a non-blocking pipe is behind. */
const BUSY_RETRY_MS = 1;
/** After this many busy retries in a row, the batch is dropped rather than stall the server. */
const MAX_BUSY_RETRIES = 1000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Writes the whole buffer with write(2), waiting out EAGAIN; false when it had to give up. */
export function writeFully(fd: number, data: Buffer, write: (fd: number, data: Buffer) => number = writeSync): boolean {
  let rest = data;
  let busy = 0;
  while (rest.length > 0) {
    try {
      rest = rest.subarray(write(fd, rest));
      busy = 0;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || ++busy > MAX_BUSY_RETRIES) return false;
      Atomics.wait(sleeper, 0, 0, BUSY_RETRY_MS);
    }
  }
  return true;
}

export interface BatchedStdout {
  write(line: string): void;
  /** Writes what is pending now (pino's logger.flush calls this). */
  flush(done?: (error?: Error) => void): void;
}

/**
 * The log destination: lines written during one turn of the event loop leave in one write(2)
 * at its end, instead of one system call per line (pino's default destination writes each line
 * synchronously; at one line per request that was a sixth of a prepared answer's cost). The
 * write itself stays synchronous, so lines are in the pipe by the time the turn ends, and
 * whatever is pending when the process exits (process.exit, a crash) is written on 'exit'.
 * Only a SIGKILL can lose the lines of the current turn.
 */
export function batchedStdout(fd = 1): BatchedStdout {
  let pending: string[] = [];
  let scheduled = false;
  const flushNow = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join('');
    pending = [];
    // A closed or broken stdout must not take the server down with it: the lines are dropped.
    writeFully(fd, Buffer.from(text));
  };
  process.on('exit', flushNow);
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushNow);
      }
    },
    flush(done) {
      flushNow();
      done?.();
    },
  };
}
