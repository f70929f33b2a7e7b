import { dayOf, hourOf, type Metric, OTHER } from './rules';

/** A page view ready to store (normalised, classified, hashed). */
export interface PendingView {
  kind: 'pageview';
  id: string;
  atMs: number;
  path: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: string;
  browser: string;
  os: string;
  screen: string | null;
  /** Null for a visitor who opted out (GPC/DNT): a view, never a visitor. */
  visitor: string | null;
}

/** One speed sample: milliseconds, or CLS × 1000. */
export interface PendingVital {
  kind: 'vital';
  id: string;
  atMs: number;
  path: string;
  device: string;
  metric: Metric;
  value: number;
}

/** A server-side event (a message sent, a sign-up...), with the page it belongs to. */
export interface PendingEvent {
  kind: 'event';
  id: string;
  atMs: number;
  name: string;
  path: string;
}

export type PendingItem = PendingView | PendingVital | PendingEvent;

/** Pure: the campaign key of a view ("source / medium / campaign"), or null without utm_*. */
export function campaignKey(view: Pick<PendingView, 'utmSource' | 'utmMedium' | 'utmCampaign'>): string | null {
  const parts = [view.utmSource, view.utmMedium, view.utmCampaign];
  if (parts.every((part) => part === null)) return null;
  return parts.map((part) => part ?? '-').join(' / ');
}

/** The capped dimensions (a flood of made-up values ends up under OTHER). */
export type CappedDimension = 'page' | 'referrer' | 'campaign';

/** Pure: the distinct capped keys a batch brings, per day and dimension. */
export function cappedKeysOf(items: readonly PendingItem[]): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  const add = (day: string, dimension: CappedDimension, key: string | null) => {
    if (key === null || key === OTHER) return;
    const id = `${day}|${dimension}`;
    let set = keys.get(id);
    if (!set) keys.set(id, (set = new Set()));
    set.add(key);
  };
  for (const item of items) {
    const day = dayOf(item.atMs);
    add(day, 'page', item.path);
    if (item.kind === 'pageview') {
      add(day, 'referrer', item.referrer);
      add(day, 'campaign', campaignKey(item));
    }
  }
  return keys;
}

/** Pure: the items with every key that is not allowed for its day replaced by OTHER. */
export function applyCaps(items: readonly PendingItem[], allowed: ReadonlyMap<string, ReadonlySet<string>>): PendingItem[] {
  const keep = (day: string, dimension: CappedDimension, key: string) =>
    key === OTHER || allowed.get(`${day}|${dimension}`)?.has(key) ? key : OTHER;
  return items.map((item) => {
    const day = dayOf(item.atMs);
    const path = keep(day, 'page', item.path);
    if (item.kind !== 'pageview') return { ...item, path };
    const campaign = campaignKey(item);
    const cappedCampaign = campaign === null ? null : keep(day, 'campaign', campaign);
    return {
      ...item,
      path,
      referrer: item.referrer === null ? null : keep(day, 'referrer', item.referrer),
      ...(cappedCampaign === OTHER ? { utmSource: OTHER, utmMedium: null, utmCampaign: null } : {}),
    };
  });
}

/** Pure: the "seen today" scopes of a view whose visitors are counted once per day. */
export function seenScopes(view: PendingView): string[] {
  const scopes = ['total', `page:${view.path}`];
  if (view.referrer) scopes.push(`ref:${view.referrer}`);
  const campaign = campaignKey(view);
  if (campaign) scopes.push(`cmp:${campaign}`);
  return scopes;
}

/** Pure: the key of one "seen" row. */
export const seenKey = (day: string, scope: string, visitor: string) => `${day}\u0000${scope}\u0000${visitor}`;

export interface RollupIncrement {
  period: string;
  dimension: string;
  key: string;
  pageviews: number;
  visitors: number;
}

export interface VitalIncrement {
  period: string;
  path: string;
  device: string;
  metric: string;
  bucket: number;
  count: number;
}

/**
 * Pure: the rollup increments of a batch. `firstSeen` holds the seen keys this batch added (the
 * visitor's first view of the day in that scope); each is credited to the first view that has it.
 */
export function rollupIncrements(
  items: readonly PendingItem[],
  firstSeen: ReadonlySet<string>,
  bucketOf: (value: number) => number,
): { hourly: RollupIncrement[]; daily: RollupIncrement[]; vitals: VitalIncrement[]; monthlyVitals: VitalIncrement[] } {
  const hourly = new Map<string, RollupIncrement>();
  const daily = new Map<string, RollupIncrement>();
  const vitals = new Map<string, VitalIncrement>();
  const monthlyVitals = new Map<string, VitalIncrement>();
  const credited = new Set<string>();
  const bump = (target: Map<string, RollupIncrement>, period: string, dimension: string, key: string, visitors: number) => {
    const id = `${period}\u0000${dimension}\u0000${key}`;
    const row = target.get(id) ?? { period, dimension, key, pageviews: 0, visitors: 0 };
    row.pageviews += 1;
    row.visitors += visitors;
    target.set(id, row);
  };
  const isNew = (day: string, scope: string, visitor: string | null): number => {
    if (visitor === null) return 0;
    const key = seenKey(day, scope, visitor);
    if (!firstSeen.has(key) || credited.has(key)) return 0;
    credited.add(key);
    return 1;
  };
  for (const item of items) {
    const day = dayOf(item.atMs);
    const hour = hourOf(item.atMs);
    const count = (dimension: string, key: string, visitors: number) => {
      bump(hourly, hour, dimension, key, visitors);
      bump(daily, day, dimension, key, visitors);
    };
    if (item.kind === 'event') {
      count('event', item.name, 0);
      count('event-page', `${item.name} ${item.path}`, 0);
    } else if (item.kind === 'vital') {
      const bucket = bucketOf(item.value);
      for (const [target, period] of [
        [vitals, day],
        [monthlyVitals, day.slice(0, 7)],
      ] as const) {
        const id = `${period}\u0000${item.path}\u0000${item.device}\u0000${item.metric}\u0000${bucket}`;
        const row = target.get(id) ?? { period, path: item.path, device: item.device, metric: item.metric, bucket, count: 0 };
        row.count += 1;
        target.set(id, row);
      }
    } else {
      const newVisitor = isNew(day, 'total', item.visitor);
      count('total', 'all', newVisitor);
      count('page', item.path, isNew(day, `page:${item.path}`, item.visitor));
      if (item.referrer) count('referrer', item.referrer, isNew(day, `ref:${item.referrer}`, item.visitor));
      const campaign = campaignKey(item);
      if (campaign) count('campaign', campaign, isNew(day, `cmp:${campaign}`, item.visitor));
      // A visitor's device, browser and system do not change within the day (they are in the hash).
      count('device', item.device, newVisitor);
      count('browser', item.browser, newVisitor);
      count('os', item.os, newVisitor);
      if (item.screen) count('screen', item.screen, newVisitor);
    }
  }
  return {
    hourly: [...hourly.values()],
    daily: [...daily.values()],
    vitals: [...vitals.values()],
    monthlyVitals: [...monthlyVitals.values()],
  };
}
