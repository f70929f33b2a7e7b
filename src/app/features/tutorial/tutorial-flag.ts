import { STORAGE_KEYS } from '../../../common/constants';
import { getItem, setItem } from '../../lib/storage';
import type { TutorialFlagSource } from './first-visit';

/**
 * Device storage holds the flag; localStorage keeps a copy that reads at once, so a returning
 * visitor's first screen does not wait for IndexedDB. Only "seen" is
 * copied: a missing copy (a visit before the copy existed, a test that writes device storage
 * alone) falls back to device storage.
 */
const SEEN_COPY = `northwind.${STORAGE_KEYS.hasSeenTutorial}`;

function rememberSeen(): void {
  try {
    localStorage.setItem(SEEN_COPY, 'true');
  } catch {
    // Storage refused (private mode, quota): device storage still holds the flag.
  }
}

export const tutorialFlag: TutorialFlagSource = {
  remembered() {
    try {
      return localStorage.getItem(SEEN_COPY) === 'true';
    } catch {
      return false;
    }
  },
  read: () => getItem<unknown>(STORAGE_KEYS.hasSeenTutorial),
};

/**
 * Shown: remembered whichever way the visitor arrived. (The side menu is off while the tutorial
 * shows: the menu follows the address, shell/menu-rules.ts.)
 */
export async function enterTutorial(): Promise<void> {
  rememberSeen();
  await setItem(STORAGE_KEYS.hasSeenTutorial, true);
}

/** Finishing (Skip or Continue): mark it done and seen. */
export async function finishTutorial(): Promise<void> {
  rememberSeen();
  await setItem(STORAGE_KEYS.didTutorial, true);
  await setItem(STORAGE_KEYS.hasSeenTutorial, true);
}
