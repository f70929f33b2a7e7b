// Measures the flood reveal of the largest empty area on a custom 100x100 board (the rules in
// src/common/minesweeper, bundled on the fly with esbuild) and prints the figures. One frame at
// 60 Hz is 16.7 ms; the reveal must fit in it with room left for React to paint.
//   node scripts/bench-minesweeper.mjs
import { build } from 'esbuild';

const bundle = await build({
  entryPoints: ['src/common/minesweeper/game.ts'],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
});
const { createGame, largestEmptyArea, reveal } = await import(
  `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`
);

const size = { rows: 100, cols: 100, mines: 1000 };
const RUNS = 200;
const times = [];
let cells = 0;
for (let seed = 1; seed <= RUNS; seed++) {
  // Place the mines with a first click, then time a fresh reveal of the largest empty area.
  const started = reveal(createGame(size, seed), 5050, 0).game;
  const area = largestEmptyArea(started);
  const fresh = { ...createGame(size, seed), mine: started.mine, adjacent: started.adjacent, status: 'playing' };
  const t0 = performance.now();
  const { revealed } = reveal(fresh, area.start, 0);
  times.push(performance.now() - t0);
  cells += revealed;
}
times.sort((a, b) => a - b);
const pick = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
console.log(`minesweeper 100x100, ${size.mines} mines, ${RUNS} boards: largest empty area reveal`);
console.log(`  cells revealed per move: ${Math.round(cells / RUNS)} on average`);
console.log(`  median ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${pick(1)} ms (one frame = 16.7 ms)`);
