/**
 * One module per Ionic component wrapper, so each page's chunk carries the components it uses.
 *
 * @ionic/react defines all its component wrappers in one module; a bundler assigns whole modules
 * to chunks, so every component any lazy page uses (inputs, selects, cards...) lands in the
 * app's first chunk. This plugin gives our code a drop-in '@ionic/react' that re-exports the
 * real package but takes each plain wrapper from its own small module, built with the same
 * public Stencil runtime call (`createComponent`) and the same event map that @ionic/react
 * itself uses, read from its own source. The overlays, their hooks, the tabs and the routing
 * components get modules of their own too, over helpers the real module is made to export.
 * See docs/decisions/0500-first-screens.md.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { asBuildError, expectExactly, expectMatches, type Source, SurgeryError } from './surgery-error.ts';

/** Our '@ionic/react' and the prefix of its per-component modules. */
export const IONIC_BARREL = '\0northwind-ionic-react';
export const IONIC_COMPONENT = '\0northwind-ionic-component:';

/**
 * The elements whose wrappers `ionicPerComponentModules` serves from modules of their own and
 * that nothing else in @ionic/react uses (the start's walk does not follow its imports of them).
 */
export const ionicSplitTags = new Set<string>();

const WRAPPER =
  /const (Ion\w+) = \/\*@__PURE__\*\/ createComponent\(\{\s*tagName: '([a-z-]+)',\s*elementClass: [\w$]+,[^]*?events: (\{[^}]*\}),\s*defineCustomElement: [\w$]+\s*\}\);/g;
