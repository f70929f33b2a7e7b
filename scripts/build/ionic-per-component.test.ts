import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { surgeryError as expectedError } from './expect-surgery-error.ts';
import { barrelModule, componentModule, readIonicReact, rewriteRealModule } from './ionic-per-component.ts';

const require = createRequire(import.meta.url);
const file = require.resolve('@ionic/react').replace(/\\/g, '/');
const source = readFileSync(file, 'utf8');

/** The error of `pattern` over @ionic/react's module. */
const surgeryError = (pattern: string) => expectedError(pattern, '@ionic/react', file);
const readChanged = (changed: string) => () => readIonicReact(changed, file);

describe("reading the installed @ionic/react's module", () => {
  const shape = readIonicReact(source, file);

  it('finds every wrapper, overlay, hook, tabs component and routing component', () => {
    expect(shape.components.size).toBe(71);
    expect(shape.components.get('IonBadge')).toEqual({ tag: 'ion-badge', events: '{}' });
    expect([...shape.overlays.keys()].sort()).toEqual(['IonActionSheet', 'IonAlert', 'IonLoading', 'IonModal', 'IonPopover', 'IonToast']);
    expect(shape.hooks.get('useIonToast')).toMatchObject({ tag: 'ion-toast', controller: 'toastController' });
    expect(shape.hooks.size).toBe(6);
    expect([...shape.innerDefinitions.keys()].sort()).toEqual(['ion-tab-bar', 'ion-tab-button', 'ion-tabs']);
    expect(shape.routingComponents.size).toBe(7);
    expect(shape.routingComponents.get('IonItem')).toBe('ion-item:IonItem');
    // Every split wrapper but IonTab (drawn by IonTabs) is dead in the real module.
    expect(shape.splitTags.size).toBe(86);
    expect(shape.splitTags.has('ion-tab')).toBe(false);
    expect(shape.splitTags.has('ion-tabs')).toBe(true);
  });

  it('rewrites the real module and serves each split wrapper from a module of its own', () => {
    const real = rewriteRealModule(source, shape, file);
    expect(real).toContain('const IonNavInner = /*@__PURE__*/ createReactComponent(');
    expect(real).toContain('const IonNav = /*@__PURE__*/ createForwardRef(');
    expect(real).toContain("createReactComponent('ion-tabs', undefined, undefined, undefined)");
    expect(real).not.toContain("window.customElements.define('ion-tabs'");
    expect(real).toMatch(/export \{ createInlineOverlayComponent as __northwindInlineOverlay, .* \};\n$/);
    expect(barrelModule(shape, file).split('\n')).toHaveLength(1 + 71 + 6 + 6 + 7 + 3);
    expect(componentModule('IonBadge', shape, file)).toContain("createComponent({ tagName: 'ion-badge'");
    expect(componentModule('IonToast', shape, file)).toContain("__northwindInlineOverlay('ion-toast', defineCustomElement)");
    expect(componentModule('useIonToast', shape, file)).toContain("import('@ionic/core/components/ion-toast.js')");
    expect(componentModule('IonTabs', shape, file)).toContain("from '@ionic/core/components/ion-tabs.js';\ndefineCustomElement();");
    expect(componentModule('IonItem', shape, file)).toContain("__northwindRoutingComponent('ion-item', Element)");
    expect(componentModule('IonApp', shape, file)).toBeNull();
  });
});

describe('a changed @ionic/react stops the build, naming the pattern, the version and the file', () => {
  it('wrappers created by another call', () => {
    expect(readChanged(source.replaceAll('/*@__PURE__*/ createComponent({', '/*@__PURE__*/ createWrapper({'))).toThrow(
      surgeryError('wrapper'),
    );
  });

  it('an overlay fewer', () => {
    const changed = source.replace("createInlineOverlayComponent('ion-toast'", "createOverlay('ion-toast'");
    expect(readChanged(changed)).toThrow(surgeryError('inline overlay'));
  });

  it("a hook's controller call renamed", () => {
    expect(readChanged(source.replace("useController('IonToast'", "useToastController('IonToast'"))).toThrow(
      surgeryError('overlay hook call'),
    );
  });

  it('the tabs stand-in removed', () => {
    expect(readChanged(source.replace("window.customElements.define('ion-tabs', IonTabsElement);", ''))).toThrow(
      surgeryError('tabs stand-in'),
    );
  });

  it("IonNav's inner component renamed", () => {
    expect(readChanged(source.replace('const IonNavInner = ', 'const IonNavInside = '))).toThrow(surgeryError('IonNavInner'));
  });

  it("a routing component's element imported another way", () => {
    const changed = source.replace('import { IonItem as IonItem$1 }', 'import { IonItem$1 }');
    expect(readChanged(changed)).toThrow(surgeryError('routing element import'));
  });

  it('a split wrapper used by the real module itself', () => {
    expect(readChanged(`${source}\nconsole.log(IonBadge);\n`)).toThrow(surgeryError('live source'));
  });

  it('a piece to rewrite missing from the module the bundler hands over', () => {
    const shape = readIonicReact(source, file);
    expect(() => rewriteRealModule(source.replace('const IonNav = createForwardRef(', 'const IonNav = forwardRef('), shape, file)).toThrow(
      surgeryError('IonNav'),
    );
  });
});
