import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchedStdout, writeFully } from './batched-stdout';

const busy = () => Object.assign(new Error('busy'), { code: 'EAGAIN' });

describe('batched log destination', () => {
  it('writes every byte through partial writes and a busy pipe', () => {
    const written: string[] = [];
    let calls = 0;
    const ok = writeFully(1, Buffer.from('abcdef'), (_fd, data) => {
      calls++;
      if (calls <= 2) throw busy();
      written.push(data.subarray(0, 2).toString());
      return 2;
    });
    expect(ok).toBe(true);
    expect(written.join('')).toBe('abcdef');
  });

  it('gives up on a broken pipe instead of throwing into the server', () => {
    const broken = () => {
      throw Object.assign(new Error('broken'), { code: 'EPIPE' });
    };
    expect(writeFully(1, Buffer.from('line\n'), broken)).toBe(false);
  });

  it('sends the lines of one turn together, in order, at its end', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'w');
    try {
      const stream = batchedStdout(fd);
      stream.write('one\n');
      stream.write('two\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      await new Promise((done) => setImmediate(done));
      expect(readFileSync(file, 'utf8')).toBe('one\ntwo\n');
      stream.write('three\n');
      stream.flush();
      expect(readFileSync(file, 'utf8')).toBe('one\ntwo\nthree\n');
    } finally {
      closeSync(fd);
    }
  });
});