// Overlays (IonToast, IonModal...) and their hooks are one-liners over helpers private to the
// module; the real module is given extra exports so each overlay can live on its own too.
const INLINE_OVERLAY = /const (Ion\w+) = \/\*@__PURE__\*\/ createInlineOverlayComponent\('([a-z-]+)', [\w$]+(, true)?\);/g;
const OVERLAY_HOOK = /\nfunction (useIon(?:ActionSheet|Alert|Toast|Loading|Modal|Popover))\(([^)]*)\) \{\n([^]*?)\n\}\n/g;
const HOOK_CALL = /(useController|useOverlay)\('Ion\w+', (\w+Controller), ([\w$]+)/;
// The tabs (IonTabs, IonTabBar, IonTabButton) are classes of the real module around inner
// components that define their elements when the module runs: the elements came with every
// first screen though only the tabbed pages draw them. Their definition moves to a module of
// each component's own, run with the page that imports it (decision 0500).
const TABS_INNER = /createReactComponent\('(ion-tabs|ion-tab-bar|ion-tab-button)', undefined, undefined, ([\w$]+)\)/g;
const TABS_COMPONENTS = new Map([
  ['IonTabs', 'ion-tabs'],
  ['IonTabBar', 'ion-tab-bar'],
  ['IonTabButton', 'ion-tab-button'],
]);
// Ionic React registers a stand-in 'ion-tabs' element when none is defined yet; Ionic's own was
// always defined first (by the inner component, earlier in the module). With that definition
// moved, the stand-in must go, or it would win.
const TABS_STAND_IN =
  /if \(typeof window !== 'undefined' && window\.customElements\) \{\s*const element = window\.customElements\.get\('ion-tabs'\);\s*if \(!element\) \{\s*window\.customElements\.define\('ion-tabs', IonTabsElement\);\s*\}\s*\}/;
// The routing components (IonItem, IonButton, IonCard...) also live in the real module, so the
// element of each one any page used came with the first screen; each gets its own module too.
const ROUTING = /const (Ion\w+) = \/\*@__PURE__\*\/ createRoutingComponent\('([a-z-]+)', ([\w$]+)\);/g;
// IonNav's inner component is created (and ion-nav defined) when the module runs, so ion-nav
// loaded with every first screen; marked pure, it goes when nobody uses IonNav.
const NAV_INNER = 'const IonNavInner = createReactComponent(';
const NAV = 'const IonNav = createForwardRef(';

const escapeDollar = (name: string) => name.replace('$', '\\$');

/** What the plugin reads from @ionic/react's module. */
export interface IonicReactShape {
  components: Map<string, { tag: string; events: string }>;
  overlays: Map<string, { tag: string; delegate: boolean }>;
  hooks: Map<string, { params: string; body: string; tag: string; controller: string }>;
  innerDefinitions: Map<string, { tag: string; define: string }>;
  routingComponents: Map<string, string>;
  /** See `ionicSplitTags`. */
  splitTags: Set<string>;
}

// Fewer plain wrappers than this means the wrapper pattern lost most of them, not that Ionic
// dropped components.
const MIN_WRAPPERS = 50;
// Fewer routing components than Ionic React has long had means the pattern lost some.
const MIN_ROUTING = 7;

/**
 * Reads the wrappers, overlays, hooks, tabs and routing components from @ionic/react's module
 * (`file`, named in errors); throws a `SurgeryError` for any pattern that does not match.
 */
export function readIonicReact(source: string, file: string): IonicReactShape {
  const at: Source = { packageName: '@ionic/react', file };
  const components = new Map<string, { tag: string; events: string }>();
  for (const match of source.matchAll(WRAPPER)) components.set(match[1]!, { tag: match[2]!, events: match[3]! });
  expectMatches('wrapper', components.size, MIN_WRAPPERS, at);
  const overlays = new Map<string, { tag: string; delegate: boolean }>();
  for (const match of source.matchAll(INLINE_OVERLAY)) overlays.set(match[1]!, { tag: match[2]!, delegate: Boolean(match[3]) });
  expectExactly('inline overlay', overlays.size, 6, at);
  const hooks = readOverlayHooks(source, at);
  const innerDefinitions = new Map<string, { tag: string; define: string }>();
  for (const match of source.matchAll(TABS_INNER)) innerDefinitions.set(match[1]!, { tag: match[1]!, define: match[2]! });
  expectExactly('tabs inner component', innerDefinitions.size, TABS_COMPONENTS.size, at);
  expectExactly('tabs stand-in', TABS_STAND_IN.test(source) ? 1 : 0, 1, at);
  for (const [pattern, text] of [
    ['IonNavInner', NAV_INNER],
    ['IonNav', NAV],
  ] as const)
    expectExactly(pattern, source.split(text).length - 1, 1, at);
  const routingComponents = new Map<string, string>();
  for (const match of source.matchAll(ROUTING)) {
    const element = new RegExp(`import \\{ (\\w+) as ${escapeDollar(match[3]!)} \\} from '@ionic/core/components/${match[2]!}\\.js'`).exec(
      source,
    );
    if (!element) throw new SurgeryError('routing element import', '@ionic/react', file, `matched nothing for ${match[1]!}`);
    routingComponents.set(match[1]!, `${match[2]!}:${element[1]!}`);
  }
  expectMatches('routing component', routingComponents.size, MIN_ROUTING, at);
  const shape = { components, overlays, hooks, innerDefinitions, routingComponents, splitTags: new Set<string>() };
  shape.splitTags = deadSplitTags(source, shape, at);
  return shape;
}

/** The six overlay hooks (useIonToast...), each with its controller and its element's tag. */
function readOverlayHooks(source: string, at: Source): IonicReactShape['hooks'] {
  const hooks: IonicReactShape['hooks'] = new Map();
  for (const match of source.matchAll(OVERLAY_HOOK)) {
    const call = HOOK_CALL.exec(match[3]!);
    if (!call) throw new SurgeryError('overlay hook call', at.packageName, at.file, `matched nothing in ${match[1]!}`);
    const tagOf = new RegExp(
      `import \\{ defineCustomElement as ${escapeDollar(call[3]!)} \\} from '@ionic/core/components/(ion-[a-z-]+)\\.js'`,
    ).exec(source);
    if (!tagOf) throw new SurgeryError('overlay element import', at.packageName, at.file, `matched nothing for ${match[1]!}`);
    const body = match[3]!
      .replace(call[3]!, 'defineCustomElement')
      .replace(/\buseController\(/, '__northwindUseController(')
      .replace(/\buseOverlay\(/, '__northwindUseOverlay(');
    hooks.set(match[1]!, { params: match[2]!, body, tag: tagOf[1]!, controller: call[2]! });
  }
  expectExactly('overlay hook', hooks.size, 6, at);
  return hooks;
}

/** The split wrappers @ionic/react itself uses (IonTabs draws IonTab): their elements stay. */
const USED_BY_IONIC_REACT = new Set(['IonTab']);

/**
 * The elements whose wrapper the real module no longer needs (no other use than its definition
 * and export), so its import there is dead: the start's walk does not follow it.
 */
function deadSplitTags(source: string, shape: Omit<IonicReactShape, 'splitTags'>, at: Source): Set<string> {
  const liveSource = source.replace(/\/\*[^]*?\*\//g, '').replace(/^(?:export \{[^}]*\};?|import .*|\s*\/\/.*)$/gm, '');
  const uses = (name: string) => (liveSource.match(new RegExp(`(?<![\\w$'])${name}(?![\\w$'])`, 'g')) ?? []).length;
  const split = [
    ...[...shape.components].map(([name, { tag }]) => [name, tag] as const),
    ...[...shape.overlays].map(([name, { tag }]) => [name, tag] as const),
    ...[...shape.hooks].map(([name, { tag }]) => [name, tag] as const),
    ...[...shape.routingComponents].map(([name, value]) => [name, value.split(':')[0]!] as const),
  ];
  const tags = new Set<string>();
  for (const [name, tag] of split) {
    const count = uses(name);
    if (count === 0) throw new SurgeryError('live source', at.packageName, at.file, `lost the definition of ${name}`);
    if (count === 1) tags.add(tag);
    else if (!USED_BY_IONIC_REACT.has(name))
      throw new SurgeryError('live source', at.packageName, at.file, `finds ${name} used beyond its definition and export`);
  }
  for (const tag of TABS_COMPONENTS.values()) tags.add(tag);
  return tags;
}

/**
 * The real module, with the tabs' definitions and IonNav's made lazy and the overlay helpers
 * exported; throws when a piece to rewrite is not in `code` (read from `file`).
 */
export function rewriteRealModule(code: string, shape: IonicReactShape, file: string): string {
  const replaceOnce = (real: string, pattern: string, search: string | RegExp, replacement: string) => {
    const found = typeof search === 'string' ? real.split(search).length - 1 : (real.match(new RegExp(search, 'g')) ?? []).length;
    expectExactly(pattern, found, 1, { packageName: '@ionic/react', file });
    return real.replace(search, replacement);
  };
  let real = replaceOnce(code, 'tabs stand-in', TABS_STAND_IN, '');
  for (const { tag, define } of shape.innerDefinitions.values())
    real = replaceOnce(
      real,
      'tabs inner component',
      `createReactComponent('${tag}', undefined, undefined, ${define})`,
      `createReactComponent('${tag}', undefined, undefined, undefined)`,
    );
  real = replaceOnce(real, 'IonNavInner', NAV_INNER, 'const IonNavInner = /*@__PURE__*/ createReactComponent(');
  real = replaceOnce(real, 'IonNav', NAV, 'const IonNav = /*@__PURE__*/ createForwardRef(');
  return `${real}\nexport { createInlineOverlayComponent as __northwindInlineOverlay, createRoutingComponent as __northwindRoutingComponent, useController as __northwindUseController, useOverlay as __northwindUseOverlay };\n`;
}

/** Our '@ionic/react': the real one, with each split wrapper taken from its own module. */
export function barrelModule(shape: IonicReactShape, realEntry: string): string {
  const names = [
    ...shape.components.keys(),
    ...shape.overlays.keys(),
    ...shape.hooks.keys(),
    ...shape.routingComponents.keys(),
    ...TABS_COMPONENTS.keys(),
  ];
  return [
    `export * from ${JSON.stringify(realEntry)};`,
    ...names.map((name) => `export { ${name} } from ${JSON.stringify(IONIC_COMPONENT + name)};`),
  ].join('\n');
}

/** The module of wrapper `name`, or null when it is none of the split ones. */
export function componentModule(name: string, shape: IonicReactShape, realEntry: string): string | null {
  const real = JSON.stringify(realEntry);
  const overlay = shape.overlays.get(name);
  if (overlay) {
    return [
      `import { __northwindInlineOverlay } from ${real};`,
      `import { defineCustomElement } from '@ionic/core/components/${overlay.tag}.js';`,
      `export const ${name} = /*@__PURE__*/ __northwindInlineOverlay('${overlay.tag}', defineCustomElement${overlay.delegate ? ', true' : ''});`,
    ].join('\n');
  }
  const overlayHook = shape.hooks.get(name);
  if (overlayHook) {
    // The overlay's element (and its styles, gestures, inner components) loads when the
    // hook first presents, not with the page that calls the hook: the controller's create()
    // already waits for the element to be defined (docs/decisions/0500).
    return [
      "import { useCallback } from 'react';",
      `import { __northwindUseController, __northwindUseOverlay } from ${real};`,
      `import { ${overlayHook.controller} as realController } from '@ionic/core/components';`,
      'let defined;',
      `const define = () => (defined ??= import('@ionic/core/components/${overlayHook.tag}.js').then((module) => module.defineCustomElement()));`,
      `const ${overlayHook.controller} = Object.assign(Object.create(realController), { create: async (options) => { await define(); return realController.create(options); } });`,
      'const defineCustomElement = () => {};',
      `export function ${name}(${overlayHook.params}) {\n${overlayHook.body}\n}`,
    ].join('\n');
  }
  const tabsTag = TABS_COMPONENTS.get(name);
  if (tabsTag) {
    return [
      `import { ${name} as Component } from ${real};`,
      `import { defineCustomElement } from '@ionic/core/components/${tabsTag}.js';`,
      'defineCustomElement();',
      `export const ${name} = Component;`,
    ].join('\n');
  }
  const routingComponent = shape.routingComponents.get(name);
  if (routingComponent) {
    const [tag, element] = routingComponent.split(':');
    return [
      `import { __northwindRoutingComponent } from ${real};`,
      `import { ${element!} as Element } from '@ionic/core/components/${tag!}.js';`,
      `export const ${name} = /*@__PURE__*/ __northwindRoutingComponent('${tag!}', Element);`,
    ].join('\n');
  }
  const component = shape.components.get(name);
  if (!component) return null;
  return [
    "import React from 'react';",
    "import { createComponent } from '@stencil/react-output-target/runtime';",
    `import { ${name} as Element, defineCustomElement } from '@ionic/core/components/${component.tag}.js';`,
    `export const ${name} = /*@__PURE__*/ createComponent({ tagName: '${component.tag}', elementClass: Element, react: React, events: ${component.events}, defineCustomElement });`,
  ].join('\n');
}

export function ionicPerComponentModules({ ionIcon }: { ionIcon: boolean }): Plugin {
  const require = createRequire(import.meta.url);
  const realEntry = require.resolve('@ionic/react').replace(/\\/g, '/');
  let shape: IonicReactShape | undefined;
  // What must have happened by the end of the build, or the rewrite was quietly skipped.
  const seen = { barrel: false, realModule: false, ionIcon: !ionIcon };
  return {
    name: 'northwind-ionic-per-component-modules',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      shape = asBuildError(this, () => readIonicReact(readFileSync(realEntry, 'utf8'), realEntry));
      for (const tag of shape.splitTags) ionicSplitTags.add(tag);
    },
    resolveId(id, importer) {
      // Side-effect free like the wrappers they copy: a module nobody uses is dropped, and each
      // one used only by a lazy page goes into that page's chunk.
      if (id === '@ionic/react' && importer && !importer.includes('node_modules') && !importer.startsWith('\0')) {
        seen.barrel = true;
        return { id: IONIC_BARREL, moduleSideEffects: false };
      }
      if (id.startsWith(IONIC_COMPONENT)) return { id, moduleSideEffects: false };
      // Ionic React's IonIcon defines ion-icon from ionicons' own build, which brings a second
      // Stencil runtime to every first screen; @ionic/core ships the same element (same
      // properties) on the runtime the start already holds (decision 0500).
      if (ionIcon && id === 'ionicons/components/ion-icon.js' && importer?.replace(/\\/g, '/').includes('/@ionic/react/')) {
        seen.ionIcon = true;
        return this.resolve('@ionic/core/components/ion-icon.js', importer, { skipSelf: true });
      }
      return null;
    },
    transform(code, id) {
      if (id.replace(/\\/g, '/') !== realEntry) return null;
      seen.realModule = true;
      return { code: asBuildError(this, () => rewriteRealModule(code, shape!, realEntry)), map: null };
    },
    load(id) {
      if (id === IONIC_BARREL) return barrelModule(shape!, realEntry);
      if (id.startsWith(IONIC_COMPONENT)) return componentModule(id.slice(IONIC_COMPONENT.length), shape!, realEntry);
      return null;
    },
    buildEnd(error) {
      if (error) return;
      const missed = Object.entries(EXPECTED_STEPS).filter(([step]) => !seen[step as keyof typeof seen]);
      for (const [, [pattern, file]] of missed)
        this.error(new SurgeryError(pattern, '@ionic/react', file, 'matched nothing in the build').message);
    },
  };
}

/** The steps the build must have taken, by the pattern and the file each is matched against. */
const EXPECTED_STEPS = {
  barrel: ["'@ionic/react' import", 'our source files'],
  realModule: ['real module id', '@ionic/react/dist/index.js'],
  ionIcon: ['ion-icon import', '@ionic/react/dist/index.js'],
} as const;
