import { describe, expect, it } from 'vitest';
import { checkBudgets, type Manifest, moduleProblems, ON_DEMAND_ONLY, SCREENS, type Screen } from './budget-check.ts';
import { FIRST_SCREENS } from './first-screens.ts';

const [EDITOR, CHARTS] = ON_DEMAND_ONLY as [string, string];
const KB = 1024;

/**
 * A small build in the shape Vite writes: the app's entry and start, a first screen's chunk with
 * a shared one, the editor and the charts loaded on demand, and the site's entry with its news
 * pages. The sizes are the gzipped bytes the check is given for each file.
 */
function fabricatedBuild(): { manifest: Manifest; sizes: Record<string, number> } {
  const manifest: Manifest = {
    'index.html': { file: 'assets/app-1.js', name: 'app', src: 'index.html', isEntry: true, imports: ['_app-start-1.js'] },
    '_app-start-1.js': {
      file: 'assets/app-start-1.js',
      name: 'app-start',
      imports: ['_preact-1.js'],
      dynamicImports: ['_screen-demo-1.js', EDITOR, CHARTS],
      css: ['assets/app-start-1.css'],
    },
    '_preact-1.js': { file: 'assets/preact-1.js', name: 'preact' },
    '_screen-demo-1.js': { file: 'assets/screen-demo-1.js', name: 'screen-demo', imports: ['_app-start-1.js', '_shared-1.js'] },
    '_shared-1.js': { file: 'assets/shared-1.js', name: 'shared', imports: ['_preact-1.js'] },
    [EDITOR]: { file: 'assets/rich-text-editor-1.js', name: 'rich-text-editor', src: EDITOR, isDynamicEntry: true },
    [CHARTS]: { file: 'assets/charts-page-1.js', name: 'charts-page', src: CHARTS, isDynamicEntry: true },
    'src/site/entry-client.tsx': {
      file: 'assets/site-1.js',
      name: 'site',
      src: 'src/site/entry-client.tsx',
      isEntry: true,
      imports: ['_preact-1.js'],
      dynamicImports: ['src/site/news-pages.ts'],
    },
    'src/site/news-pages.ts': { file: 'assets/news-pages-1.js', name: 'news-pages', src: 'src/site/news-pages.ts', isDynamicEntry: true },
  };
  const sizes: Record<string, number> = {
    'assets/app-1.js': 1 * KB,
    'assets/app-start-1.js': 70 * KB,
    'assets/app-start-1.css': 5 * KB,
    'assets/preact-1.js': 10 * KB,
    'assets/screen-demo-1.js': 20 * KB,
    'assets/shared-1.js': 9 * KB,
    'assets/rich-text-editor-1.js': 90 * KB,
    'assets/charts-page-1.js': 60 * KB,
    'assets/site-1.js': 5 * KB,
    'assets/news-pages-1.js': 2 * KB,
  };
  return { manifest, sizes };
}

const appBudget = (firstKb: number) => ({ firstKb, scripts: 30, wireKb: 200, lcpMs: 2000, cls: 0.1 });
const siteBudget = { jsKb: 25, cssKb: 20, lcpMs: 2500, cls: 0.1 };
/** The Demo list: 110 KB of JavaScript to draw (1 + 70 + 10 + 20 + 9), within a budget of 115. */
const demo: Screen = { label: 'demo list', kind: 'app', roots: ['index.html', 'screen-demo'], budget: appBudget(115) };
const news: Screen = {
  label: 'site /news',
  kind: 'site',
  roots: ['src/site/entry-client.tsx', 'src/site/news-pages.ts'],
  budget: siteBudget,
};

const run = (manifest: Manifest, sizes: Record<string, number>, screens: Screen[]) =>
  checkBudgets(manifest, (file) => sizes[file] ?? 0, 1 * KB, screens);

