import { describe, expect, it } from 'vitest';
import { filterActivities, formatTime, groupByStartTime, matchesQuery, type ScheduleActivity } from './schedule-filter';

const activity = (id: string, name: string, track: string, startTime: string): ScheduleActivity => ({
  id,
  name,
  track,
  startTime,
  endTime: '23:59',
  location: 'Room 1',
  description: '',
  speaker: null,
});

const ACTIVITIES = [
  activity('wifi', 'Wi-Fi Clinic', 'Networks', '11:15'),
  activity('backup', 'Backup Restore Drill', 'Security', '11:15'),
  activity('lunch', 'Lunch', 'Food', '12:00'),
  activity('react', 'Building This App with React and Ionic', 'Development', '11:15'),
  activity('mfa', 'Multi-Factor Sign-In Workshop', 'Security', '14:00'),
];
const none = new Set<string>();
const ids = (list: ScheduleActivity[]) => list.map((a) => a.id);

describe('search by name', () => {
  it('ignores case unless asked to respect it', () => {
    expect(matchesQuery('Wi-Fi Clinic', 'wi-fi', false)).toBe(true);
    expect(matchesQuery('Wi-Fi Clinic', 'wi-fi', true)).toBe(false);
    expect(matchesQuery('Wi-Fi Clinic', 'Wi-Fi', true)).toBe(true);
  });

  it('treats blank search as no search and trims the text', () => {
    expect(matchesQuery('Lunch', '   ', true)).toBe(true);
    expect(matchesQuery('Lunch', ' Lun ', true)).toBe(true);
  });

  it('gives different results for the same text with the toggle on and off', () => {
    expect(ids(filterActivities(ACTIVITIES, { query: 'app', caseSensitive: false, excludedTracks: none }))).toEqual(['react']);
    expect(ids(filterActivities(ACTIVITIES, { query: 'App', caseSensitive: true, excludedTracks: none }))).toEqual(['react']);
    expect(ids(filterActivities(ACTIVITIES, { query: 'app', caseSensitive: true, excludedTracks: none }))).toEqual([]);
    expect(ids(filterActivities(ACTIVITIES, { query: 'i', caseSensitive: false, excludedTracks: none }))).toHaveLength(4);
  });
});

describe('track filter and favourites', () => {
  it('hides the excluded tracks', () => {
    expect(ids(filterActivities(ACTIVITIES, { query: '', caseSensitive: false, excludedTracks: new Set(['Security', 'Food']) }))).toEqual([
      'wifi',
      'react',
    ]);
  });

  it('combines the track filter with the search', () => {
    expect(ids(filterActivities(ACTIVITIES, { query: 'shop', caseSensitive: false, excludedTracks: new Set(['Networks']) }))).toEqual([
      'mfa',
    ]);
    expect(ids(filterActivities(ACTIVITIES, { query: 'shop', caseSensitive: false, excludedTracks: new Set(['Security']) }))).toEqual([]);
  });

  it('shows only favourites when asked', () => {
    expect(
      ids(filterActivities(ACTIVITIES, { query: '', caseSensitive: false, excludedTracks: none, onlyIds: new Set(['lunch', 'mfa']) })),
    ).toEqual(['lunch', 'mfa']);
  });
});

describe('grouping by time', () => {
  it('groups by start time, earliest first, names sorted within a slot', () => {
    const groups = groupByStartTime(ACTIVITIES);
    expect(groups.map((g) => g.time)).toEqual(['11:15', '12:00', '14:00']);
    expect(ids(groups[0]!.activities)).toEqual(['backup', 'react', 'wifi']);
    expect(groupByStartTime([])).toEqual([]);
  });

  it('formats times on a 12-hour clock', () => {
    expect(formatTime('00:30')).toBe('12:30 AM');
    expect(formatTime('09:05')).toBe('9:05 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('17:45')).toBe('5:45 PM');
    expect(formatTime('17:45', false)).toBe('17:45');
  });
});
