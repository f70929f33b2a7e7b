import { useState } from 'react';
import { type BoardSize, validateCustomBoard } from '../../../../common/minesweeper/levels';

export type CustomBoard = ReturnType<typeof useCustomBoard>;

/** The custom board's fields as typed (kept while another level is played) and their errors. */
export function useCustomBoard(initial: BoardSize) {
  const [draft, setDraft] = useState({ rows: String(initial.rows), cols: String(initial.cols), mines: String(initial.mines) });
  const [errors, setErrors] = useState<Partial<Record<keyof BoardSize, string>>>({});

  const setField = (field: keyof BoardSize, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  /** The board asked for, or null (and the errors shown) when the game's rules refuse it. */
  const check = (): BoardSize | null => {
    const checked = validateCustomBoard({ rows: Number(draft.rows), cols: Number(draft.cols), mines: Number(draft.mines) });
    if (!checked.ok) {
      setErrors(checked.errors);
      return null;
    }
    setErrors({});
    return checked.size;
  };

  return { draft, errors, setField, check };
}
