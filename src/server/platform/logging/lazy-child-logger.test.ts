import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger';

function logger(countChildren = false) {
  const lines: Record<string, unknown>[] = [];
  const parent = pino({ base: { instance: 'a' }, timestamp: false }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  let children = 0;
  const child = parent.child.bind(parent);
  // Counting replaces the parent's own method, which its children inherit: only where nothing nests.
  if (countChildren)
    parent.child = ((bindings, options) => {
      children += 1;
      return child(bindings, options);
    }) as typeof parent.child;
  return { parent, lines, children: () => children };
}

describe('lazyChildLogger', () => {
  it('makes no child logger until something logs through it', () => {
    const { parent, children } = logger(true);
    const lazy = lazyChildLogger(parent, { reqId: 'req-1' }, {});
    expect(lazy.level).toBe('info');
    expect(children()).toBe(0);
    lazy.info('now');
    lazy.warn('again');
    expect(children()).toBe(1);
  });

  it('writes the lines a child logger writes, bindings and level included', () => {
    const { parent, lines } = logger();
    lazyChildLogger(parent, { reqId: 'req-1' }, {}).error({ code: 'x' }, 'failed');
    parent.child({ reqId: 'req-1' }).error({ code: 'x' }, 'failed');
    expect(lines[0]).toEqual(lines[1]);
    expect(lines[0]).toMatchObject({ level: 50, instance: 'a', reqId: 'req-1', code: 'x', msg: 'failed' });

    const quiet = lazyChildLogger(parent, { reqId: 'req-2' }, { level: 'error' });
    expect(quiet.level).toBe('error');
    quiet.warn('not written');
    quiet.child({ step: 'inner' }).error('written');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatchObject({ reqId: 'req-2', step: 'inner', msg: 'written' });
  });
});
