import type { ScheduleActivity, ScheduleTrack } from '../../common/schedule-filter';

/**
 * Marker colours of the known tracks, mid-tone so they read on light and dark backgrounds.
 * A track added later without a colour here still gets a stable one from the fallback palette.
 */
const TRACK_COLORS: Record<string, string> = {
  General: '#3b82f6',
  Security: '#ef4444',
  Cloud: '#06b6d4',
  Development: '#8b5cf6',
  Networks: '#22c55e',
  Food: '#f59e0b',
};
const FALLBACK = ['#ec4899', '#14b8a6', '#f97316', '#6366f1', '#84cc16', '#a855f7'];

export function trackColor(track: string): string {
  const known = TRACK_COLORS[track];
  if (known) return known;
  let hash = 0;
  for (const ch of track) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return FALLBACK[hash % FALLBACK.length]!;
}

/** The tracks present in a list of activities, by name, with their colour and size. */
export function tracksOf(activities: readonly ScheduleActivity[]): ScheduleTrack[] {
  const counts = new Map<string, number>();
  for (const activity of activities) counts.set(activity.track, (counts.get(activity.track) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, count]) => ({ name, color: trackColor(name), count }));
}
