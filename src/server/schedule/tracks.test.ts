import { describe, expect, it } from 'vitest';
import { trackColor, tracksOf } from './tracks';

describe('schedule tracks', () => {
  it('gives known tracks their colour and unknown ones a stable fallback', () => {
    expect(trackColor('Security')).toBe('#ef4444');
    expect(trackColor('Robotics')).toMatch(/^#[0-9a-f]{6}$/);
    expect(trackColor('Robotics')).toBe(trackColor('Robotics'));
  });

  it('lists the tracks of the activities by name with their counts', () => {
    const base = { id: '', name: '', startTime: '', endTime: '', location: '', description: '', speaker: null };
    expect(
      tracksOf([
        { ...base, track: 'Food' },
        { ...base, track: 'Cloud' },
        { ...base, track: 'Food' },
      ]),
    ).toEqual([
      { name: 'Cloud', color: '#06b6d4', count: 1 },
      { name: 'Food', color: '#f59e0b', count: 2 },
    ]);
  });
});
