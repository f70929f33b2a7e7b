import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { type Bundle, dropFacades } from './scripts/lib/drop-facades.ts';
import { reexportsOnly } from './scripts/lib/ionic-index.ts';
import { COMPANY } from './src/common/constants.ts';
import { THEME_INIT_SCRIPT } from './src/common/theme.ts';

const distDir = process.env.DIST_DIR ?? 'dist';
const serverPort = Number(process.env.PORT ?? 3000);
const packageVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
/** Shown by the app and baked into every chunk, so a deploy with another version changes the service worker. */
const appVersion = process.env.APP_VERSION ?? packageVersion;
/** IONIC_BASELINE=1 builds without our two Ionic bundle fixes, only to measure what they save (docs/pwa.md). */
const ionicBaseline = process.env.IONIC_BASELINE === '1';

/** Puts the same inline theme script the site uses into the app's index.html (no dark flash). */
function themeInit(): Plugin {
  return {
    name: 'northwind-theme-init',
    transformIndexHtml: (html) => html.replace('<!--theme-init-->', `<script>${THEME_INIT_SCRIPT}</script>`),
  };
}

/** The app's document gets the same home-screen icon as the site's (vite-plugin-pwa adds the manifest link). */
function appleTouchIcon(): Plugin {
  return {
    name: 'northwind-apple-touch-icon',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' }],
  };
}

/**
 * The elements whose wrappers `ionicPerComponentModules` serves from modules of their own and
 * that nothing else in @ionic/react uses (`staticImportGraphs` does not follow its imports of them).
 */
const ionicSplitTags = new Set<string>();
/** Our '@ionic/react' and the prefix of its per-component modules (`ionicPerComponentModules`). */
const IONIC_BARREL = '\0northwind-ionic-react';
const IONIC_COMPONENT = '\0northwind-ionic-component:';

/**
 * One module per Ionic component wrapper, so each page's chunk carries the components it uses.
 *
 * @ionic/react defines all its component wrappers in one module; a bundler assigns whole modules
 * to chunks, so every component any lazy page uses (inputs, selects, cards...) lands in the
 * app's first chunk. This plugin gives our code a drop-in '@ionic/react' that re-exports the
 * real package but takes each plain wrapper from its own small module, built with the same
 * public Stencil runtime call (`createComponent`) and the same event map that @ionic/react
 * itself uses, read from its own source. Routing, overlays and hooks are untouched.
 * See docs/decisions/0501-ionic-per-component-chunks.md.
 */
