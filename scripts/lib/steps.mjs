// Runs the steps of `npm test` and CI: each one timed, its tests counted from the runner's JSON
// report, and a table of all of them at the end. Steps may overlap (`parallel`), which is how
// CI uses both cores.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

// CI_REPORTS_DIR keeps the runners' JSON reports after the run (to count tests per engine, say).
const KEEP_REPORTS = Boolean(process.env.CI_REPORTS_DIR);
const REPORTS = process.env.CI_REPORTS_DIR || join(tmpdir(), `northwind-reports-${process.pid}`);

/** Where a step's runner writes its JSON report; the step's counts are read from it. */
export function reportFile(step) {
  mkdirSync(REPORTS, { recursive: true });
  return join(REPORTS, `${step.replace(/[^a-z0-9]+/gi, '-')}.json`);
}

/** Vitest's JSON report: counts per outcome. */
export function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    retried: [],
    slowest: slowestFiles((report.testResults ?? []).map((file) => [file.name, file.endTime - file.startTime])),
  };
}

/** The files that took longest, so a step that grew shows where. */
function slowestFiles(durations, count = 5) {
  const root = process.cwd();
  return durations
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name.startsWith(root) ? name.slice(root.length + 1) : name} ${(ms / 1000).toFixed(0)} s`);
}

/** Playwright's JSON report: counts per outcome, and every test that needed a retry. */
export function playwrightCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = { passed: 0, failed: 0, skipped: 0, retried: [], slowest: [] };
  const files = new Map();
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const outcome = test.status; // expected | unexpected | flaky | skipped
        if (outcome === 'skipped') counts.skipped++;
        else if (outcome === 'unexpected') counts.failed++;
        else counts.passed++;
        const file = spec.file ?? suite.file ?? '?';
        files.set(file, (files.get(file) ?? 0) + (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0));
        if ((test.results ?? []).length > 1) counts.retried.push([...titles, spec.title].filter(Boolean).join(' › '));
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  // Playwright's figure is the sum of the spec files' test times (its workers run side by side).
  counts.slowest = slowestFiles([...files]);
  return counts;
}

/**
 * CI_STEPS_FILE: a ledger the steps of several commands share (`.ci/run` runs `npm test` between
 * two parts of scripts/ci.mjs), so the last summary's table holds every step of the run.
 */
const LEDGER = process.env.CI_STEPS_FILE;
const results =
  LEDGER && existsSync(LEDGER)
    ? readFileSync(LEDGER, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
const earlier = results.length;

function format(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Runs one step: `command args` with its output passed through, prefixed when steps overlap.
 * `counts` reads the step's test counts from its report after it ends.
 */
export function runStep(name, command, args, { env = {}, cwd, counts, prefix = false } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, CI: process.env.CI ?? 'true', ...env },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) console.log(`[${name}] ${line}`);
        });
        stream.on('end', () => rest && console.log(`[${name}] ${rest}`));
      }
    }
    child.on('close', (code) => {
      const ms = Date.now() - started;
      let tests = null;
      try {
        tests = counts ? counts() : null;
      } catch {
        tests = null;
      }
      const ok = code === 0;
      results.push({ name, ms, ok, tests });
      console.log(`${ok ? '✔' : '✖'} ${name}: ${format(ms)}${tests ? ` (${tests.passed} passed, ${tests.failed} failed)` : ''}`);
      resolve(ok);
    });
  });
}

/** Runs steps at the same time; true when all passed. */
export async function parallel(...steps) {
  const outcomes = await Promise.all(steps.map((step) => step()));
  return outcomes.every(Boolean);
}

/** The table of steps, times and test counts, every retried test, and the summary line. */
let saved = false;

/** Adds this command's steps to the shared ledger (CI_STEPS_FILE), once. */
export function saveSteps() {
  if (!LEDGER || saved) return;
  saved = true;
  appendFileSync(
    LEDGER,
    results
      .slice(earlier)
      .map((result) => `${JSON.stringify(result)}\n`)
      .join(''),
  );
}

export function printSummary(startedAt) {
  saveSteps();
  // The run's own start when several commands share the ledger.
  if (process.env.CI_STARTED_AT) startedAt = Number(process.env.CI_STARTED_AT);
  const width = Math.max(...results.map((result) => result.name.length), 4);
  console.log(`\n${'step'.padEnd(width)}  time   tests`);
  for (const { name, ms, ok, tests } of results) {
    const count = tests ? `${tests.passed} passed, ${tests.failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}` : '';
    console.log(`${name.padEnd(width)}  ${format(ms).padStart(5)}  ${ok ? '' : 'FAILED '}${count}`);
  }
  console.log(`${'total (wall clock)'.padEnd(width)}  ${format(Date.now() - startedAt).padStart(5)}`);
  for (const { name, tests } of results) {
    if (tests?.slowest?.length) console.log(`  slowest in ${name}: ${tests.slowest.join(', ')}`);
  }
  const retried = results.flatMap((result) => (result.tests?.retried ?? []).map((title) => `${result.name}: ${title}`));
  if (retried.length > 0) {
    console.log(`\n⚠ ${retried.length} test(s) needed a retry (a defect to fix, not to retry):`);
    for (const title of retried) console.log(`  - ${title}`);
  } else {
    console.log('\nNo test needed a retry.');
  }
  const passed = results.reduce((sum, result) => sum + (result.tests?.passed ?? 0), 0);
  const failed = results.reduce((sum, result) => sum + (result.tests?.failed ?? 0), 0);
  const failedSteps = results.filter((result) => !result.ok).map((result) => result.name);
  console.log(`\n${passed} passed, ${failed} failed${failedSteps.length ? ` (failed steps: ${failedSteps.join(', ')})` : ''}`);
  if (!KEEP_REPORTS && existsSync(REPORTS)) rmSync(REPORTS, { recursive: true, force: true });
  return failedSteps.length === 0;
}
