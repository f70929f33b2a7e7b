import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { afterFirstScreen } from '../lib/after-first-screen';
import { loadOnce } from '../lib/preloadable';
import { MENU_ID } from './menu-id';
import { appMenuDisabledAt } from './menu-rules';

const menuPanel = loadOnce(() => import('./app-menu-panel').then((module) => module.AppMenuPanel));
type Panel = NonNullable<ReturnType<typeof menuPanel.loaded>>;

/**
 * Loads the menu's element (ion-menu with its gesture and animations, 3.3 KB gzipped). A phone's
 * first screen does not draw it, so there it loads after that screen (decision 0546). On a wide
 * screen the split pane shows it beside the content: main.tsx waits for it before the first
 * render, or the content would be drawn full width and then pushed aside. Resolves false if the
 * file could not be had (a later call tries again).
 */
export function loadAppMenu(): Promise<boolean> {
  return menuPanel.preload().then(
    () => true,
    () => false,
  );
}

/** Opens the app's menu once its element is defined and drawn (a tap that came before it). */
async function openWhenReady(): Promise<void> {
  await customElements.whenDefined('ion-menu');
  for (let frame = 0; frame < 120; frame += 1) {
    const menu = document.querySelector<HTMLIonMenuElement>(`ion-menu[menu-id="${MENU_ID}"]`);
    if (menu) {
      await menu.componentOnReady();
      await menu.open();
      return;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/** The app's side menu. */
export function AppMenu() {
  const [Menu, setMenu] = useState<Panel | null>(menuPanel.loaded);
  const disabled = appMenuDisabledAt(useLocation().pathname);

  useEffect(() => {
    if (Menu) return;
    let live = true;
    const show = () => void loadAppMenu().then((loaded) => live && loaded && setMenu(() => menuPanel.loaded()));
    afterFirstScreen(show);
    // A tap on the menu button before then loads the menu at once and opens it when it is in.
    const tapped = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest('ion-menu-button')) return;
      show();
      void openWhenReady();
    };
    document.addEventListener('click', tapped, true);
    return () => {
      live = false;
      document.removeEventListener('click', tapped, true);
    };
  }, [Menu]);

  return Menu ? <Menu disabled={disabled} /> : null;
}
