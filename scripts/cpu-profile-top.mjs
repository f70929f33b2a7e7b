// The top entries of a V8 CPU profile (`node --cpu-prof`), by self time, as a share of the time
// the process was busy (idle left out).
//   node scripts/cpu-profile-top.mjs <file.cpuprofile> [entries=25] [skip seconds=3]
// The first seconds (start-up: loading modules, migrating, seeding) are left out by default.
import { readFileSync } from 'node:fs';

const [file, entries = '25', skipSeconds = '3'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [entries] [skip seconds]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const label = ({ functionName, url, lineNumber }) => {
  const where = url ? `${url.replace(/^.*\/node_modules\//, '').replace(/^.*\//, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const self = new Map();
let busy = 0;
let at = profile.startTime;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  at += delta;
  if (at - profile.startTime < Number(skipSeconds) * 1e6) return;
  const frame = nodes.get(id).callFrame;
  if (frame.functionName === '(idle)') return;
  busy += delta;
  const key = label(frame);
  self.set(key, (self.get(key) ?? 0) + delta);
});
console.log(`busy ${(busy / 1e6).toFixed(2)} s after the first ${skipSeconds} s; self time:`);
for (const [key, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(entries))) {
  console.log(`${((100 * time) / busy).toFixed(1).padStart(5)} %  ${key}`);
}
