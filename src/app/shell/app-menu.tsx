import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { afterFirstScreen } from '../lib/after-first-screen';
import { loadOnce } from '../lib/preloadable';
import { MENU_ID } from './menu-id';
import { appMenuDisabledAt } from './menu-rules';

const menuPanel = loadOnce(() => import('./app-menu-panel').then((module) => module.AppMenuPanel));
type Panel = NonNullable<ReturnType<typeof menuPanel.loaded>>;
const MENU_SELECTOR = `ion-menu[menu-id="${MENU_ID}"]`;
const DRAWN_LIMIT_MS = 10_000;
const whenLoaded = new Set<() => void>();

/**
 * Loads the menu's element (ion-menu with its gesture and animations, 3.3 KB gzipped). A phone's
 * first screen does not draw it, so there it loads after that screen (decision 0500). On a wide
 * screen the split pane shows it beside the content: main.tsx waits for it before the first
 * render, or the content would be drawn full width and then pushed aside. Resolves false if the
 * file could not be had (a later call tries again).
 */
export function loadAppMenu(): Promise<boolean> {
  return menuPanel.preload().then(
    () => {
      for (const show of whenLoaded) show();
      return true;
    },
    () => false,
  );
}

/**
 * Opens the app's menu once React has put it in the page and Stencil has drawn it. Ionic's elements
 * in this build have no `componentOnReady`; the `hydrated` class is Stencil's mark of a first
 * render, before which `open()` has no inner element to measure.
 */
async function openWhenDrawn(): Promise<void> {
  const until = Date.now() + DRAWN_LIMIT_MS;
  while (Date.now() < until) {
    const menu = document.querySelector<HTMLIonMenuElement>(MENU_SELECTOR);
    if (menu?.classList.contains('hydrated')) {
      await menu.open();
      return;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * A tap on the menu button before the menu is in the page (a phone's first second) loads it at once
 * and opens it when drawn; the button alone would do nothing. Listened for from the start, as this
 * module is evaluated, not from AppMenu's effect: a tap between the first paint and React's
 * effects was lost that way. Once the menu is in the page, the button opens it itself.
 */
function onTapBeforeMenu(event: Event): void {
  if (!(event.target instanceof Element) || !event.target.closest('ion-menu-button')) return;
  if (document.querySelector(MENU_SELECTOR)) return;
  void loadAppMenu().then((loaded) => (loaded ? openWhenDrawn() : undefined));
}
if (typeof document !== 'undefined') document.addEventListener('click', onTapBeforeMenu, true);

/** The app's side menu. */
export function AppMenu() {
  const [Menu, setMenu] = useState<Panel | null>(menuPanel.loaded);
  const disabled = appMenuDisabledAt(useLocation().pathname);

  useEffect(() => {
    if (Menu) return;
    const show = () => setMenu(() => menuPanel.loaded());
    whenLoaded.add(show);
    // Loaded between this render and its effect (a tap, or main.tsx on a wide screen).
    if (menuPanel.loaded()) show();
    else afterFirstScreen(() => void loadAppMenu());
    return () => {
      whenLoaded.delete(show);
    };
  }, [Menu]);

  return Menu ? <Menu disabled={disabled} /> : null;
}