function ionicPerComponentModules(): Plugin {
  const require = createRequire(import.meta.url);
  const realEntry = require.resolve('@ionic/react').replace(/\\/g, '/');
  const source = readFileSync(realEntry, 'utf8');
  const wrapper =
    /const (Ion\w+) = \/\*@__PURE__\*\/ createComponent\(\{\s*tagName: '([a-z-]+)',\s*elementClass: [\w$]+,[^]*?events: (\{[^}]*\}),\s*defineCustomElement: [\w$]+\s*\}\);/g;
  const components = new Map<string, { tag: string; events: string }>();
  for (const match of source.matchAll(wrapper)) components.set(match[1]!, { tag: match[2]!, events: match[3]! });
  // Overlays (IonToast, IonModal...) and their hooks are one-liners over helpers private to the
  // module; the real module is given three extra exports so each overlay can live on its own too.
  const inlineOverlay = /const (Ion\w+) = \/\*@__PURE__\*\/ createInlineOverlayComponent\('([a-z-]+)', [\w$]+(, true)?\);/g;
  const overlays = new Map<string, { tag: string; delegate: boolean }>();
  for (const match of source.matchAll(inlineOverlay)) overlays.set(match[1]!, { tag: match[2]!, delegate: Boolean(match[3]) });
  const hook = /\nfunction (useIon(?:ActionSheet|Alert|Toast|Loading|Modal|Popover))\(([^)]*)\) \{\n([^]*?)\n\}\n/g;
  const hooks = new Map<string, { params: string; body: string; tag: string; controller: string }>();
  for (const match of source.matchAll(hook)) {
    const call = /(useController|useOverlay)\('Ion\w+', (\w+Controller), ([\w$]+)/.exec(match[3]!);
    const tagOf =
      call &&
      new RegExp(
        `import \\{ defineCustomElement as ${call[3]!.replace('$', '\\$')} \\} from '@ionic/core/components/(ion-[a-z-]+)\\.js'`,
      ).exec(source);
    if (!call || !tagOf) continue;
    const body = match[3]!
      .replace(call[3]!, 'defineCustomElement')
      .replace(/\buseController\(/, '__northwindUseController(')
      .replace(/\buseOverlay\(/, '__northwindUseOverlay(');
    hooks.set(match[1]!, { params: match[2]!, body, tag: tagOf[1]!, controller: call[2]! });
  }
  const splitOverlays = overlays.size === 6 && hooks.size === 6;
  // The tabs (IonTabs, IonTabBar, IonTabButton) are classes of the real module around inner
  // components that define their elements when the module runs: the elements came with every
  // first screen though only the tabbed pages draw them. Their definition moves to a module of
  // each component's own, run with the page that imports it (decision 0501, amendment).
  const innerDefinitions = new Map<string, { tag: string; define: string }>();
  for (const match of source.matchAll(/createReactComponent\('(ion-tabs|ion-tab-bar|ion-tab-button)', undefined, undefined, ([\w$]+)\)/g))
    innerDefinitions.set(match[1]!, { tag: match[1]!, define: match[2]! });
  const tabsComponents = new Map([
    ['IonTabs', 'ion-tabs'],
    ['IonTabBar', 'ion-tab-bar'],
    ['IonTabButton', 'ion-tab-button'],
  ]);
  // Ionic React registers a stand-in 'ion-tabs' element when none is defined yet; Ionic's own was
  // always defined first (by the inner component, earlier in the module). With that definition
  // moved, the stand-in must go, or it would win.
  const tabsStandIn =
    /if \(typeof window !== 'undefined' && window\.customElements\) \{\s*const element = window\.customElements\.get\('ion-tabs'\);\s*if \(!element\) \{\s*window\.customElements\.define\('ion-tabs', IonTabsElement\);\s*\}\s*\}/;
  const splitTabs = innerDefinitions.size === 3 && tabsStandIn.test(source);
  // The routing components (IonItem, IonButton, IonCard...) also live in the real module, so the
  // element of each one any page used came with the first screen; each gets its own module too.
  const routing = /const (Ion\w+) = \/\*@__PURE__\*\/ createRoutingComponent\('([a-z-]+)', ([\w$]+)\);/g;
  const routingComponents = new Map<string, string>();
  for (const match of source.matchAll(routing)) {
    const element = new RegExp(
      `import \\{ (\\w+) as ${match[3]!.replace('$', '\\$')} \\} from '@ionic/core/components/${match[2]!}\\.js'`,
    ).exec(source);
    if (element) routingComponents.set(match[1]!, `${match[2]!}:${element[1]!}`);
  }
  // IonNav's inner component is created (and ion-nav defined) when the module runs, so ion-nav
  // loaded with every first screen; marked pure, it goes when nobody uses IonNav.
  const navInner = 'const IonNavInner = createReactComponent(';
  const nav = 'const IonNav = createForwardRef(';
  // An element whose wrapper the real module no longer needs (no other use than its definition
  // and export), so its import there is dead: the start's walk below does not follow it.
  const liveSource = source.replace(/\/\*[^]*?\*\//g, '').replace(/^(?:export \{[^}]*\};?|import .*|\s*\/\/.*)$/gm, '');
  const deadInRealModule = (name: string) => (liveSource.match(new RegExp(`(?<![\\w$'])${name}(?![\\w$'])`, 'g')) ?? []).length === 1;
  const split = [
    ...[...components].map(([name, { tag }]) => [name, tag] as const),
    ...(splitOverlays
      ? [
          ...[...overlays].map(([name, { tag }]) => [name, tag] as const),
          ...[...hooks].map(([name, { tag }]) => [name, tag] as const),
          ...[...routingComponents].map(([name, value]) => [name, value.split(':')[0]!] as const),
        ]
      : []),
  ];
  for (const [name, tag] of split) if (deadInRealModule(name)) ionicSplitTags.add(tag);
  if (splitTabs) for (const tag of tabsComponents.values()) ionicSplitTags.add(tag);
  const BARREL = IONIC_BARREL;
  const PREFIX = IONIC_COMPONENT;
  return {
    name: 'northwind-ionic-per-component-modules',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      // An Ionic upgrade that changes the file's shape must not go unnoticed: the build works
      // but the app's first chunk grows back (docs/decisions/0501).
      if (components.size < 50 || !splitOverlays || !splitTabs) {
        this.warn(
          `@ionic/react no longer matches the per-component split (${components.size} wrappers, overlays ${splitOverlays ? 'split' : 'not split'}, tabs ${splitTabs ? 'split' : 'not split'}): see docs/decisions/0501`,
        );
      }
    },
    resolveId(id, importer) {
      // Side-effect free like the wrappers they copy: a module nobody uses is dropped, and each
      // one used only by a lazy page goes into that page's chunk.
      if (id === '@ionic/react' && importer && !importer.includes('node_modules') && !importer.startsWith('\0') && components.size > 0) {
        return { id: BARREL, moduleSideEffects: false };
      }
      if (id.startsWith(PREFIX)) return { id, moduleSideEffects: false };
      // Ionic React's IonIcon defines ion-icon from ionicons' own build, which brings a second
      // Stencil runtime (21 KB before compression) to every first screen; @ionic/core ships the
      // same element (same properties) on the runtime the start already holds (decision 0501).
      if (id === 'ionicons/components/ion-icon.js' && importer?.replace(/\\/g, '/').includes('/@ionic/react/')) {
        return this.resolve('@ionic/core/components/ion-icon.js', importer, { skipSelf: true });
      }
      return null;
    },
    transform(code, id) {
      if (!splitOverlays || id.replace(/\\/g, '/') !== realEntry) return null;
      let real = code;
      if (splitTabs) {
        real = real.replace(tabsStandIn, '');
        for (const { tag, define } of innerDefinitions.values())
          real = real.replace(
            `createReactComponent('${tag}', undefined, undefined, ${define})`,
            `createReactComponent('${tag}', undefined, undefined, undefined)`,
          );
      }
      return {
        code: `${real.replace(navInner, 'const IonNavInner = /*@__PURE__*/ createReactComponent(').replace(nav, 'const IonNav = /*@__PURE__*/ createForwardRef(')}\nexport { createInlineOverlayComponent as __northwindInlineOverlay, createRoutingComponent as __northwindRoutingComponent, useController as __northwindUseController, useOverlay as __northwindUseOverlay };\n`,
        map: null,
      };
    },
    load(id) {
      if (id === BARREL) {
        const names = [
          ...components.keys(),
          ...(splitOverlays ? [...overlays.keys(), ...hooks.keys(), ...routingComponents.keys()] : []),
          ...(splitTabs ? tabsComponents.keys() : []),
        ];
        return [
          `export * from ${JSON.stringify(realEntry)};`,
          ...names.map((name) => `export { ${name} } from ${JSON.stringify(PREFIX + name)};`),
        ].join('\n');
      }
      if (id.startsWith(PREFIX)) {
        const name = id.slice(PREFIX.length);
        const overlay = overlays.get(name);
        if (overlay) {
          return [
            `import { __northwindInlineOverlay } from ${JSON.stringify(realEntry)};`,
            `import { defineCustomElement } from '@ionic/core/components/${overlay.tag}.js';`,
            `export const ${name} = /*@__PURE__*/ __northwindInlineOverlay('${overlay.tag}', defineCustomElement${overlay.delegate ? ', true' : ''});`,
          ].join('\n');
        }
        const overlayHook = hooks.get(name);
        if (overlayHook) {
          // The overlay's element (and its styles, gestures, inner components) loads when the
          // hook first presents, not with the page that calls the hook: the controller's create()
          // already waits for the element to be defined (docs/decisions/0510).
          return [
            "import { useCallback } from 'react';",
            `import { __northwindUseController, __northwindUseOverlay } from ${JSON.stringify(realEntry)};`,
            `import { ${overlayHook.controller} as realController } from '@ionic/core/components';`,
            'let defined;',
            `const define = () => (defined ??= import('@ionic/core/components/${overlayHook.tag}.js').then((module) => module.defineCustomElement()));`,
            `const ${overlayHook.controller} = Object.assign(Object.create(realController), { create: async (options) => { await define(); return realController.create(options); } });`,
            'const defineCustomElement = () => {};',
            `export function ${name}(${overlayHook.params}) {\n${overlayHook.body}\n}`,
          ].join('\n');
        }
        const tabsTag = splitTabs ? tabsComponents.get(name) : undefined;
        if (tabsTag) {
          return [
            `import { ${name} as Component } from ${JSON.stringify(realEntry)};`,
            `import { defineCustomElement } from '@ionic/core/components/${tabsTag}.js';`,
            'defineCustomElement();',
            `export const ${name} = Component;`,
          ].join('\n');
        }
        const routingComponent = routingComponents.get(name);
        if (routingComponent) {
          const [tag, element] = routingComponent.split(':');
          return [
            `import { __northwindRoutingComponent } from ${JSON.stringify(realEntry)};`,
            `import { ${element!} as Element } from '@ionic/core/components/${tag!}.js';`,
            `export const ${name} = /*@__PURE__*/ __northwindRoutingComponent('${tag!}', Element);`,
          ].join('\n');
        }
        const component = components.get(name);
        if (!component) return null;
        return [
          "import React from 'react';",
          "import { createComponent } from '@stencil/react-output-target/runtime';",
          `import { ${name} as Element, defineCustomElement } from '@ionic/core/components/${component.tag}.js';`,
          `export const ${name} = /*@__PURE__*/ createComponent({ tagName: '${component.tag}', elementClass: Element, react: React, events: ${component.events}, defineCustomElement });`,
        ].join('\n');
      }
      return null;
    },
  };
}

/**
 * ionicons' `icons` entry is one module of 1,300 constants: every icon any page uses loaded with
 * the first screen. Our imports of it are rewritten to one tiny module per icon, so each icon
 * travels with the pages that show it (docs/decisions/0501).
 */
function ionIconsPerIcon(): Plugin {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('ionicons/icons').replace(/\.js$/, '.mjs'), 'utf8');
  const icons = new Map<string, string>();
  for (const match of source.matchAll(/^export const (\w+) = ("[^"\n]*");?$/gm)) icons.set(match[1]!, match[2]!);
  const PREFIX = '\0northwind-ionicon:';
  const importStatement = /import\s*\{([^}]*)\}\s*from\s*'ionicons\/icons';/g;
  return {
    name: 'northwind-ionicons-per-icon',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (icons.size === 0 || id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes("'ionicons/icons'")) return null;
      let changed = false;
      const rewritten = code.replace(importStatement, (statement, list: string) => {
        const specifiers = list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => part.split(/\s+as\s+/));
        if (specifiers.some(([name]) => !icons.has(name!))) return statement;
        changed = true;
        return specifiers
          .map(([name, alias]) => `import { ${name} as ${alias ?? name} } from ${JSON.stringify(PREFIX + name)};`)
          .join('\n');
      });
      return changed ? { code: rewritten, map: null } : null;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? { id, moduleSideEffects: false } : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      return icons.has(name) ? `export const ${name} = ${icons.get(name)!};` : null;
    },
  };
}