describe('the first screens counted from the build', () => {
  it('passes a screen within its budget, counting the entry, its static imports and the page chunk with its own', () => {
    const { manifest, sizes } = fabricatedBuild();
    const report = run(manifest, sizes, [demo, news]);
    expect(report.problems).toEqual([]);
    // 110 KB of JavaScript in five files; on the wire 1 KB of HTML and 5 KB of CSS besides.
    expect(report.rows[0]).toEqual(['demo list', '110.0', '115', '5 (30)', '116.0 (200)', 'ok']);
    expect(report.rows[1]).toEqual(['site /news', '17.0', '25', '3', '17.0 (no HTML)', 'ok']);
  });

  it('fails a screen that grows 2 KB past its budget, naming it', () => {
    const { manifest, sizes } = fabricatedBuild();
    sizes['assets/shared-1.js']! += 7 * KB; // 117 KB against 115
    const report = run(manifest, sizes, [demo, news]);
    expect(report.problems).toEqual(['demo list: 117.0 KB of gzipped JavaScript to draw, budget 115 KB']);
    expect(report.rows[0]!.at(-1)).toBe('OVER');
    expect(report.rows[1]!.at(-1)).toBe('ok');
  });

  it("fails a site page that pulls in a chunk of the app's", () => {
    const { manifest, sizes } = fabricatedBuild();
    manifest['src/site/news-pages.ts']!.imports = ['_app-start-1.js'];
    // Small enough for the site's 25 KB: only the layout tells.
    sizes['assets/app-start-1.js'] = 1 * KB;
    const report = run(manifest, sizes, [news]);
    expect(report.problems).toContain("site /news: loads assets/app-start-1.js, a file of the app's");
    expect(report.problems).toContain("the site can load assets/app-start-1.js, a file of the app's");
    expect(report.rows[0]!.at(-1)).toBe('OVER');
  });

  it.each([
    ['the editor', EDITOR],
    ['the charts', CHARTS],
  ])('fails when %s is reached statically from a first screen', (_name, onDemand) => {
    const { manifest, sizes } = fabricatedBuild();
    // Small enough for the budget: only the layout tells.
    sizes[manifest[onDemand]!.file] = 1 * KB;
    manifest['_shared-1.js']!.imports = ['_preact-1.js', onDemand];
    const report = run(manifest, sizes, [demo]);
    expect(report.problems).toContain(`demo list: loads ${onDemand} before it is drawn, which must load on demand only`);
    expect(report.problems).toContain(`${onDemand} is imported statically by _shared-1.js`);
  });

  it('reports a screen whose chunk is gone or that nothing asks for, rather than count it as empty', () => {
    const { manifest, sizes } = fabricatedBuild();
    const renamed: Screen = { ...demo, roots: ['index.html', 'screen-home'] };
    const notAsked: Screen = { ...news, label: 'site /', roots: ['src/site/entry-client.tsx', 'screen-demo'] };
    const report = run(manifest, sizes, [renamed, notAsked]);
    expect(report.problems).toEqual([
      'the build has no chunk "screen-home": update SCREENS in scripts/build/budget-check.ts',
      'site /: nothing the screen loads before imports "_screen-demo-1.js" on demand',
    ]);
  });

  it("names the first screens' chunks as the build's code-splitting groups name them (first-screens.ts)", () => {
    // A `screen-<names>` chunk holds the modules of exactly the FIRST_SCREENS listed in its name.
    const names = new Set(FIRST_SCREENS.map(([name]) => name));
    const screenChunks = SCREENS.flatMap((screen) => screen.roots).filter((root) => root.startsWith('screen-'));
    expect(screenChunks.length).toBeGreaterThan(0);
    for (const chunk of screenChunks) expect(names.has(chunk.slice('screen-'.length))).toBe(true);
  });
});

describe('what a part of the app must not bring with it, told by the modules in its files', () => {
  const rules = [{ part: 'the menu', roots: ['src/menu.tsx'], module: 'node_modules/x/ion-input.js' }];
  const manifest: Manifest = {
    'src/menu.tsx': { file: 'assets/menu-1.js', src: 'src/menu.tsx', isDynamicEntry: true, imports: ['_toggle-1.js'] },
    '_toggle-1.js': { file: 'assets/toggle-1.js', name: 'toggle' },
    '_fields-1.js': { file: 'assets/fields-1.js', name: 'fields' },
  };
  const modules = {
    'assets/menu-1.js': ['src/menu.tsx'],
    'assets/toggle-1.js': ['node_modules/x/ion-toggle.js', 'node_modules/x/p-helpers.js'],
    'assets/fields-1.js': ['node_modules/x/ion-input.js'],
  };

  it('passes a menu whose files hold no form field, and fails one that imports the fields’ file', () => {
    expect(moduleProblems(manifest, modules, rules)).toEqual([]);
    const grouped = { ...manifest, '_toggle-1.js': { ...manifest['_toggle-1.js']!, imports: ['_fields-1.js'] } };
    expect(moduleProblems(grouped, modules, rules)).toEqual(['the menu loads assets/fields-1.js, which holds node_modules/x/ion-input.js']);
  });

  it('reports a module no file holds, or a part whose file is gone, rather than pass', () => {
    expect(moduleProblems(manifest, { ...modules, 'assets/fields-1.js': [] }, rules)).toEqual([
      'no file of the build holds node_modules/x/ion-input.js: update NOT_WITH in scripts/build/budget-check.ts',
    ]);
    expect(moduleProblems(manifest, modules, [{ ...rules[0]!, roots: ['src/gone.tsx'] }])).toEqual([
      'the menu: the build has no chunk "src/gone.tsx": update SCREENS in scripts/build/budget-check.ts',
    ]);
  });
});
