import { describe, expect, it } from 'vitest';
import { docPaths, expandBraces, pathExists } from '../../scripts/check-doc-paths.mjs';

describe('docPaths', () => {
  it('finds repository paths in inline backquotes', () => {
    const markdown = 'See `src/server/app.ts`, `docs/site.md` and `.ci/run`; the config is `vitest.config.ts`.';
    expect(docPaths(markdown)).toEqual(['src/server/app.ts', 'docs/site.md', '.ci/run', 'vitest.config.ts']);
  });

  it('leaves out names, commands, patterns and placeholders', () => {
    const markdown = [
      '`routes.ts` `npm test` `node scripts/ci.mjs install` `GET /api/movies` `content-changed`',
      '`src/**/*.test.ts` `src/server/<feature>/` `src/server/platform/db/migrations/NNNN-name.ts` `src/...`',
    ].join('\n');
    expect(docPaths(markdown)).toEqual([]);
  });

  it('skips fenced blocks and expands braces, line numbers and anchors', () => {
    const markdown = '```\n`src/not/checked.ts`\n```\n`src/app/lib/live/{index,backoff}.ts` `src/a.ts:12` `docs/b.md#part`';
    expect(docPaths(markdown)).toEqual(['src/app/lib/live/index.ts', 'src/app/lib/live/backoff.ts', 'src/a.ts', 'docs/b.md']);
  });
});

describe('expandBraces', () => {
  it('expands every brace group', () => {
    expect(expandBraces('a/{b,c}/{d,e}.ts')).toEqual(['a/b/d.ts', 'a/b/e.ts', 'a/c/d.ts', 'a/c/e.ts']);
  });
});

describe('pathExists', () => {
  const files = new Set(['/r/docs/decisions', '/r/src/x.ts']);
  const exists = (path: string) => files.has(path);
  const list = () => ['0520-preact-compat-runtime.md'];

  it('accepts an existing path and a decision named by its number', () => {
    expect(pathExists('/r', 'src/x.ts', exists, list)).toBe(true);
    expect(pathExists('/r', 'docs/decisions/0520', exists, list)).toBe(true);
  });

  it('rejects a missing path', () => {
    expect(pathExists('/r', 'src/y.ts', exists, list)).toBe(false);
    expect(pathExists('/r', 'docs/decisions/0521', exists, list)).toBe(false);
  });
});