/**
 * The app's first screens beyond its start, by the files their routes load: Login and Signup
 * (one screen here: they share nearly everything), Account, the Demo list in its tabs, the first
 * visit's tutorial. Their modules are grouped by which of these screens use them (see the
 * `screens` code-splitting group).
 */
const FIRST_SCREENS: readonly (readonly [string, readonly RegExp[]])[] = [
  ['auth', [/src[\\/]app[\\/]features[\\/]auth[\\/]pages[\\/](login|signup)-page\.tsx$/]],
  ['account', [/src[\\/]app[\\/]features[\\/]auth[\\/]pages[\\/]account-page\.tsx$/]],
  ['demo', [/src[\\/]app[\\/]shell[\\/]tabs-page\.tsx$/, /src[\\/]app[\\/]features[\\/]movies[\\/]pages[\\/]movie-list-page\.tsx$/]],
  ['tutorial', [/src[\\/]app[\\/]features[\\/]tutorial[\\/]pages[\\/]tutorial-page\.tsx$/]],
];

/** The `p-*.js` files an @ionic/core component file imports, as Ionic ships them. */
const ionicComponentsDir = dirname(createRequire(import.meta.url).resolve('@ionic/core/components/ion-label.js'));
function ionicImportsOf(file: string): string[] {
  return [...readFileSync(join(ionicComponentsDir, file), 'utf8').matchAll(/from"\.\/(p-[\w-]+\.js)"/g)].map((match) => match[1]!);
}

