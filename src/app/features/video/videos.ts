/**
 * The "year in review" videos shipped in public/videos (made by scripts/make-videos.sh). A plain
 * list rather than an API: the files are static assets that ship with the build.
 */
export interface YearVideo {
  year: number;
  title: string;
  summary: string;
}

export const YEAR_VIDEOS: readonly YearVideo[] = [
  { year: 2023, title: '2023 in review', summary: 'A second office and 1,200 support tickets closed.' },
  { year: 2024, title: '2024 in review', summary: 'Managed cloud backups and replies in under an hour.' },
  { year: 2025, title: '2025 in review', summary: 'Security training for every client and 98% satisfaction.' },
];

export const LATEST_YEAR = YEAR_VIDEOS.at(-1)!.year;

export function findVideo(year: string | undefined): YearVideo | undefined {
  if (!year || !/^\d{4}$/.test(year)) return undefined;
  return YEAR_VIDEOS.find((video) => video.year === Number(year));
}

export function videoFiles(year: number) {
  const base = `/videos/year-${year}`;
  return {
    webm: `${base}.webm`,
    mp4: `${base}.mp4`,
    poster: `${base}.jpg`,
    captions: `${base}.captions.vtt`,
    chapters: `${base}.chapters.vtt`,
  };
}

/** 75.4 -> "1:15". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
