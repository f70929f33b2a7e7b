import type { BestTimes } from '../../../../common/minesweeper/levels';
import { getItem, setItem } from '../../../lib/storage';

/** Best times per level, kept on this device. */
const KEY = 'minesweeperBestTimes';

export async function loadBestTimes(): Promise<BestTimes> {
  const stored = await getItem<BestTimes>(KEY);
  if (!stored || typeof stored !== 'object') return {};
  const result: BestTimes = {};
  for (const level of ['beginner', 'intermediate', 'expert'] as const) {
    const value = stored[level];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) result[level] = value;
  }
  return result;
}

export function saveBestTimes(best: BestTimes): Promise<void> {
  return setItem(KEY, best);
}
