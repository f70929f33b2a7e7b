// `npm run measure:rewrites`: what each of the build's rewrites buys (issue: "the build fails
// loudly"; the table in docs/performance.md). Builds today's bundle and one bundle per rewrite
// left out (BUILD_WITHOUT, scripts/build/rewrites.ts), each into a directory of its own, and
// prints for every first screen the gzipped JavaScript to draw and the scripts, as
// `npm run check:budgets` counts them, and what leaving the rewrite out adds. A rewrite that buys
// less than 2 KB on every first screen is not worth its upkeep: the script names it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { importSources } from './lib/import-sources.mjs';

const { checkBudgets, formatTable, REWRITES, SCREENS } = await importSources(
  'measure-rewrites',
  "export * from './scripts/build/budget-check'; export { REWRITES } from './scripts/build/rewrites';",
);
// On a wide screen the side menu is drawn beside the first screen, its dark-theme switch with it
// (bench-web measures phones; this row has no budget of its own).
const screens = [
  ...SCREENS,
  {
    ...SCREENS.find((screen) => screen.label === 'app /app/tabs/home, returning'),
    label: 'app /app/tabs/home, returning, wide: the menu beside',
    roots: ['index.html', 'screen-demo', 'live', 'src/app/shell/app-menu-panel.tsx', 'src/app/shell/app-menu-content.tsx'],
  },
];
const WORTH_KB = 2;
/**
 * Rewrites whose worth the count from the static graph cannot see: what they place is asked for
 * by a dynamic import the moment the app starts, so a browser fetches it before the first paint
 * all the same; `npm run bench:web` measures them (scripts and KB before the paint).
 */
const SEEN_IN_A_BROWSER = {
  'start-helpers':
    'ion-app asks for its helpers as it starts: without this rewrite bench:web measured Account at 33 scripts (budget 30) and 122.6 KB before its paint (budget 120), 8 Dec 2026',
};
const work = mkdtempSync(join(tmpdir(), 'northwind-rewrites-'));

/** Builds with `without` left out; each screen's KB to draw and scripts, by label. */
function measure(without) {
  const dist = join(work, without || 'today');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, DIST_DIR: dist, BUILD_WITHOUT: without, IONIC_BASELINE: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const client = join(dist, 'client');
  const manifest = JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8'));
  // Each file compressed once, though most screens share most of their files.
  const sizes = new Map();
  const gzSize = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(client, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  const { measures, problems, rows } = checkBudgets(manifest, gzSize, gzSize('index.html'), screens);
  // A screen that could not be measured (a renamed chunk) stops the measurement; one over its
  // budget is what a build without a rewrite is expected to be.
  if (rows.some((row) => row.at(-1) === 'ERROR')) throw new Error(problems.join('\n'));
  return new Map(measures.map((m) => [m.label, { kb: m.js / 1024, scripts: m.scripts }]));
}

try {
  const today = measure('');
  const names = Object.keys(REWRITES);
  const gains = new Map(names.map((name) => [name, measure(name)]));
  const rows = [...today].map(([label, now]) => [
    label,
    `${now.kb.toFixed(1)} (${now.scripts})`,
    ...names.map((name) => {
      const kb = gains.get(name).get(label).kb - now.kb;
      const scripts = gains.get(name).get(label).scripts - now.scripts;
      return `${kb >= 0 ? '+' : ''}${kb.toFixed(1)}${scripts ? ` (${scripts > 0 ? '+' : ''}${scripts})` : ''}`;
    }),
  ]);
  const notWorth = names.filter(
    (name) => !(name in SEEN_IN_A_BROWSER) && [...today].every(([label, now]) => gains.get(name).get(label).kb - now.kb < WORTH_KB),
  );
  console.log('KB of gzipped JavaScript to draw (scripts) today, and what each first screen gains without each rewrite:\n');
  console.log(formatTable(rows, ['screen', 'today', ...names]));
  for (const [name, why] of Object.entries(SEEN_IN_A_BROWSER)) console.log(`\n${name}: measured in a browser, not here (${why}).`);
  console.log(
    notWorth.length > 0
      ? `\nBuying less than ${WORTH_KB} KB on every first screen: ${notWorth.join(', ')}.`
      : `\nEvery rewrite buys ${WORTH_KB} KB or more on some first screen.`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
