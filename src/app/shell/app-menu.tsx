import { type ComponentType, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { afterFirstScreen } from '../lib/after-first-screen';
import { appMenuDisabledAt } from './menu-rules';

type Panel = ComponentType<{ disabled: boolean }>;
let panel: Panel | null = null;
let loading: Promise<boolean> | null = null;

/**
 * Loads the menu's element (ion-menu with its gesture and animations, 3.3 KB gzipped). A phone's
 * first screen does not draw it, so there it loads after that screen (decision 0546). On a wide
 * screen the split pane shows it beside the content: main.tsx waits for it before the first
 * render, or the content would be drawn full width and then pushed aside. Resolves false if the
 * file could not be had (a later call tries again).
 */
export function loadAppMenu(): Promise<boolean> {
  loading ??= import('./app-menu-panel').then(
    (module) => {
      panel = module.AppMenuPanel;
      return true;
    },
    () => {
      loading = null;
      return false;
    },
  );
  return loading;
}

/** The app's side menu. */
export function AppMenu() {
  const [Menu, setMenu] = useState<Panel | null>(() => panel);
  const disabled = appMenuDisabledAt(useLocation().pathname);

  useEffect(() => {
    if (Menu) return;
    let live = true;
    afterFirstScreen(() => void loadAppMenu().then((loaded) => live && loaded && setMenu(() => panel)));
    return () => {
      live = false;
    };
  }, [Menu]);

  return Menu ? <Menu disabled={disabled} /> : null;
}
