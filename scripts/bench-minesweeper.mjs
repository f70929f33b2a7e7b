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
// Let the JIT compile the hot loop first, as it will have in a page that has been played on.
for (let seed = 1000; seed < 1020; seed++) reveal(createGame(size, seed), 5050, 0);
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

// The worst case for one move: a nearly empty board where the first click opens almost all of it.
const sparse = { rows: 100, cols: 100, mines: 10 };
const sparseTimes = [];
let sparseCells = 0;
for (let seed = 1; seed <= 50; seed++) {
  const t0 = performance.now();
  const { revealed } = reveal(createGame(sparse, seed), 5050, 0);
  sparseTimes.push(performance.now() - t0);
  sparseCells += revealed;
}
sparseTimes.sort((a, b) => a - b);
console.log(`minesweeper 100x100, ${sparse.mines} mines, 50 boards: first click (places mines and floods)`);
console.log(
  `  cells revealed: ${Math.round(sparseCells / 50)} on average; median ${sparseTimes[25].toFixed(3)} ms, p95 ${sparseTimes[47].toFixed(3)} ms`,
);
