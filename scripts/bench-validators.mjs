// Worst-case time of every request validator on hostile input of the largest size a request can
// carry (the 64 KB body limit) and of the largest size each rule accepts, against a normal input
// timed in the same run. Budget: 5 ms for the worst case of each; exits non-zero above it.
//   npm run bench:validators
import { build } from 'esbuild';

const entry = `
export { validateSupportMessage, idempotencyKeySchema } from './src/common/support-message';
export { newMovieSchema, validateMovieForm } from './src/common/movie-schema';
export { emailProblem, passwordProblem } from './src/common/identity-schemas';
export { looksLikeEmail } from './src/common/email-format';
export { isStorableText } from './src/common/text-rules';
export { safeNextPath } from './src/app/features/auth/next-path';
export { trimTrailingSlashes, isAppPath, isSitePath } from './src/common/routes';
export { isIssuedCsrfToken } from './src/server/platform/plugins/csrf-token';
`;
const bundle = await build({
  stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
});
const v = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);

const BODY = 64 * 1024 - 200; // what fits in one request body next to the other fields
const BUDGET_MS = 5;
const RUNS = 21;
const secret = Buffer.alloc(32, 7);

const hostileText = (n) => [
  'x'.repeat(n),
  `a@${'.'.repeat(n)}@`,
  `a@${'.'.repeat(n)}`,
  `${'@'.repeat(n)}`,
  `${' '.repeat(n)}a`,
  `${'\uD83D'.repeat(n)}`,
  `${'a\uD83D\uDE00'.repeat(Math.floor(n / 3))}\uD800`,
  `${'\u0000'.repeat(n)}`,
  `${'/'.repeat(n)}a`,
  `/${'./'.repeat(Math.floor(n / 2))}/evil.test`,
  `/${'%2e/'.repeat(Math.floor(n / 4))}/evil.test`,
  `${'e\u0301'.repeat(Math.floor(n / 2))}`,
];
const message = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Printer', message: 'The printer prints only blank pages.' };

/** name -> [normal input, hostile inputs] */
const cases = {
  'support message (JSON and form)': [
    () => v.validateSupportMessage(message),
    [
      ...hostileText(BODY).flatMap((text) =>
        ['name', 'email', 'subject', 'message'].map((field) => () => v.validateSupportMessage({ ...message, [field]: text })),
      ),
      () => v.validateSupportMessage({ ...message, email: `a@${'.'.repeat(250)}@` }),
      () => v.validateSupportMessage({ ...message, message: `${'a@.'.repeat(1666)}x` }),
    ],
  ],
  'Idempotency-Key': [
    () => v.idempotencyKeySchema.safeParse('0b6f0c0e-8d0e-4e3c-9d56-1c1b2c3d4e5f'),
    hostileText(BODY).map((text) => () => v.idempotencyKeySchema.safeParse(text)),
  ],
  'new movie (POST /api/movies)': [
    () => v.newMovieSchema.safeParse({ title: 'The Godfather', genres: ['Crime', 'Drama'] }),
    [
      ...hostileText(BODY).map((text) => () => v.newMovieSchema.safeParse({ title: text, genres: [text] })),
      () => v.newMovieSchema.safeParse({ title: 'x', genres: Array.from({ length: 2000 }, (_, i) => `g${i}`) }),
      () => v.newMovieSchema.safeParse({ title: 'e\u0301'.repeat(100), genres: Array.from({ length: 10 }, () => 'e\u0301'.repeat(20)) }),
    ],
  ],
  'identity email and password rules': [
    () => [v.emailProblem('ada@example.com'), v.passwordProblem('correct horse battery')],
    hostileText(BODY).flatMap((text) => [
      () => v.emailProblem(text),
      () => v.passwordProblem(text),
      () => v.emailProblem(text.slice(0, 254)),
    ]),
  ],
  'identity free text (storable check)': [
    () => v.isStorableText('Ada Lovelace'),
    hostileText(BODY).map((text) => () => v.isStorableText(text)),
  ],
  'email format': [
    () => v.looksLikeEmail('ada@example.com'),
    hostileText(BODY).map((text) => () => v.looksLikeEmail(text, Number.MAX_SAFE_INTEGER)),
  ],
  'login next (safeNextPath)': [
    () => v.safeNextPath('/app/tabs/home?x=1'),
    hostileText(BODY).map((text) => () => v.safeNextPath(`/${text}`)),
  ],
  'request path rules (trailing slashes, faces)': [
    () => v.isAppPath('/app/tabs/home'),
    hostileText(16 * 1024).flatMap((text) => [() => v.trimTrailingSlashes(text), () => v.isAppPath(text), () => v.isSitePath(text)]),
  ],
  'CSRF token check': [
    () => v.isIssuedCsrfToken(secret, 'abc.def'),
    hostileText(8 * 1024).map((text) => () => v.isIssuedCsrfToken(secret, `${text}.${text}`)),
  ],
};

function time(fn) {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/**
 * The time one input takes: the median of its runs, so a garbage collection or another process
 * taking the core does not pass for the validator's own cost. The worst case is then the
 * slowest input, and a backtracking pattern shows up there (seconds, not milliseconds).
 */
function typical(fn) {
  for (let i = 0; i < 3; i++) fn(); // JIT warm-up, as in a running server
  const times = Array.from({ length: RUNS }, () => time(fn)).sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)];
}

let failed = false;
console.log(`validator                                      normal (ms)   worst hostile (ms)   ratio   budget ${BUDGET_MS} ms`);
for (const [name, [normal, hostile]] of Object.entries(cases)) {
  const base = typical(normal);
  let max = 0;
  for (const fn of hostile) max = Math.max(max, typical(fn));
  const ok = max <= BUDGET_MS;
  if (!ok) failed = true;
  console.log(
    `${name.padEnd(46)} ${base.toFixed(4).padStart(11)}   ${max.toFixed(3).padStart(18)}   ${(max / Math.max(base, 0.0001)).toFixed(0).padStart(5)}x   ${ok ? 'ok' : 'OVER'}`,
  );
}
console.log(
  `(median of ${RUNS} runs per input after warm-up, slowest of ${Object.values(cases).reduce((n, [, h]) => n + h.length, 0)} hostile inputs up to ${BODY} characters)`,
);
if (failed) process.exit(1);
