/**
 * The first screens' budgets counted from the build's manifest (`dist/client/.vite/manifest.json`):
 * no browser, no timing, the same answer on every run. `scripts/check-budgets.mjs` reads the files
 * and prints; this module holds the logic, fed a manifest and a size for each file, so the unit
 * tests can give it a small made-up build.
 *
 * "To draw" follows what `npm run bench:web` counts as the scripts asked for before the largest
 * paint: the entry and its static imports, then the chunks the route asks for on its way to the
 * first screen (its page chunk, and the few modules that page asks for as it starts), each with
 * its static imports (which the browser must have before that chunk runs).
 */
import type { ModuleMap } from './module-map.ts';
import { APP_BUDGET, type AppBudget, CONSOLE_BUDGET, DEMO_LIST_BUDGET, SITE_BUDGET, type SiteBudget } from './budgets.mjs';

/** The part of one entry of Vite's manifest this reads. */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * One first screen. `roots` name manifest entries by key, by `src` or by chunk `name` (hashes
 * change with every build, names do not): the first is the page's entry, each other one a chunk
 * the route loads on demand before it draws, so it must be a dynamic import of what came before.
 */
export interface Screen {
  label: string;
  /** The site's pages: all their JavaScript counts, and none of it may be the app's. */
  kind: 'site' | 'app';
  roots: string[];
  budget: AppBudget | SiteBudget;
}

const APP_ENTRY = 'index.html';
const SITE_ENTRY = 'src/site/entry-client.tsx';
/** The Insights beacon asks for web-vitals as the site's page starts (src/common/insights-beacon.ts). */
const WEB_VITALS = 'node_modules/web-vitals/dist/web-vitals.js';

/**
 * The screens bench-web measures, by what each loads before it is drawn (src/app/routes.tsx,
 * src/app/main.tsx, scripts/build/first-screens.ts names the `screen-*` chunks):
 * - the Demo list, returning: TabsPage's chunk holds the tabs and the movie list (FIRST_SCREENS
 *   'demo'); the list is drawn from the device's copy, which the `live` chunk reads as it starts;
 * - a first visit to `/app/tabs/home` is sent to the tutorial before the first render (main.tsx);
 * - Login and Signup share one chunk; the console's login for someone not signed in is the app's
 *   Login, chosen before any of the console's code is asked for (main.tsx, signInFirst);
 * - the console's home asks for its own page and its answers beside the console (routes.tsx);
 * - the site's pages count all their JavaScript, as their 25 KB budget does in bench-web: with
 *   web-vitals, which the page asks for as it starts but which bench-web's first-screen column
 *   leaves out (asked for after the paint), and for the news pages their chunk.
 */
export const SCREENS: readonly Screen[] = [
  { label: 'site /', kind: 'site', roots: [SITE_ENTRY, WEB_VITALS], budget: SITE_BUDGET },
  { label: 'site /about', kind: 'site', roots: [SITE_ENTRY, WEB_VITALS], budget: SITE_BUDGET },
  { label: 'site /news', kind: 'site', roots: [SITE_ENTRY, WEB_VITALS, 'src/site/news-pages.ts'], budget: SITE_BUDGET },
  { label: 'site, an article', kind: 'site', roots: [SITE_ENTRY, WEB_VITALS, 'src/site/news-pages.ts'], budget: SITE_BUDGET },
  { label: 'app /app/tabs/home, first visit', kind: 'app', roots: [APP_ENTRY, 'screen-tutorial'], budget: APP_BUDGET },
  { label: 'app /app/tabs/home, returning', kind: 'app', roots: [APP_ENTRY, 'screen-demo', 'live'], budget: DEMO_LIST_BUDGET },
  { label: 'app /login', kind: 'app', roots: [APP_ENTRY, 'screen-auth'], budget: APP_BUDGET },
  { label: 'app /signup', kind: 'app', roots: [APP_ENTRY, 'screen-auth'], budget: APP_BUDGET },
  { label: 'app /account, signed in', kind: 'app', roots: [APP_ENTRY, 'screen-account'], budget: APP_BUDGET },
  {
    label: 'console /admin, staff',
    kind: 'app',
    roots: [APP_ENTRY, 'src/app/features/admin/console.tsx', 'src/app/features/admin/pages/console-home-page.tsx', 'console-answers'],
    budget: CONSOLE_BUDGET,
  },
  { label: 'console /admin, not signed in', kind: 'app', roots: [APP_ENTRY, 'screen-auth'], budget: APP_BUDGET },
];

/** The console's editor (TipTap) and the charts (chart.js): large, and loaded on demand only. */
export const ON_DEMAND_ONLY = ['src/app/features/admin/components/rich-text-editor.tsx', 'src/app/features/charts/pages/charts-page.tsx'];

