/**
 * The app's first screens and its start, read from the static import graphs once the modules are
 * built, and the code-splitting groups that place modules by them.
 */
import type { Plugin } from 'vite';
import { ionicFieldHelpers, ionicSharedModules, ionicStartHelpers, isIonicFile } from './ionic-helpers.ts';
import { namesReexportedFrom, reexportsOnly } from './ionic-index.ts';
import { IONIC_BARREL, IONIC_COMPONENT, ionicSplitTags } from './ionic-per-component.ts';
import { modulesOf, type SourceFiles, sourceFiles, sourceFolder } from './source-files.ts';
import { expectExactly, expectMatches, type SurgeryPackage, SurgeryError } from './surgery-error.ts';

/**
 * The app's first screens beyond its start, by the files their routes load: Login and Signup
 * (one screen here: they share nearly everything), Account, the Demo list in its tabs, the first
 * visit's tutorial. Their modules are grouped by which of these screens use them (see the
 * `screens` code-splitting group).
 */
export const FIRST_SCREENS: readonly (readonly [string, SourceFiles])[] = [
  ['auth', sourceFiles('first screen auth', ['src/app/features/auth/pages/login-page.tsx', 'src/app/features/auth/pages/signup-page.tsx'])],
  ['account', sourceFiles('first screen account', ['src/app/features/auth/pages/account-page.tsx'])],
  ['demo', sourceFiles('first screen demo', ['src/app/shell/tabs-page.tsx', 'src/app/features/movies/pages/movie-list-page.tsx'])],
  ['tutorial', sourceFiles('first screen tutorial', ['src/app/features/tutorial/pages/tutorial-page.tsx'])],
];

/** The two faces' entries, whose static imports make the site and the app's start. */
const SITE_ENTRY = sourceFiles('site entry', ['src/site/entry-client.tsx']);
const APP_ENTRY = sourceFiles('app entry', ['src/app/main.tsx']);

/** The static import graphs, read once the modules are built (`staticImportGraphs`). */
export const staticGraph = {
  /** Static and dynamic: every module the site may load. */
  site: new Set<string>(),
  appStart: new Set<string>(),
  /** What Ionic loads the moment the app starts, on every platform (`ionicStartHelpers`). */
  ionicStart: new Set<string>(),
  screens: new Map<string, Set<string>>(FIRST_SCREENS.map(([name]) => [name, new Set<string>()])),
};

/**
 * Names @ionic/core's index re-exports that no first screen runs: the HTML sanitizer's
 * `IonicSafeString`, which only the overlays (toasts, alerts, loading) use. Through the index
 * the walk below counted its module as the start's, though no first screen runs it. Only a module free of
 * side effects may be listed: one that runs code as it loads (the menu controller registers its
 * animations) must stay where the index puts it, or the start would import a page's file that
 * imports the start back, and the app would fail as it starts (measured: the menu controller
 * and the animation library, listed too, did exactly that).
 */
const IONIC_INDEX_ON_USE = new Set(['IonicSafeString']);

/** The first screens whose static imports reach `id`, in FIRST_SCREENS' order. */
const screensUsing = (id: string) => FIRST_SCREENS.filter(([screen]) => staticGraph.screens.get(screen)!.has(id)).map(([screen]) => screen);

/**
 * What the app's entry and each first screen reach by static imports, for the code-splitting
 * groups below, and everything the site's entry can ever load (its dynamic imports too: Contact
 * Us, the news pages, the outbox): a module the site runs must never move into a file of the
 * app's, or the site would load and run the app's start with it. Our '@ionic/react' re-exports
 * every wrapper and the real module imports every element, so the walk follows only the wrappers
 * a module names in its import from '@ionic/react', and not @ionic/react's own imports of the
 * elements whose wrappers live in modules of their own: otherwise every element any page uses
 * would count as the first screen's. A module left out that the start does import would be put
 * in a file of its own that imports the start's file back, and fail when it runs (a circle).
 */