/**
 * Ionic modules the console's first screen shares with the Demo list's (their names are content
 * hashes, read from Ionic's own files): ion-label, and the helpers that it and ion-footer (the
 * console menu's dark-theme switch) import, such as the keyboard's. Grouped by screen, they sat in
 * the Demo list's file, and the console loaded that whole file (24.8 KB) for a label.
 */
const ionicSharedModules = ((): string[] => {
  const found = new Set<string>(['ion-label.js']);
  const visit = (file: string) => {
    for (const next of ionicImportsOf(file)) {
      if (found.has(next)) continue;
      found.add(next);
      visit(next);
    }
  };
  visit('ion-label.js');
  visit('ion-footer.js');
  return [...found];
})();

/**
 * The helpers Ionic's switch (`ion-toggle`) shares with its text field (`ion-input`), by their
 * content-hashed names read from Ionic's own files: today only the 182-byte check of a field's
 * touched-and-invalid state. Grouped by screen it sat in Login's and Account's file of form
 * fields (12.2 KB compressed), which every page with a switch loaded for it: the side menu's
 * dark-theme switch, after every app screen, the schedule's case switch, the console's editors.
 * In the start (what the start already holds is there anyway) it costs every screen a tenth of
 * a kilobyte.
 */
const ionicFieldHelpers = ((): string[] => {
  const input = new Set(ionicImportsOf('ion-input.js'));
  return ionicImportsOf('ion-toggle.js').filter((file) => input.has(file));
})();

