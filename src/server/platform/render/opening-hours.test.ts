import { describe, expect, it } from 'vitest';
import { openingHoursSpecificationOf, timeOf } from './opening-hours';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

describe('openingHoursSpecificationOf', () => {
  it('reads the site texts’ default and the usual ways of writing hours', () => {
    expect(openingHoursSpecificationOf('Mon–Fri, 7am–7pm')).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: WEEKDAYS, opens: '07:00', closes: '19:00' },
    ]);
    expect(openingHoursSpecificationOf('Mo-Sa 08:00-18:00')).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [...WEEKDAYS, 'Saturday'], opens: '08:00', closes: '18:00' },
    ]);
    expect(openingHoursSpecificationOf('Monday to Friday 8:30 am to 5 pm; Saturday, 9am-12pm')).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: WEEKDAYS, opens: '08:30', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '12:00' },
    ]);
    expect(openingHoursSpecificationOf('Mon, Wed & Fri 10:00–16:00')![0]!.dayOfWeek).toEqual(['Monday', 'Wednesday', 'Friday']);
    expect(openingHoursSpecificationOf('Fri–Mon 10:00–16:00')![0]!.dayOfWeek).toEqual(['Friday', 'Saturday', 'Sunday', 'Monday']);
  });

  it('gives null for anything it cannot read whole, so the text is kept as it is', () => {
    for (const text of [
      '',
      'By appointment',
      'Mon–Fri',
      '7am–7pm',
      'Mon–Fri, 7am–7pm; Sundays by appointment',
      'Mon–Fri 22:00–02:00',
      'Mn–Fr 9–5',
    ])
      expect(openingHoursSpecificationOf(text), text).toBeNull();
  });
});

describe('timeOf', () => {
  it('reads 12-hour and 24-hour times', () => {
    expect(timeOf('7am')).toBe('07:00');
    expect(timeOf('12pm')).toBe('12:00');
    expect(timeOf('12am')).toBe('00:00');
    expect(timeOf('7:30 p.m.')).toBe('19:30');
    expect(timeOf('19:00')).toBe('19:00');
    expect(timeOf('13pm')).toBeNull();
    expect(timeOf('9')).toBeNull();
    expect(timeOf('24:00')).toBeNull();
  });
});
