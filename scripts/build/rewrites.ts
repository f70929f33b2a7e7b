/**
 * The build's rewrites of Ionic's and the bundler's output, by the name BUILD_WITHOUT knows them
 * by: each can be left out of a build, only to measure what it buys (`npm run measure:rewrites`).
 */
export const REWRITES = {
  'per-component': 'one module per Ionic React wrapper, overlay hook and tab (ionic-per-component.ts)',
  'ion-icon': "ion-icon on @ionic/core's Stencil runtime, not ionicons' second one (ionic-per-component.ts)",
  icons: 'one module per ionicons icon (ionic-icons.ts)',
  'start-helpers': "the helpers ion-app and ion-router-outlet ask for at start, in the start's file (ionic-helpers.ts)",
  'field-helpers': "the helpers ion-toggle shares with ion-input, in the start's file (ionic-helpers.ts)",
  'shared-helpers': "ion-label's and ion-footer's helpers, in a file of their own (ionic-helpers.ts)",
  'side-effects': "@ionic/core's component modules declared free of side effects (vite.config.ts)",
} as const;

export type Rewrite = keyof typeof REWRITES;

/** Ionic's own: what IONIC_BASELINE=1 leaves out. */
export const IONIC_REWRITES: readonly Rewrite[] = [
  'per-component',
  'ion-icon',
  'icons',
  'side-effects',
  'start-helpers',
  'field-helpers',
  'shared-helpers',
];

/**
 * The rewrites a build leaves out, from BUILD_WITHOUT (names, comma-separated) and IONIC_BASELINE=1;
 * an unknown name is an error, so a misspelt measurement does not quietly measure today's build.
 */
export function rewritesLeftOut(env: Record<string, string | undefined>): Set<Rewrite> {
  const left = new Set<Rewrite>(env.IONIC_BASELINE === '1' ? IONIC_REWRITES : []);
  for (const name of (env.BUILD_WITHOUT ?? '').slice(0, 200).split(',')) {
    const trimmed = name.trim();
    if (!trimmed) continue;
    if (!(trimmed in REWRITES)) throw new Error(`BUILD_WITHOUT: no rewrite "${trimmed}" (${Object.keys(REWRITES).join(', ')})`);
    left.add(trimmed as Rewrite);
  }
  return left;
}
