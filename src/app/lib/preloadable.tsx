import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A component whose code loads on demand, in its own chunk, with a `preload()` to fetch it
 * ahead of need (when an overlay is asked for, or with the page that shows it). Once loaded it
 * renders synchronously like any other component, so an overlay presented after `preload()`
 * resolves is complete when it appears; rendered before that, it suspends (renders nothing)
 * until its chunk arrives. See docs/decisions/0510.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component: Preloadable, preload };
}