/** Whether module `id` is one of @ionic/core's component files named in `files`. */
const isIonicFile = (id: string, files: readonly string[]) =>
  /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]/.test(id) && files.some((file) => id.endsWith(`/${file}`));

/** The static import graphs, read once the modules are built (`staticImportGraphs`). */
const staticGraph = {
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
 * the walk below counted its module (1.4 KB compressed) as the start's. Only a module free of
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
function staticImportGraphs(): Plugin {
  return {
    name: 'northwind-static-import-graphs',
    apply: 'build',
    buildEnd() {
      const ids = new Set(this.getModuleIds());
      const ionicReact = /node_modules[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;
      const element = /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/](ion-[a-z-]+)\.js$/;
      const ionicCoreIndex = /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]index\.js$/;
      const ionicImport = /import\s*\{([^}]*)\}\s*from\s*["']@ionic\/react["']/g;
      const walk = (roots: string[], into: Set<string>, skip: (id: string) => boolean, app: boolean) => {
        into.clear();
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (into.has(id) || skip(id)) continue;
          into.add(id);
          const info = this.getModuleInfo(id);
          for (const next of [...(info?.importedIds ?? []), ...(app ? [] : (info?.dynamicallyImportedIds ?? []))]) {
            if (app && id === IONIC_BARREL && next.startsWith(IONIC_COMPONENT)) continue;
            const tag = element.exec(next)?.[1];
            if (app && tag && ionicReact.test(id) && ionicSplitTags.has(tag)) continue;
            // @ionic/core's index re-exports what Ionic itself loads on demand (the page
            // transitions, gestures): left to load as Ionic asks for them.
            if (app && ionicCoreIndex.test(id) && (this.getModuleInfo(next)?.dynamicImporters.length ?? 0) > 0) continue;
            if (app && ionicCoreIndex.test(id) && reexportsOnly(info?.code ?? '', next, IONIC_INDEX_ON_USE)) continue;
            pending.push(next);
          }
          if (app && info?.importedIds.includes(IONIC_BARREL)) {
            for (const match of (info.code ?? '').matchAll(ionicImport)) {
              for (const name of match[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!)) {
                if (ids.has(IONIC_COMPONENT + name)) pending.push(IONIC_COMPONENT + name);
              }
            }
          }
        }
      };
      const all = [...ids];
      const find = (pattern: RegExp) => all.filter((id) => pattern.test(id));
      walk(find(/src[\\/]site[\\/]entry-client\.tsx$/), staticGraph.site, () => false, false);
      walk(find(/src[\\/]app[\\/]main\.tsx$/), staticGraph.appStart, (id) => staticGraph.site.has(id), true);
      const helpers = ionicStartHelpers(all, (id) => this.getModuleInfo(id));
      walk(helpers, staticGraph.ionicStart, (id) => staticGraph.site.has(id) || staticGraph.appStart.has(id), true);
      const taken = (id: string) => staticGraph.site.has(id) || staticGraph.appStart.has(id) || staticGraph.ionicStart.has(id);
      for (const [name, roots] of FIRST_SCREENS) walk(roots.flatMap(find), staticGraph.screens.get(name)!, taken, true);
    },
  };
}

