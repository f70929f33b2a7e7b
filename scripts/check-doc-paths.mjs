// Every repository path the docs name in backquotes must exist: a moved or deleted file leaves
// no stale name behind. Run by `npm run lint`; the matching rules are pure and unit-tested
// (tests/lint/doc-paths.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const TOP_FOLDERS = ['src/', 'tests/', 'scripts/', 'docs/', '.ci/', 'public/', 'deploy/'];
// Files at the root that the docs name without a folder.
const ROOT_FILE = /^(package(-lock)?\.json|tsconfig[\w.-]*\.json|[\w-]+\.config\.[cm]?[jt]s|README\.md|\.ci\/run)$/;

/** `a/{b,c}.ts` as `a/b.ts` and `a/c.ts` (one brace group, as the docs write them). */
export function expandBraces(text) {
  const match = /\{([^{}]*)\}/.exec(text);
  if (!match) return [text];
  return match[1].split(',').flatMap((part) => expandBraces(text.slice(0, match.index) + part + text.slice(match.index + match[0].length)));
}

/**
 * The repository paths a Markdown text names in inline backquotes, outside fenced blocks:
 * those under a top folder of the repository and the root files above. Patterns and
 * placeholders (`*`, `<feature>`, `NNNN`, `...`) and commands (spaces) are not paths.
 */
export function docPaths(markdown) {
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  const paths = [];
  for (const [, span] of withoutFences.matchAll(/`([^`\n]+)`/g)) {
    const text = span.trim().replace(/:\d+(:\d+)?$/, '');
    if (/[\s*<>]|NNNN|\.\.\.|…|\$/.test(text)) continue;
    if (!TOP_FOLDERS.some((folder) => text.startsWith(folder)) && !ROOT_FILE.test(text)) continue;
    paths.push(...expandBraces(text).map((one) => one.replace(/#.*$/, '')));
  }
  return [...new Set(paths)];
}

/**
 * Whether a named path exists under `root`. A decision may be named by its number alone
 * (`docs/decisions/0520`): a file of that folder starting with the name counts.
 */
export function pathExists(root, name, exists = existsSync, list = readdirSync) {
  if (exists(path.join(root, name))) return true;
  const folder = path.join(root, path.dirname(name));
  return exists(folder) && list(folder).some((entry) => String(entry).startsWith(`${path.basename(name)}-`));
}

function markdownFiles(root) {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return ['README.md', ...docs.sort()];
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const missing = [];
  for (const file of markdownFiles(root)) {
    for (const name of docPaths(readFileSync(path.join(root, file), 'utf8'))) {
      if (!pathExists(root, name)) missing.push(`${file}: \`${name}\` does not exist`);
    }
  }
  if (missing.length) {
    console.error(`Docs name paths that are not in the repository:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