export function staticImportGraphs({ ionicSplit, startHelpers }: { ionicSplit: boolean; startHelpers: boolean }): Plugin {
  return {
    name: 'northwind-static-import-graphs',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const all = [...this.getModuleIds()];
      const check = checkedWalk(all, ionicSplit);
      const walk = (roots: string[], into: Set<string>, skip: (id: string) => boolean, app: boolean) => {
        into.clear();
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (into.has(id) || skip(id)) continue;
          into.add(id);
          const info = this.getModuleInfo(id);
          for (const next of [...(info?.importedIds ?? []), ...(app ? [] : (info?.dynamicallyImportedIds ?? []))])
            if (!app || check.follows(id, next, info?.code ?? '', (other) => this.getModuleInfo(other)?.dynamicImporters.length ?? 0))
              pending.push(next);
          if (app && info?.importedIds.includes(IONIC_BARREL)) pending.push(...check.wrappersImportedBy(id, info.code ?? ''));
        }
      };
      const find = (files: SourceFiles) => {
        try {
          return modulesOf(files, all);
        } catch (error) {
          return this.error((error as Error).message);
        }
      };
      walk(find(SITE_ENTRY), staticGraph.site, () => false, false);
      walk(find(APP_ENTRY), staticGraph.appStart, (id) => staticGraph.site.has(id), true);
      const helpers = startHelpers ? ionicStartHelpers(all, staticGraph.appStart, (id) => this.getModuleInfo(id)) : [];
      walk(helpers, staticGraph.ionicStart, (id) => staticGraph.site.has(id) || staticGraph.appStart.has(id), true);
      const taken = (id: string) => staticGraph.site.has(id) || staticGraph.appStart.has(id) || staticGraph.ionicStart.has(id);
      for (const [name, roots] of FIRST_SCREENS) walk(find(roots), staticGraph.screens.get(name)!, taken, true);
      check.done();
    },
  };
}