/**
 * What a part of the app must not bring with it, told by the modules in its files (`.vite/modules.json`,
 * module-map.ts): the side menu's dark-theme switch (`ion-toggle`) shares Ionic's field helpers
 * with Login's text fields (`ion-input`); grouped with those, the menu, opened on every screen and
 * drawn beside the first one on a wide screen, loaded Login's and Account's form fields for them
 * (ionicFieldHelpers in ionic-helpers.ts keeps them apart).
 */
export const NOT_WITH = [
  {
    part: 'the side menu',
    roots: ['src/app/shell/app-menu-panel.tsx', 'src/app/shell/app-menu-content.tsx'],
    module: 'node_modules/@ionic/core/components/ion-input.js',
  },
];

/** The rules of NOT_WITH that the build breaks; a module no file holds any more is one too. */
export function moduleProblems(manifest: Manifest, modules: ModuleMap, rules = NOT_WITH): string[] {
  const problems: string[] = [];
  for (const { part, roots, module } of rules) {
    if (!Object.values(modules).some((held) => held.includes(module))) {
      problems.push(`no file of the build holds ${module}: update NOT_WITH in scripts/build/budget-check.ts`);
      continue;
    }
    let keys: string[];
    try {
      keys = roots.map((ref) => resolveChunk(manifest, ref));
    } catch (error) {
      problems.push(`${part}: ${(error as Error).message}`);
      continue;
    }
    for (const key of staticSet(manifest, keys))
      if (modules[manifest[key]!.file]?.includes(module)) problems.push(`${part} loads ${manifest[key]!.file}, which holds ${module}`);
  }
  return problems;
}

/** The manifest key `ref` names: a key, an entry's `src`, or the one chunk of that `name`. */
export function resolveChunk(manifest: Manifest, ref: string): string {
  if (manifest[ref]) return ref;
  const bySrc = Object.keys(manifest).filter((key) => manifest[key]!.src === ref);
  if (bySrc.length === 1) return bySrc[0]!;
  const byName = Object.keys(manifest).filter((key) => manifest[key]!.name === ref && manifest[key]!.file.endsWith('.js'));
  if (byName.length === 1) return byName[0]!;
  // A renamed or merged chunk must stop the check, not shrink a screen to nothing.
  throw new Error(
    `the build has ${byName.length === 0 ? 'no' : 'more than one'} chunk "${ref}": update SCREENS in scripts/build/budget-check.ts`,
  );
}

/** `roots` and everything they import statically: what the browser fetches before they run. */
export function staticSet(manifest: Manifest, roots: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (reached.has(key)) continue;
    reached.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return reached;
}

/** The manifest keys a screen loads to draw; a root that nothing before it asks for is an error. */
export function screenChunks(manifest: Manifest, screen: Screen): Set<string> {
  const keys = screen.roots.map((ref) => resolveChunk(manifest, ref));
  const loaded = staticSet(manifest, keys.slice(0, 1));
  for (const key of keys.slice(1)) {
    // Checked so that SCREENS cannot drift from the code: the route must really ask for it.
    const askedFor = [...loaded].some((loadedKey) => manifest[loadedKey]?.dynamicImports?.includes(key));
    if (!askedFor) throw new Error(`${screen.label}: nothing the screen loads before imports "${key}" on demand`);
    for (const next of staticSet(manifest, [key])) loaded.add(next);
  }
  return loaded;
}

export interface Measure {
  label: string;
  /** Gzipped bytes: the JavaScript and CSS files of the set, and the page's HTML. */
  js: number;
  css: number;
  html: number;
  scripts: number;
  files: string[];
  chunks: Set<string>;
}

/**
 * Bytes of one screen. `gzSize(file)` gives a built file's gzipped size (bench-web gzips each
 * file at level 9); `htmlSize` the page's HTML, 0 where the server renders it (the site's pages).
 */
export function measureScreen(manifest: Manifest, screen: Screen, gzSize: (file: string) => number, htmlSize: number): Measure {
  const chunks = screenChunks(manifest, screen);
  const scriptFiles = new Set<string>();
  const cssFiles = new Set<string>();
  for (const key of chunks) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) scriptFiles.add(chunk.file);
    for (const sheet of chunk.css ?? []) cssFiles.add(sheet);
  }
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzSize(file), 0);
  return {
    label: screen.label,
    js: sum(scriptFiles),
    css: sum(cssFiles),
    html: htmlSize,
    scripts: scriptFiles.size,
    files: [...scriptFiles, ...cssFiles].sort(),
    chunks,
  };
}

/** A file of the app's, as bench-web's layout check tells them: its source or its chunk's name. */
export function isAppFile(chunk: ManifestChunk): boolean {
  return (
    Boolean(chunk.src?.startsWith('src/app/')) || /\/(app-start|screen-|_northwind-ionic)/.test(`/${chunk.file.replace('assets/', '')}`)
  );
}

const kb = (bytes: number) => bytes / 1024;
export const wireBytes = (measure: Measure) => measure.js + measure.css + measure.html;

