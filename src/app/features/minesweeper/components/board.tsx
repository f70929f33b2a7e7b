import { IonIcon } from '@ionic/react';
import { flag } from 'ionicons/icons';
import { type KeyboardEvent, memo, type PointerEvent, useCallback, useLayoutEffect, useRef } from 'react';
import { type CellView, cellView, type Game } from '../../../../common/minesweeper/game';

interface Props {
  game: Game;
  focused: number;
  onFocusChange: (index: number) => void;
  /** A click, tap, Enter or Space on a cell. */
  onActivate: (index: number) => void;
  /** Right-click, long-press or F. */
  onFlag: (index: number) => void;
}

const LONG_PRESS_MS = 450;

function describe(view: CellView): string {
  switch (view.kind) {
    case 'hidden':
      return 'hidden';
    case 'flagged':
      return view.wrong ? 'flagged, no mine here' : 'flagged';
    case 'open':
      return view.adjacent === 0 ? 'empty' : `${view.adjacent} ${view.adjacent === 1 ? 'mine' : 'mines'} nearby`;
    case 'mine':
      return view.exploded ? 'exploded mine' : 'mine';
  }
}

interface CellProps {
  index: number;
  row: number;
  col: number;
  kind: CellView['kind'];
  detail: number | boolean;
  label: string;
  tabbable: boolean;
  register: (index: number, element: HTMLDivElement | null) => void;
}

/** One cell; memoised on what it shows so a move re-renders only the cells it changed. */
const Cell = memo(function Cell({ index, row, col, kind, detail, label, tabbable, register }: CellProps) {
  const className = [
    'ms-cell',
    `ms-cell--${kind}`,
    kind === 'open' && typeof detail === 'number' && detail > 0 ? `ms-n${detail}` : '',
    kind === 'mine' && detail === true ? 'ms-cell--exploded' : '',
    kind === 'flagged' && detail === true ? 'ms-cell--wrong' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={(element) => register(index, element)}
      role="gridcell"
      aria-colindex={col + 1}
      aria-label={`Row ${row + 1}, column ${col + 1}: ${label}`}
      tabIndex={tabbable ? 0 : -1}
      className={className}
      data-index={index}
    >
      {kind === 'open' && typeof detail === 'number' && detail > 0 ? detail : null}
      {kind === 'flagged' ? <IonIcon icon={flag} aria-hidden="true" /> : null}
    </div>
  );
});

/**
 * The minefield as an ARIA grid with one tab stop (roving tabindex): arrows move, Home/End go
 * to the row's ends, Enter/Space reveal (or chord a number), F flags.
 */
export function Board({ game, focused, onFocusChange, onActivate, onFlag }: Props) {
  const cells = useRef(new Map<number, HTMLDivElement>());
  const keyboardMove = useRef(false);
  const press = useRef<{ timer: number; index: number; fired: boolean; touch: boolean } | null>(null);

  const register = useCallback((index: number, element: HTMLDivElement | null) => {
    if (element) cells.current.set(index, element);
    else cells.current.delete(index);
  }, []);

  // A layout effect: focus must follow the arrow key before the next key arrives, and a passive
  // effect may wait for the next frame (Preact) while a held key repeats.
  useLayoutEffect(() => {
    if (!keyboardMove.current) return;
    keyboardMove.current = false;
    cells.current.get(focused)?.focus();
  }, [focused]);

  const indexFrom = (target: EventTarget | null): number | null => {
    const cell = (target as HTMLElement | null)?.closest?.('[data-index]');
    return cell ? Number(cell.getAttribute('data-index')) : null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = Math.floor(focused / game.cols);
    const col = focused % game.cols;
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowUp':
        next = row > 0 ? focused - game.cols : focused;
        break;
      case 'ArrowDown':
        next = row < game.rows - 1 ? focused + game.cols : focused;
        break;
      case 'ArrowLeft':
        next = col > 0 ? focused - 1 : focused;
        break;
      case 'ArrowRight':
        next = col < game.cols - 1 ? focused + 1 : focused;
        break;
      case 'Home':
        next = event.ctrlKey ? 0 : row * game.cols;
        break;
      case 'End':
        next = event.ctrlKey ? game.rows * game.cols - 1 : row * game.cols + game.cols - 1;
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        onActivate(focused);
        return;
      case 'f':
      case 'F':
        event.preventDefault();
        onFlag(focused);
        return;
      default:
        return;
    }
    event.preventDefault();
    keyboardMove.current = true;
    onFocusChange(next);
  };

  const clearPress = () => {
    if (press.current) window.clearTimeout(press.current.timer);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const index = indexFrom(event.target);
    if (index === null || event.button !== 0) return;
    clearPress();
    const touch = event.pointerType !== 'mouse';
    press.current = {
      index,
      fired: false,
      touch,
      timer: window.setTimeout(() => {
        if (!press.current || !touch) return;
        press.current.fired = true;
        navigator.vibrate?.(30);
        onFlag(index);
      }, LONG_PRESS_MS),
    };
  };

  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    const index = indexFrom(event.target);
    clearPress();
    const longPressed = press.current?.fired && press.current.index === index;
    press.current = null;
    if (index === null || longPressed) return;
    onFocusChange(index);
    onActivate(index);
  };

  const onContextMenu = (event: React.MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    const index = indexFrom(event.target);
    // A touch long-press also fires contextmenu on some browsers; the timer already flagged.
    if (index === null || press.current?.touch) return;
    onFocusChange(index);
    onFlag(index);
  };

  const rows = [];
  for (let r = 0; r < game.rows; r++) {
    const cellsOfRow = [];
    for (let c = 0; c < game.cols; c++) {
      const index = r * game.cols + c;
      const view = cellView(game, index);
      const detail = view.kind === 'open' ? view.adjacent : view.kind === 'mine' ? view.exploded : view.kind === 'flagged' ? view.wrong : 0;
      cellsOfRow.push(
        <Cell
          key={index}
          index={index}
          row={r}
          col={c}
          kind={view.kind}
          detail={detail}
          label={describe(view)}
          tabbable={index === focused}
          register={register}
        />,
      );
    }
    rows.push(
      <div role="row" aria-rowindex={r + 1} className="ms-row" key={r}>
        {cellsOfRow}
      </div>,
    );
  }

  return (
    <div className="ms-board-scroll">
      <div
        role="grid"
        aria-label={`Minefield, ${game.rows} rows by ${game.cols} columns`}
        aria-rowcount={game.rows}
        aria-colcount={game.cols}
        className="ms-board"
        style={{ '--cols': game.cols } as React.CSSProperties}
        data-status={game.status}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onContextMenu={onContextMenu}
        onPointerDown={onPointerDown}
        onPointerUp={clearPress}
        onPointerCancel={clearPress}
        onPointerLeave={clearPress}
        onFocus={(event) => {
          const index = indexFrom(event.target);
          if (index !== null && index !== focused) onFocusChange(index);
        }}
      >
        {rows}
      </div>
    </div>
  );
}
