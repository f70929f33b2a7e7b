/**
 * A small seeded pseudo-random generator (mulberry32). Boards must be reproducible from a seed
 * so tests, shared links (?seed=42) and bug reports replay the same game; Math.random cannot.
 */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh random seed for a new game when none was asked for. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
