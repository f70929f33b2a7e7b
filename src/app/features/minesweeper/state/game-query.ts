import { type BoardSize, isLevel, type Level, PRESETS, validateCustomBoard } from '../../../../common/minesweeper/levels';

export const DEFAULT_CUSTOM: BoardSize = { rows: 20, cols: 20, mines: 60 };

/** Reads ?level=beginner&seed=42 (and rows/cols/mines for custom) so a game can be replayed. */
export function fromQuery(search: string): { level: Level; custom: BoardSize; seed: number | null } {
  const params = new URLSearchParams(search);
  const levelParam = params.get('level');
  const level = isLevel(levelParam) ? levelParam : 'beginner';
  const seedParam = Number(params.get('seed'));
  const seed = params.has('seed') && Number.isInteger(seedParam) ? seedParam : null;
  const asked = {
    rows: Number(params.get('rows') ?? DEFAULT_CUSTOM.rows),
    cols: Number(params.get('cols') ?? DEFAULT_CUSTOM.cols),
    mines: Number(params.get('mines') ?? DEFAULT_CUSTOM.mines),
  };
  const checked = validateCustomBoard(asked);
  return { level, custom: checked.ok ? checked.size : DEFAULT_CUSTOM, seed };
}

export const sizeOf = (level: Level, custom: BoardSize): BoardSize => (level === 'custom' ? custom : PRESETS[level]);
