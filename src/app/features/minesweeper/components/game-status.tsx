import { type Game, minesLeft } from '../../../../common/minesweeper/game';
import { formatDuration } from '../../../../common/minesweeper/levels';

/** Mines left, how the game stands, and its time. */
export function GameStatus({ game, elapsed, newRecord }: { game: Game; elapsed: number; newRecord: boolean }) {
  const over = game.status === 'won' || game.status === 'lost';
  return (
    <div className="ms-status">
      <div>
        <span className="ms-status__label">Mines left</span>
        <span className="ms-status__figure" data-testid="mines-left">
          {minesLeft(game)}
        </span>
      </div>
      <div className={`ms-result ${over ? `ms-result--${game.status}` : ''}`} data-testid="game-status">
        {game.status === 'ready' && 'Reveal any cell to start'}
        {game.status === 'playing' && 'Playing'}
        {game.status === 'won' && `You won in ${formatDuration(elapsed)}!${newRecord ? ' New best time!' : ''}`}
        {game.status === 'lost' && 'Boom! Game over'}
      </div>
      <div>
        <span className="ms-status__label">Time</span>
        <span className="ms-status__figure" data-testid="timer">
          <time dateTime={`PT${Math.floor(elapsed / 1000)}S`}>{formatDuration(elapsed)}</time>
        </span>
      </div>
    </div>
  );
}