/**
 * The helpers `ion-app` and `ion-router-outlet` import as soon as they start (tap and ripple,
 * the keyboard, focus rings, the swipe back and its gesture): loaded on every app screen in a
 * second wave, five files of 0.4 to 1.5 KB, each with about 1 KB of headers. They go with the
 * start's file instead. The iOS-only ones (input shims, the status bar tap) stay on demand: an
 * Android phone or a desktop never asks for them.
 */
const IONIC_START_ELEMENTS = /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]ion-(app|router-outlet)\.js$/;
const IOS_ONLY_EXPORTS = new Set(['startInputShims', 'startStatusTap']);

function ionicStartHelpers(
  ids: readonly string[],
  info: (id: string) => { dynamicallyImportedIds: readonly string[]; exports: readonly string[] } | null,
): string[] {
  return ids
    .filter((id) => IONIC_START_ELEMENTS.test(id) && staticGraph.appStart.has(id))
    .flatMap((id) => info(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => !(info(id)?.exports ?? []).some((name) => IOS_ONLY_EXPORTS.has(name)));
}

/**
 * No file that only re-exports another (scripts/lib/drop-facades.ts, decision 0541): each was a
 * request for no code, six of them before the Demo list is drawn. After Vite's own rewriting
 * (its preload lists name the files), before anything is written or precached.
 */
function noFacadeFiles(): Plugin {
  return {
    name: 'northwind-no-facade-files',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      dropFacades(bundle as unknown as Bundle);
    },
  };
}

