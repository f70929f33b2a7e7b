/**
 * The Daily Activities schedule as both faces see it, and the rules that narrow it down: search
 * by name (honouring the header's Case Sensitive toggle), a track filter and favourites.
 */
export interface ScheduleActivity {
  id: string;
  name: string;
  track: string;
  /** 'HH:MM', 24-hour clock, local to the event. */
  startTime: string;
  endTime: string;
  location: string;
  description: string;
  speaker: string | null;
}

export interface ScheduleTrack {
  name: string;
  /** A CSS colour readable as a marker on both light and dark backgrounds. */
  color: string;
  count: number;
}

export interface Schedule {
  activities: ScheduleActivity[];
  tracks: ScheduleTrack[];
}

export interface ScheduleFilter {
  query: string;
  caseSensitive: boolean;
  /** Tracks to hide; an empty set shows every track. */
  excludedTracks: ReadonlySet<string>;
  /** When set, only these activity ids are shown. */
  onlyIds?: ReadonlySet<string>;
}

/** Does the name contain the search text? Blank search matches everything. */
export function matchesQuery(name: string, query: string, caseSensitive: boolean): boolean {
  const needle = query.trim();
  if (needle === '') return true;
  return caseSensitive ? name.includes(needle) : name.toLocaleLowerCase().includes(needle.toLocaleLowerCase());
}

export function filterActivities(activities: readonly ScheduleActivity[], filter: ScheduleFilter): ScheduleActivity[] {
  return activities.filter(
    (activity) =>
      !filter.excludedTracks.has(activity.track) &&
      (!filter.onlyIds || filter.onlyIds.has(activity.id)) &&
      matchesQuery(activity.name, filter.query, filter.caseSensitive),
  );
}

export interface TimeGroup {
  time: string;
  activities: ScheduleActivity[];
}

/** Groups activities by start time, earliest first; within a slot by name. */
export function groupByStartTime(activities: readonly ScheduleActivity[]): TimeGroup[] {
  const groups = new Map<string, ScheduleActivity[]>();
  for (const activity of [...activities].sort((a, b) => a.startTime.localeCompare(b.startTime) || a.name.localeCompare(b.name))) {
    const group = groups.get(activity.startTime) ?? [];
    group.push(activity);
    groups.set(activity.startTime, group);
  }
  return [...groups].map(([time, list]) => ({ time, activities: list }));
}

/** '13:05' -> '1:05 PM' for people who read a 12-hour clock; the schedule data stays 24-hour. */
export function formatTime(time: string, hour12 = true): string {
  if (!hour12) return time;
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${suffix}`;
}
