import { STORAGE_KEYS } from '../../../common/constants';
import { getItem, setItem } from '../../lib/storage';
import { MENU_ID } from '../../shell/menu-id';

/** Same switch as the menu's Show Tutorial uses: the ion-menu element's disabled property. */
function setMenuEnabled(enabled: boolean): void {
  const menu = document.querySelector<HTMLIonMenuElement>(`ion-menu[menu-id="${MENU_ID}"]`);
  if (menu) menu.disabled = !enabled;
}

export function hasSeenTutorial(): Promise<unknown> {
  return getItem<unknown>(STORAGE_KEYS.hasSeenTutorial);
}

/** While the tutorial shows, the menu is off, whichever way the visitor arrived. */
export async function enterTutorial(): Promise<void> {
  setMenuEnabled(false);
  await setItem(STORAGE_KEYS.hasSeenTutorial, true);
}

/** Finishing (Skip or Continue): mark it done and seen, and give the menu back. */
export async function finishTutorial(): Promise<void> {
  await setItem(STORAGE_KEYS.didTutorial, true);
  await setItem(STORAGE_KEYS.hasSeenTutorial, true);
  setMenuEnabled(true);
}

/** Leaving without finishing (back button) must not strand the app without its menu. */
export function leaveTutorial(): void {
  setMenuEnabled(true);
}
