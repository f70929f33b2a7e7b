import { IonContent, IonPage, IonSpinner, StackContext } from '@ionic/react';
import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { firstScreenDrawn } from '../lib/after-first-screen';
import { loadOnce } from '../lib/preloadable';
import './lazy-page.css';

/**
 * What the placeholder tells the outlet around it: nothing. Registered, the placeholder would
 * become the route's page: the outlet runs its entering transition on it and remembers that
 * transition, then takes the real page, a new element mounted when the chunk arrives, for a
 * repeat of it and never shows it (left at opacity 0, a blank screen; decision 0500).
 */
const NOT_IN_AN_OUTLET = { registerIonPage: () => undefined, isInOutlet: () => false };

/**
 * While a route's chunk loads: a page with a spinner that the outlet does not know of. The
 * outlet waits for the real page (and, after a moment, hides the one being left); the
 * placeholder lies over the outlet, transparent for that moment so a quick load does not flash
 * it (lazy-page.css).
 */
function LoadingPage() {
  return (
    <StackContext.Provider value={NOT_IN_AN_OUTLET}>
      <IonPage className="lazy-page-loading">
        <IonContent className="ion-padding ion-text-center">
          <IonSpinner aria-label="Loading" />
        </IonContent>
      </IonPage>
    </StackContext.Provider>
  );
}

/** Mounted with the page, so after it: tells the app its first screen is drawn. */
function Drawn() {
  useEffect(firstScreenDrawn, []);
  return null;
}

/** A route's page loaded on demand; `preload()` fetches it ahead (the module is fetched once). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * Wraps a route's page so it loads on demand as its own chunk (all routes load lazily),
 * in any outlet (the app's, the tabs', the console's). Once its code is in (through `preload()`
 * or a first render), the page renders at once, without a turn through the loading placeholder:
 * a tab page preloaded beside the tabs' shell is drawn in the shell's own render.
 * `pagesInside`: a shell around an outlet of lazy pages (the tabs); the page inside tells when
 * the first screen is drawn, so its hold on that signal (the Demo list's, until its rows) is in
 * place.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, { pagesInside = false } = {}): LazyPage {
  const page = loadOnce(() => load().then((module) => module.default));
  const Page: LazyExoticComponent<ComponentType> = lazy(() => page.preload().then((component) => ({ default: component })));
  function LazyRoute() {
    const Loaded = page.loaded();
    return (
      <Suspense fallback={<LoadingPage />}>
        {/* The same component every render (the page's module export), not one made here. */}
        {/* eslint-disable-next-line react-hooks/static-components */}
        {Loaded ? <Loaded /> : <Page />}
        {pagesInside ? null : <Drawn />}
      </Suspense>
    );
  }
  return Object.assign(LazyRoute, { preload: page.preload });
}