/** What is wrong with one screen's measure, each message naming the screen. */
export function screenProblems(manifest: Manifest, screen: Screen, measure: Measure): string[] {
  const problems: string[] = [];
  const { budget, label } = screen;
  if ('firstKb' in budget) {
    if (kb(measure.js) > budget.firstKb)
      problems.push(`${label}: ${kb(measure.js).toFixed(1)} KB of gzipped JavaScript to draw, budget ${budget.firstKb} KB`);
    if (measure.scripts > budget.scripts) problems.push(`${label}: ${measure.scripts} scripts to draw, budget ${budget.scripts}`);
    if (kb(wireBytes(measure)) > budget.wireKb)
      problems.push(`${label}: ${kb(wireBytes(measure)).toFixed(1)} KB on the wire to draw, budget ${budget.wireKb} KB`);
  } else {
    if (kb(measure.js) > budget.jsKb)
      problems.push(`${label}: ${kb(measure.js).toFixed(1)} KB of gzipped JavaScript, budget ${budget.jsKb} KB`);
    if (kb(measure.css) > budget.cssKb)
      problems.push(`${label}: ${kb(measure.css).toFixed(1)} KB of gzipped CSS, budget ${budget.cssKb} KB`);
  }
  if (screen.kind === 'site')
    for (const key of measure.chunks)
      if (isAppFile(manifest[key]!)) problems.push(`${label}: loads ${manifest[key]!.file}, a file of the app's`);
  for (const editor of ON_DEMAND_ONLY)
    if (measure.chunks.has(editor)) problems.push(`${label}: loads ${editor} before it is drawn, which must load on demand only`);
  return problems;
}

/**
 * The build's layout, as bench-web checks it: nothing the site can ever load (its dynamic imports
 * too) is the app's, and the editor and the charts are files of their own that no file imports
 * statically (a static import would put them in the importer's first screen sooner or later).
 */
export function layoutProblems(manifest: Manifest): string[] {
  const problems: string[] = [];
  const reached = new Set<string>();
  const pending = [SITE_ENTRY];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (reached.has(key) || !manifest[key]) continue;
    reached.add(key);
    pending.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
  }
  if (!manifest[SITE_ENTRY]) problems.push(`the build has no site entry ${SITE_ENTRY}`);
  for (const key of reached) if (isAppFile(manifest[key]!)) problems.push(`the site can load ${manifest[key]!.file}, a file of the app's`);
  for (const editor of ON_DEMAND_ONLY) {
    const importers = Object.keys(manifest).filter((key) => manifest[key]!.imports?.includes(editor));
    if (!manifest[editor]) problems.push(`${editor} is not a file of its own`);
    else if (importers.length > 0) problems.push(`${editor} is imported statically by ${importers.join(', ')}`);
  }
  return problems;
}

export interface Report {
  rows: string[][];
  problems: string[];
  /** Each measured screen's files, for CHECK_BUDGETS_VERBOSE. */
  measures: Measure[];
}

/** Every screen measured and judged, as the table's rows and the problems found. */
export function checkBudgets(
  manifest: Manifest,
  gzSize: (file: string) => number,
  appHtmlSize: number,
  screens: readonly Screen[] = SCREENS,
  /** `.vite/modules.json`, for the rules of NOT_WITH. */
  modules?: ModuleMap,
): Report {
  const problems = [...layoutProblems(manifest), ...(modules ? moduleProblems(manifest, modules) : [])];
  const rows: string[][] = [];
  const measures: Measure[] = [];
  for (const screen of screens) {
    let measure: Measure;
    try {
      measure = measureScreen(manifest, screen, gzSize, screen.kind === 'app' ? appHtmlSize : 0);
    } catch (error) {
      problems.push((error as Error).message);
      rows.push([screen.label, '?', '', '', '', 'ERROR']);
      continue;
    }
    measures.push(measure);
    const found = screenProblems(manifest, screen, measure);
    problems.push(...found);
    const { budget } = screen;
    const drawBudget = 'firstKb' in budget ? budget.firstKb : budget.jsKb;
    rows.push([
      screen.label,
      kb(measure.js).toFixed(1),
      String(drawBudget),
      `${measure.scripts}${'scripts' in budget ? ` (${budget.scripts})` : ''}`,
      `${kb(wireBytes(measure)).toFixed(1)}${'wireKb' in budget ? ` (${budget.wireKb})` : ' (no HTML)'}`,
      found.length > 0 ? 'OVER' : 'ok',
    ]);
  }
  return { rows, problems, measures };
}

/** The rows as a Markdown table, like bench-web's. */
export function formatTable(
  rows: readonly string[][],
  header: readonly string[] = ['screen', 'KB to draw', 'budget KB', 'scripts (budget)', 'wire KB (budget)', 'verdict'],
): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [line(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...rows.map(line)].join('\n');
}
