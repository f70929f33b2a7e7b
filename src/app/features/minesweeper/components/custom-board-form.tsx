import { IonButton, IonInput } from '@ionic/react';
import type { BoardSize } from '../../../../common/minesweeper/levels';
import type { CustomBoard } from '../state/use-custom-board';

const LABELS: Record<keyof BoardSize, string> = { rows: 'Rows', cols: 'Columns', mines: 'Mines' };

/** A custom board's rows, columns and mines: checked by the game's rules before it starts. */
export function CustomBoardForm({ board, onStart }: { board: CustomBoard; onStart: (size: BoardSize) => void }) {
  const { draft, errors } = board;
  const start = () => {
    const size = board.check();
    if (size) onStart(size);
  };

  return (
    <form
      className="ms-custom"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
    >
      {(['rows', 'cols', 'mines'] as const).map((field) => (
        <IonInput
          key={field}
          type="number"
          inputmode="numeric"
          fill="outline"
          label={LABELS[field]}
          labelPlacement="stacked"
          value={draft[field]}
          onIonInput={(event) => board.setField(field, String(event.detail.value ?? ''))}
          className={errors[field] ? 'ion-invalid ion-touched' : undefined}
          errorText={errors[field] ? `${LABELS[field]} ${errors[field]}` : undefined}
          min={field === 'mines' ? 1 : 5}
          max={field === 'mines' ? undefined : 100}
        />
      ))}
      <IonButton type="submit">Start</IonButton>
    </form>
  );
}
