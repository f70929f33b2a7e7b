import { isConsolePath } from '../../common/routes';

/**
 * Where the app's side menu is off: the staff console (it has a menu of its own) and the
 * tutorial (a first visit goes through it before anything else). Read from the address, so the
 * rule holds however the page was reached and whenever the menu's element is defined.
 */
export function appMenuDisabledAt(pathname: string): boolean {
  return isConsolePath(pathname) || pathname === '/tutorial';
}
