// `npm run check:budgets`: the first screens' JavaScript budgets counted from an existing build
// (DIST_DIR, default dist; `npm run build` first), with no browser and no timing, in a few
// seconds. For each first screen `npm run bench:web` measures, it prints the gzipped JavaScript
// needed to draw it, its scripts and its bytes (HTML, CSS and JavaScript, gzipped), checks that
// the site's pages load no code of the app's, that the editor and the charts load on demand
// only and that the side menu brings no form fields (NOT_WITH, read from .vite/modules.json), and exits non-zero naming each screen over its budget (scripts/build/budgets.mjs). The
// logic is scripts/build/budget-check.ts; what it counts and how it differs from bench-web's
// browser measure is described there. CHECK_BUDGETS_VERBOSE=1 lists each screen's files too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { importSources } from './lib/import-sources.mjs';

const client = join(process.env.DIST_DIR ?? 'dist', 'client');
const manifestPath = join(client, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`check:budgets: no ${manifestPath}: build first (npm run build)`);
  process.exit(2);
}
const modulesPath = join(client, '.vite', 'modules.json');
if (!existsSync(modulesPath)) {
  console.error(`check:budgets: no ${modulesPath}: build again (npm run build)`);
  process.exit(2);
}
const { checkBudgets, formatTable, SCREENS } = await importSources('check-budgets', "export * from './scripts/build/budget-check';");
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const modules = JSON.parse(readFileSync(modulesPath, 'utf8'));
// Each file compressed alone at level 9, as bench-web counts a response's body; once per file,
// though most screens share most of their files.
const sizes = new Map();
const gzSize = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(client, file)), { level: 9 }).length);
  return sizes.get(file);
};
const { rows, problems, measures } = checkBudgets(manifest, gzSize, gzSize('index.html'), SCREENS, modules);
console.log(`First screens of ${client}, gzipped, counted from the build's manifest:\n\n${formatTable(rows)}`);
// CHECK_BUDGETS_VERBOSE=1: each screen's files, to see what a screen over budget draws with.
if (process.env.CHECK_BUDGETS_VERBOSE)
  for (const measure of measures)
    console.log(
      `\n${measure.label}:\n${measure.files.map((file) => `  ${(gzSize(file) / 1024).toFixed(1).padStart(6)} KB ${file}`).join('\n')}`,
    );
if (problems.length > 0) {
  console.error(`\nOver budget:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
