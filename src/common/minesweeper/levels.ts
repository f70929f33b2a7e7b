import { z } from 'zod';

export interface BoardSize {
  rows: number;
  cols: number;
  mines: number;
}

export type PresetLevel = 'beginner' | 'intermediate' | 'expert';
export type Level = PresetLevel | 'custom';

/** The classic presets: Expert is 30 wide and 16 tall. */
export const PRESETS: Record<PresetLevel, BoardSize & { label: string }> = {
  beginner: { label: 'Beginner', rows: 9, cols: 9, mines: 10 },
  intermediate: { label: 'Intermediate', rows: 16, cols: 16, mines: 40 },
  expert: { label: 'Expert', rows: 16, cols: 30, mines: 99 },
};

export const LEVELS: readonly Level[] = ['beginner', 'intermediate', 'expert', 'custom'];

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

export const CUSTOM_LIMITS = { minSide: 5, maxSide: 100 } as const;

/**
 * A custom board: sides 5 to 100, at least one mine, and room for the first click's safe
 * 3x3 neighbourhood (so the first reveal always opens an area).
 */
export const customBoardSchema = z
  .object({
    rows: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(CUSTOM_LIMITS.minSide, `must be at least ${CUSTOM_LIMITS.minSide}`)
      .max(CUSTOM_LIMITS.maxSide, `must be at most ${CUSTOM_LIMITS.maxSide}`),
    cols: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(CUSTOM_LIMITS.minSide, `must be at least ${CUSTOM_LIMITS.minSide}`)
      .max(CUSTOM_LIMITS.maxSide, `must be at most ${CUSTOM_LIMITS.maxSide}`),
    mines: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1'),
  })
  .superRefine((board, context) => {
    const max = maxMines(board.rows, board.cols);
    if (board.mines > max) context.addIssue({ code: 'custom', path: ['mines'], message: `must be at most ${max} for this size` });
  });

export function maxMines(rows: number, cols: number): number {
  return rows * cols - 9;
}

/** Field-level messages for a custom board, or the valid size. */
export function validateCustomBoard(input: {
  rows: number;
  cols: number;
  mines: number;
}): { ok: true; size: BoardSize } | { ok: false; errors: Partial<Record<keyof BoardSize, string>> } {
  const parsed = customBoardSchema.safeParse(input);
  if (parsed.success) return { ok: true, size: parsed.data };
  const errors: Partial<Record<keyof BoardSize, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'rows' || field === 'cols' || field === 'mines') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export type BestTimes = Partial<Record<PresetLevel, number>>;

/**
 * Records a win. Only preset levels keep best times: a custom board's difficulty varies too
 * much for a single record to mean anything.
 */
export function recordBestTime(best: BestTimes, level: Level, elapsedMs: number): { best: BestTimes; isRecord: boolean } {
  if (level === 'custom' || !Number.isFinite(elapsedMs) || elapsedMs < 0) return { best, isRecord: false };
  const previous = best[level];
  if (previous !== undefined && previous <= elapsedMs) return { best, isRecord: false };
  return { best: { ...best, [level]: elapsedMs }, isRecord: true };
}

/** 83_400 ms -> "1:23". */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