const IONIC_REACT = /node_modules[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;
const ELEMENT = /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/](ion-[a-z-]+)\.js$/;
const IONIC_CORE_INDEX = /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]index\.js$/;
const IONIC_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@ionic\/react["']/g;

/**
 * Which imports the app's walk follows, counting what each of its patterns matched: `done`
 * throws when one matched nothing, which would have let the walk count modules as the start's
 * that are not (bigger files), or the other way round.
 */
export function checkedWalk(ids: readonly string[], ionicSplit: boolean) {
  const idSet = new Set(ids);
  const only = (name: string, pattern: RegExp, packageName: SurgeryPackage) => {
    const found = ids.filter((id) => pattern.test(id));
    expectExactly(name, found.length, 1, { packageName, file: "the build's modules" });
    return found[0]!;
  };
  const ionicReact = only('Ionic React module', IONIC_REACT, '@ionic/react');
  const ionicCoreIndex = only('Ionic core index', IONIC_CORE_INDEX, '@ionic/core');
  const matched = { splitElements: 0, onUse: new Set<string>() };
  return {
    follows(id: string, next: string, code: string, dynamicImporters: (id: string) => number): boolean {
      if (id === IONIC_BARREL && next.startsWith(IONIC_COMPONENT)) return false;
      const tag = ELEMENT.exec(next)?.[1];
      if (tag && id === ionicReact && ionicSplitTags.has(tag)) {
        matched.splitElements++;
        return false;
      }
      if (id !== ionicCoreIndex) return true;
      // @ionic/core's index re-exports what Ionic itself loads on demand (the page
      // transitions, gestures): left to load as Ionic asks for them.
      if (dynamicImporters(next) > 0) return false;
      if (!reexportsOnly(code, next, IONIC_INDEX_ON_USE)) return true;
      for (const name of namesReexportedFrom(code, /[\\/](p-[\w-]+\.js)$/.exec(next)![1]!)) matched.onUse.add(name);
      return false;
    },
    /** The per-component modules of the wrappers module `id` imports from our '@ionic/react'. */
    wrappersImportedBy(id: string, code: string): string[] {
      const names = [...code.matchAll(IONIC_IMPORT)].flatMap((match) =>
        match[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!),
      );
      expectMatches('@ionic/react import', names.length, 1, { packageName: '@ionic/react', file: id });
      return names.map((name) => IONIC_COMPONENT + name).filter((module) => idSet.has(module));
    },
    done() {
      const at = { packageName: '@ionic/core', file: ionicCoreIndex } as const;
      for (const name of IONIC_INDEX_ON_USE)
        if (!matched.onUse.has(name)) throw new SurgeryError('index re-export', at.packageName, at.file, `matched nothing for ${name}`);
      if (ionicSplit) expectMatches('split element import', matched.splitElements, 1, { packageName: '@ionic/react', file: ionicReact });
    },
  };
}

/**
 * What the site and the app both run at start (theme, dark mode, routes, the session's claims,
 * the Insights beacon): one file for both faces.
 */
export const START_PARTS = sourceFiles('start chunk', [
  'src/common/insights-beacon.ts',
  'src/common/token-claims.ts',
  'src/common/routes.ts',
  'src/common/theme.ts',
  'src/common/use-dark-mode.ts',
]);

/**
 * The small modules the site's pages share with its chunks loaded on their own (the news pages,
 * Contact Us) or with the console: one file instead of nine, which the site's budget feels (each
 * file is compressed alone).
 */
export const SITE_PARTS = sourceFiles('site-parts chunk', [
  'src/site/components/icons.tsx',
  'src/site/components/news-card.tsx',
  'src/site/components/content-picture.tsx',
  'src/site/lib/outbox-key.ts',
  'src/common/news-data.ts',
  'src/common/content-icon.tsx',
  'src/common/content-icons.ts',
  'src/common/content-images.ts',
  'src/common/site-texts.ts',
]);

/** The live stream's client, loaded after the first screen, and the live data's folder. */
const LIVE_STREAM = sourceFiles('live-stream chunk', ['src/app/lib/live/stream-client.ts', 'src/app/lib/live/backoff.ts']);
const LIVE = sourceFolder('live chunk', 'src/app/lib/live');

/**
 * The code-splitting groups that follow the graphs above, after the ones that follow file names
 * only (vite.config.ts). `fieldHelpers` and `sharedHelpers` off leave Ionic's helpers where the
 * screens' groups put them (only to measure what placing them buys: scripts/build/rewrites.ts).
 */
export const graphGroups = ({ fieldHelpers, sharedHelpers }: { fieldHelpers: boolean; sharedHelpers: boolean }) => [
  // Everything the app's entry reaches by static imports (the Stencil runtime, Ionic React,
  // the router, the shell) in one file: it all loads before the first render anyway, and
  // many small files, each compressed alone, cost requests and bytes.
  {
    name: 'app-start',
    test: (id: string) =>
      staticGraph.appStart.has(id) || staticGraph.ionicStart.has(id) || (fieldHelpers && isIonicFile(id, ionicFieldHelpers())),
    // By default a group takes its modules' imports too, and @ionic/react imports every
    // element (dead in its module): the walk above already lists what the start needs.
    includeDependenciesRecursively: false,
  },
  // The live stream's client and its backoff: loaded after the first screen, on their own.
  // In one file with the device side below, they came with the Demo list's first screen,
  // which reads the device's copy of the list as it starts.
  {
    name: 'live-stream',
    test: (id: string) => LIVE_STREAM.has(id),
    includeDependenciesRecursively: false,
  },
  // The live data's device side, read as the Demo list starts (the device's copy of the
  // list, the outbox, the IndexedDB helper): one file instead of several small ones.
  // What a first screen already holds stays there.
  {
    name: 'live',
    test: (id: string) =>
      LIVE.has(id) &&
      !staticGraph.site.has(id) &&
      !staticGraph.appStart.has(id) &&
      ![...staticGraph.screens.values()].some((screen) => screen.has(id)),
    includeDependenciesRecursively: false,
  },
  {
    name: 'ionic-shared',
    // Only what the Demo list alone would hold: what other first screens share is in
    // their shared files already, which the console loads anyway.
    test: (id: string) =>
      sharedHelpers && screensUsing(id).join() === 'demo' && (id === `${IONIC_COMPONENT}IonLabel` || isIonicFile(id, ionicSharedModules())),
    includeDependenciesRecursively: false,
  },
  // The first screens' modules beyond the start (FIRST_SCREENS), one file for each set
  // of screens using them: each screen loads only what it draws, in a few files instead
  // of twenty (`screen-auth`, `screen-auth-account`, `screen-auth-account-demo-tutorial`...).
  // Other pages load the files they share with a screen, sometimes with a little more.
  {
    debugName: 'screens',
    name: (id: string) => {
      const users = screensUsing(id);
      return users.length > 0 ? `screen-${users.join('-')}` : null;
    },
    test: (id: string) => [...staticGraph.screens.values()].some((screen) => screen.has(id)),
    includeDependenciesRecursively: false,
  },
];
