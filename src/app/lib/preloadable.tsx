import { type ComponentType, lazy, Suspense } from 'react';

/**
 * Something loaded once, on demand: `preload()` starts the load or joins the one under way (a
 * load that failed is tried again by the next call), and `loaded()` is its value once it is in.
 * What lets a component loaded ahead render at once (`preloadable`, the pages of `lazyPage`, the
 * side menu's element).
 */
export function loadOnce<T>(load: () => Promise<T>): { preload: () => Promise<T>; loaded: () => T | null } {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (result) => {
        value = result;
        return result;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return { preload, loaded: () => value };
}

/**
 * A component whose code loads on demand, in its own chunk, with a `preload()` to fetch it
 * ahead of need (when an overlay is asked for, or with the page that shows it). Once loaded it
 * renders synchronously like any other component, so an overlay presented after `preload()`
 * resolves is complete when it appears; rendered before that, it suspends (renders nothing)
 * until its chunk arrives. See docs/decisions/0500.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  const { preload, loaded } = loadOnce(load);
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Loaded = loaded();
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component: Preloadable, preload };
}
