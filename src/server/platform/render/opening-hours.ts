/**
 * The site texts' opening hours ("Mon–Fri, 7am–7pm; Sat, 9am–1pm") as schema.org
 * OpeningHoursSpecification, so search engines can read them; null when any part is not a
 * day or days followed by two times (the text is then given as it is).
 */
export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** "mo", "mon", "monday", "tues", "thurs"...: the day's index from Monday, or undefined. */
function dayIndex(word: string): number | undefined {
  const name = word.trim().toLowerCase().replace(/\.$/, '');
  if (name.length < 2) return undefined;
  const index = DAYS.findIndex((day) => day.toLowerCase().startsWith(name));
  return index < 0 ? undefined : index;
}

const DASH = /\s*(?:[-–—]|\bto\b)\s*/;

/** "Mon–Fri", "Sat", "Mon, Wed & Fri": the days in order, or null. */
function daysOf(text: string): number[] | null {
  const days: number[] = [];
  for (const item of text.split(/\s*(?:,|&|\band\b)\s*/).filter((part) => part !== '')) {
    const ends = item.split(DASH);
    if (ends.length > 2) return null;
    const from = dayIndex(ends[0]!);
    const to = ends.length === 2 ? dayIndex(ends[1]!) : from;
    if (from === undefined || to === undefined) return null;
    // A range may pass Sunday (Fri–Mon).
    for (let day = from; ; day = (day + 1) % 7) {
      if (!days.includes(day)) days.push(day);
      if (day === to) break;
    }
  }
  return days.length > 0 ? days : null;
}

/** "7am", "7:30 pm", "19:00", "12pm" (noon): "HH:MM", or null. */
export function timeOf(text: string): string | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  const half = match[3]?.toLowerCase().replace(/\./g, '');
  if (half && (hours < 1 || hours > 12)) return null;
  if (!half && match[2] === undefined) return null;
  if (half === 'am' && hours === 12) hours = 0;
  if (half === 'pm' && hours !== 12) hours += 12;
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

function segmentOf(text: string): OpeningHoursSpecification | null {
  const firstDigit = text.search(/\d/);
  if (firstDigit <= 0) return null;
  const days = daysOf(text.slice(0, firstDigit).replace(/[\s,:]+$/, ''));
  const times = text.slice(firstDigit).split(DASH);
  if (!days || times.length !== 2) return null;
  const opens = timeOf(times[0]!);
  const closes = timeOf(times[1]!);
  // Hours past midnight are left to the text.
  if (!opens || !closes || closes <= opens) return null;
  return { '@type': 'OpeningHoursSpecification', dayOfWeek: days.map((day) => DAYS[day]!), opens, closes };
}

export function openingHoursSpecificationOf(text: string): OpeningHoursSpecification[] | null {
  const segments = text
    .split(/\s*[;\n]\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (segments.length === 0) return null;
  const specifications = segments.map(segmentOf);
  return specifications.every((specification) => specification !== null) ? (specifications as OpeningHoursSpecification[]) : null;
}
