/** Types of scripts/build/budgets.mjs, for the TypeScript that imports it. */
export interface AppBudget {
  readonly firstKb: number;
  readonly scripts: number;
  readonly wireKb: number;
  readonly lcpMs: number;
  readonly cls: number;
}
export interface SiteBudget {
  readonly jsKb: number;
  readonly cssKb: number;
  readonly lcpMs: number;
  readonly cls: number;
}
export const APP_BUDGET: AppBudget;
export const DEMO_LIST_BUDGET: AppBudget;
export const CONSOLE_BUDGET: AppBudget;
export const SITE_BUDGET: SiteBudget;
