import { describe, expect, it } from 'vitest';
import { findVideo, formatClock, videoFiles } from './videos';

describe('year videos', () => {
  it('finds a shipped year and nothing else', () => {
    expect(findVideo('2024')?.year).toBe(2024);
    expect(findVideo('1999')).toBeUndefined();
    expect(findVideo('2024abc')).toBeUndefined();
    expect(findVideo(undefined)).toBeUndefined();
  });

  it('names the files of a year', () => {
    expect(videoFiles(2023)).toEqual({
      webm: '/videos/year-2023.webm',
      mp4: '/videos/year-2023.mp4',
      poster: '/videos/year-2023.jpg',
      captions: '/videos/year-2023.captions.vtt',
      chapters: '/videos/year-2023.chapters.vtt',
    });
  });

  it('formats seconds as m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.4)).toBe('1:15');
  });
});