/**
 * The service worker (src/sw/sw.ts, our own rules) gets Workbox's precache list injected. The
 * manifest is written by the plugin so its icons and colours live next to the rest of the PWA
 * configuration; the site's server-rendered head links the same /manifest.webmanifest.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    // We register ourselves (src/app/lib/service-worker.ts, src/site/entry-client.tsx): only once
    // the page is stable, and with our own update toast.
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: true,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
      // Videos are streamed with range requests and are large: never precached. The build
      // manifest is for the server only.
      globIgnores: ['videos/**', '.vite/**', 'icons/og-image.png'],
      rollupFormat: 'es',
    },
    manifest: {
      id: '/',
      name: COMPANY.name,
      short_name: COMPANY.shortName,
      description: 'Computer services for people and small offices, with a demo app: movies, schedule, Minesweeper, charts.',
      lang: 'en',
      dir: 'ltr',
      start_url: '/app/tabs/home',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      // The manifest has one colour; the pages' <meta name="theme-color"> give light and dark ones.
      theme_color: '#ffffff',
      background_color: '#ffffff',
      categories: ['business', 'productivity'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Demo', url: '/app/tabs/home', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        { name: 'Contact Us', url: '/support', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      ],
    },
  });

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Preact through preact/compat runs our React code, Ionic React and React Router in a fraction
    // of React DOM's size (docs/decisions/0520); the preset aliases `react` and `react-dom`.
    preact(),
    themeInit(),
    appleTouchIcon(),
    ...(isSsrBuild
      ? []
      : [...(ionicBaseline ? [] : [ionicPerComponentModules(), ionIconsPerIcon()]), staticImportGraphs(), noFacadeFiles(), pwa()]),
  ],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion),
  },
  build: {
    outDir: `${distDir}/client`,
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        app: 'index.html',
        site: 'src/site/entry-client.tsx',
      },
      treeshake: {
        // @ionic/core declares its per-component modules free of side effects in
        // components/package.json, but the bundler only reads the package's root package.json,
        // so every component Ionic ships ended up in the app's first chunk (docs/decisions/0500).
        moduleSideEffects: ionicBaseline ? true : [{ test: /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Preact (with its React compatibility layer) is shared by the site and the app: one
          // long-cached chunk with an honest name, and nothing of the app's in it.
          groups: [
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
            // The small modules the site's pages share with its chunks loaded on their own (the
            // news pages, Contact Us) or with the console: one file instead of nine, which the
            // site's 25 KB budget feels (each file is compressed alone; measured 1.3 KB less).
            // What the site and the app both run at start (theme, dark mode, routes, the session's
            // claims, the Insights beacon): one file for both faces.
            {
              name: 'start',
              test: /src[\\/]common[\\/](insights-beacon|token-claims|routes|theme|use-dark-mode)\.tsx?$/,
            },
            {
              name: 'site-parts',
              test: /src[\\/](site[\\/](components[\\/](icons|news-card|content-picture)|lib[\\/]outbox-key)|common[\\/](news-data|content-icons?|content-images|site-texts))\.tsx?$/,
            },
            // Everything the app's entry reaches by static imports (the Stencil runtime, Ionic React,
            // the router, the shell) in one file: it all loads before the first render anyway, and
            // forty files of 0.1 to 25 KB, each compressed alone, cost requests and bytes.
            {
              name: 'app-start',
              test: (id: string) => staticGraph.appStart.has(id) || staticGraph.ionicStart.has(id) || isIonicFile(id, ionicFieldHelpers),
              // By default a group takes its modules' imports too, and @ionic/react imports every
              // element (dead in its module): the walk above already lists what the start needs.
              includeDependenciesRecursively: false,
            },
            // The live stream's client and its backoff: loaded after the first screen, on their own.
            // In one file with the device side below, they came with the Demo list's first screen,
            // which reads the device's copy of the list as it starts.
            {
              name: 'live-stream',
              test: /src[\\/]app[\\/]lib[\\/]live[\\/](stream-client|backoff)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The live data's device side, read as the Demo list starts (the device's copy of the
            // list, the outbox, the IndexedDB helper): one file instead of four of 0.4 to 0.9 KB.
            // What a first screen already holds stays there.
            {
              name: 'live',
              test: (id: string) =>
                /src[\\/]app[\\/]lib[\\/]live[\\/]/.test(id) &&
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
                screensUsing(id).join() === 'demo' && (id === `${IONIC_COMPONENT}IonLabel` || isIonicFile(id, ionicSharedModules)),
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
          ],
        },
      },
    },
  },
  resolve: {
    // Tiptap (the console's article editor) imports React's CommonJS shim for a hook preact/compat
    // has: its ES module stand-ins keep CommonJS interop out of the Preact chunk every page loads.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/lib/react-shims/use-sync-external-store-with-selector.ts', import.meta.url)),
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/lib/react-shims/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    // In development the Fastify server answers the API and renders the site's pages.
    proxy: Object.fromEntries(
      ['/api', '/identity', '^/$', '/landing', '/about', '/team', '/support', '/sitemap.xml', '/robots.txt'].map((path) => [
        path,
        { target: `http://localhost:${serverPort}`, changeOrigin: false },
      ]),
    ),
  },
}));
