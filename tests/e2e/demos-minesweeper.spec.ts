import type { Page } from '@playwright/test';
import { createGame, type Game, HIDDEN, reveal } from '../../src/common/minesweeper/game';
import { PRESETS } from '../../src/common/minesweeper/levels';
import { markTutorialSeen } from './demos-helpers';
import { expect, test, waitForIonicPage } from './support/fixtures';

// The page builds its board from the same pure rules and seed, so the test knows where the
// mines are without peeking into the page.
const SEED = 42;
const FIRST = 40; // row 5, column 5 of the 9x9 beginner board
const beginner = PRESETS.beginner;

/** The game as it stands after the first reveal, replayed with the rules. */
const afterFirstReveal = (): Game => reveal(createGame(beginner, SEED), FIRST, 0).game;

/** Moves the grid's focus from one cell to another with the arrow keys only. */
async function moveFocus(page: Page, from: number, to: number) {
  const dr = Math.floor(to / beginner.cols) - Math.floor(from / beginner.cols);
  const dc = (to % beginner.cols) - (from % beginner.cols);
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
  for (let i = 0; i < Math.abs(dc); i++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
  await expect(page.locator(`[role=gridcell][data-index="${to}"]`)).toBeFocused();
}

async function openGame(page: Page) {
  await markTutorialSeen(page);
  await page.goto(`/app/tabs/minesweeper?seed=${SEED}&level=beginner`);
  await waitForIonicPage(page);
  const grid = page.getByRole('grid', { name: 'Minefield, 9 rows by 9 columns' });
  await expect(grid.getByRole('gridcell')).toHaveCount(81);
  // One tab stop: the first cell; Tab reaches it from the controls above.
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  await grid.locator('[data-index="0"]').focus();
  await moveFocus(page, 0, FIRST);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('game-status')).toHaveText('Playing');
  return grid;
}

test.describe('Minesweeper', () => {
  test('a seeded game is won by keyboard alone', async ({ page }) => {
    const grid = await openGame(page);
    let model = afterFirstReveal();
    let at = FIRST;
    expect(await grid.locator('.ms-cell--open').count()).toBe(model.revealedCount);

    // Flag a mine with F: the counter and the live region follow.
    const mine = model.mine.indexOf(1);
    await moveFocus(page, at, mine);
    at = mine;
    await page.keyboard.press('f');
    await expect(page.getByTestId('mines-left')).toHaveText('9');
    await expect(page.getByTestId('announcer')).toHaveText('Flag placed. 9 mines left.');
    await expect(grid.locator(`[data-index="${mine}"]`)).toHaveAttribute('aria-label', /flagged$/);

    // Reveal every remaining safe cell, skipping those a flood already opened.
    for (let index = 0; index < model.state.length; index++) {
      if (model.mine[index] || model.state[index] !== HIDDEN) continue;
      await moveFocus(page, at, index);
      at = index;
      await page.keyboard.press(index % 2 ? 'Enter' : ' ');
      model = reveal(model, index, 0).game;
    }
    expect(model.status).toBe('won');
    await expect(page.getByTestId('game-status')).toHaveText(/^You won in \d+:\d\d!/);
    await expect(page.getByTestId('announcer')).toHaveText(/^You won in \d+:\d\d!/);
    await expect(page.getByTestId('mines-left')).toHaveText('0');
    await expect(grid.locator('.ms-cell--flagged')).toHaveCount(10);
    // The first win on this device is the best time.
    await expect(page.getByText(/^Beginner:/)).toContainText(/\d+:\d\d/);
  });

  test('by mouse: flags, a reveal, flag mode, a mine that ends the game, Play Again and a custom board', async ({ page }) => {
    await markTutorialSeen(page);
    await page.goto(`/app/tabs/minesweeper?seed=${SEED}&level=beginner`);
    await waitForIonicPage(page);
    const grid = page.getByRole('grid');
    await grid.locator('[data-index="0"]').click({ button: 'right' });
    await expect(page.getByTestId('mines-left')).toHaveText('9');
    await grid.locator('[data-index="0"]').click({ button: 'right' });
    await expect(page.getByTestId('mines-left')).toHaveText('10');
    await grid.locator(`[data-index="${FIRST}"]`).click();
    const model = afterFirstReveal();
    await expect(grid.locator('.ms-cell--open')).toHaveCount(model.revealedCount);

    // Flag mode: a click flags a hidden cell, a second click takes the flag off again.
    const flagMode = page.getByRole('switch', { name: 'Flag mode' });
    await flagMode.click();
    const hidden = grid.locator(`[data-index="${model.state.indexOf(HIDDEN)}"]`);
    await hidden.click();
    await expect(page.getByTestId('mines-left')).toHaveText('9');
    await hidden.click();
    await expect(page.getByTestId('mines-left')).toHaveText('10');
    await flagMode.click();

    // Revealing a mine loses and shows every mine; the board no longer changes.
    const mine = model.mine.indexOf(1);
    await grid.locator(`[data-index="${FIRST}"]`).focus();
    await moveFocus(page, FIRST, mine);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('game-status')).toHaveText('Boom! Game over');
    await expect(page.getByTestId('announcer')).toContainText('Game over');
    await expect(grid.locator('.ms-cell--exploded')).toHaveCount(1);
    await expect(grid.locator(`[data-index="${mine}"]`)).toHaveAttribute('aria-label', /exploded mine$/);
    await expect(grid.locator('.ms-cell--mine')).toHaveCount(beginner.mines);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('game-status')).toHaveText('Boom! Game over');
    await page.getByRole('button', { name: 'Play Again' }).click();
    await expect(page.getByTestId('game-status')).toHaveText('Reveal any cell to start');
    await expect(grid.locator('.ms-cell--hidden')).toHaveCount(81);

    // A custom board is checked before it starts.
    await page.locator('ion-select').click();
    await page.getByRole('radio', { name: 'Custom' }).click();
    const rows = page.locator('ion-input').filter({ hasText: 'Rows' }).locator('input');
    await rows.fill('4');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('Rows must be at least 5')).toBeVisible();
    await rows.fill('12');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('grid', { name: 'Minefield, 12 rows by 20 columns' })).toBeVisible();
  });
});
