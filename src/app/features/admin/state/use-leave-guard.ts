import { useAlert } from '../../../lib/use-alert';
import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

/** The part of the Navigation API (not yet in TypeScript's DOM types) the guard uses. */
type TraverseEvent = Event & {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { index: number; sameDocument: boolean };
};
type NavigationApi = EventTarget & { currentEntry: { index: number } | null };

type Navigator = {
  push: (...args: unknown[]) => void;
  replace: (...args: unknown[]) => void;
  go: (delta: number) => void;
};

/**
 * Asks "Leave without saving?" before an edit page with unsaved changes is left: closing or
 * reloading the tab (beforeunload), and every move inside the app (a link, the menu, the back
 * button, the browser's Back). react-router's useBlocker needs a data router and IonReactRouter
 * is a BrowserRouter, so the moves are caught where they all pass: the router's navigator
 * (push, replace, go) and, for the browser's Back and Forward, the Navigation API's `navigate`
 * event, cancelled before anything moves (docs/console.md).
 *
 * Why not popstate: BrowserRouter's history adds its popstate listener when the app starts, and
 * listeners on window run in the order they were added (capture or not), so the router, and
 * through it Ionic's outlet, sees the step to the list before this page can hide it; undoing it
 * with history.go then makes a second step the outlet animates, leaving the list shown at the
 * form's address (and the form, with what was typed, unmounted). A cancelled traversal fires no
 * popstate at all. Browsers without a cancellable traversal keep the popstate way as a fallback.
 *
 * Returns `allowNext`: the page's own move after a save (to the new item's address) is let through.
 */
export function useLeaveGuard(dirty: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as { navigator: Navigator };
  const presentAlert = useAlert();
  // Kept outside the effect: it must not start again (and forget a step it is undoing) when
  // the alert's function changes identity.
  const present = useRef(presentAlert);
  const undoing = useRef(false);
  const allowed = useRef(false);
  const asking = useRef(false);
  // The page's own address: a page kept mounted by the page stack guards only while it is shown.
  const ownPath = useRef(typeof window === 'undefined' ? '' : window.location.pathname);

  useEffect(() => {
    present.current = presentAlert;
  }, [presentAlert]);

  // In a layout effect, not a passive one: on Preact a passive effect runs after the next frame,
  // and a Back pressed in that frame after the first keystroke left without asking.
  useLayoutEffect(() => {
    if (!dirty) return;
    const guarding = () => !allowed.current && window.location.pathname === ownPath.current;

    const ask = (leave: () => void) => {
      if (asking.current) return;
      asking.current = true;
      void present.current({
        header: 'Leave without saving?',
        message: 'Your changes on this page are not saved. If you leave, they are lost.',
        buttons: [
          { text: 'Stay', role: 'cancel' },
          {
            text: 'Leave',
            role: 'destructive',
            handler: () => {
              allowed.current = true;
              leave();
            },
          },
        ],
        onDidDismiss: () => {
          asking.current = false;
        },
      });
    };

    const original = { push: navigator.push, replace: navigator.replace, go: navigator.go };
    const guarded: Navigator = {
      push: (...args) => (guarding() ? ask(() => original.push.apply(navigator, args)) : original.push.apply(navigator, args)),
      replace: (...args) => (guarding() ? ask(() => original.replace.apply(navigator, args)) : original.replace.apply(navigator, args)),
      go: (delta) => (guarding() && delta !== 0 ? ask(() => original.go.call(navigator, delta)) : original.go.call(navigator, delta)),
    };
    // The router's own navigator is the one place every in-app move passes; it is put back as it was.
    Object.assign(navigator, guarded);

    // The browser's Back or Forward, where the browser lets the page cancel it (it does once per
    // person's action, so a page cannot trap them): nothing moves, nothing for the router to see;
    // "Leave" makes the same step again, unguarded.
    const navigation = (window as unknown as { navigation?: NavigationApi }).navigation;
    const onNavigate = (event: Event) => {
      const traverse = event as TraverseEvent;
      if (traverse.navigationType !== 'traverse' || !traverse.cancelable || !guarding()) return;
      const from = navigation?.currentEntry?.index;
      const delta = from === undefined || from < 0 ? 0 : traverse.destination.index - from;
      if (delta === 0) return;
      event.preventDefault();
      ask(() => window.history.go(delta));
    };

    // The fallback, where a traversal cannot be cancelled: the address has already changed. Hide
    // the event from listeners added after this one, step back to this page, and ask.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? null;
    const onPop = (event: PopStateEvent) => {
      const next = (event.state as { idx?: number } | null)?.idx ?? null;
      if (undoing.current) {
        undoing.current = false;
        event.stopImmediatePropagation();
        return;
      }
      if (allowed.current || index === null || next === null || next === index) return;
      if (window.location.pathname === ownPath.current) return;
      event.stopImmediatePropagation();
      const delta = next - index;
      undoing.current = true;
      window.history.go(-delta);
      ask(() => window.history.go(delta));
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    navigation?.addEventListener('navigate', onNavigate);
    window.addEventListener('popstate', onPop, { capture: true });
    window.addEventListener('beforeunload', onUnload);
    return () => {
      Object.assign(navigator, original);
      navigation?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('popstate', onPop, { capture: true });
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, navigator]);

  return {
    /** Lets the next move through without asking (after a save). */
    allowNext: () => {
      allowed.current = true;
    },
  };
}
