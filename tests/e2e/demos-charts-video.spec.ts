import type { Locator } from '@playwright/test';
import { expect, test, waitForIonicPage } from './support/fixtures';

interface LabelCount {
  label: string;
  count: number;
}
interface DaySeries {
  days: { date: string; count: number }[];
}

/** The rows of a chart card's table view, as text. */
async function tableRows(card: Locator) {
  await card.getByRole('button', { name: 'View as table' }).click();
  const table = card.getByRole('table');
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? '')));
}

/** The darkest and lightest opaque ink on a chart's canvas (its axis labels are the text). */
function canvasInk(canvas: Locator) {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d')!;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let darkest = 255 * 3;
    let lightest = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! < 200) continue;
      const sum = data[i]! + data[i + 1]! + data[i + 2]!;
      darkest = Math.min(darkest, sum);
      lightest = Math.max(lightest, sum);
    }
    return { darkest, lightest };
  });
}

test.describe('charts and graphs', () => {
  test('each chart renders from the API, its table shows the same numbers, and it follows the theme and the window', async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/charts-and-graphs');
    await waitForIonicPage(page);
    const cards = {
      genres: page.getByTestId('chart-genres'),
      tracks: page.getByTestId('chart-tracks'),
      daily: page.getByTestId('chart-daily'),
    };
    for (const card of Object.values(cards)) {
      const canvas = card.locator('canvas');
      await expect(canvas).toBeVisible();
      const box = await canvas.boundingBox();
      expect(box?.width).toBeGreaterThan(200);
      expect(box?.height).toBeGreaterThan(200);
    }

    const genres = (await (await request.get('/api/stats/movies-per-genre')).json()) as { genres: LabelCount[] };
    expect(genres.genres.length).toBeGreaterThan(3);
    expect(await tableRows(cards.genres)).toEqual(genres.genres.map((g) => [g.label, String(g.count)]));

    const tracks = (await (await request.get('/api/stats/activities-per-track')).json()) as { tracks: LabelCount[] };
    expect(await tableRows(cards.tracks)).toEqual(tracks.tracks.map((t) => [t.label, String(t.count)]));

    const movies = (await (await request.get('/api/stats/movies-added-per-day?days=30')).json()) as DaySeries;
    const support = (await (await request.get('/api/stats/support-messages-per-day?days=30')).json()) as DaySeries;
    expect(await tableRows(cards.daily)).toEqual(movies.days.map((d, i) => [d.date, String(d.count), String(support.days[i]!.count)]));

    // Back to the chart, whose axis labels are dark ink on the light theme and light on the dark one.
    await cards.genres.getByRole('button', { name: 'View as chart' }).click();
    const canvas = cards.genres.locator('canvas');
    await expect(canvas).toBeVisible();
    await expect.poll(async () => (await canvasInk(canvas)).darkest).toBeLessThan(200);
    await page.evaluate(() => {
      localStorage.setItem('darkMode', 'true');
      document.documentElement.classList.add('ion-palette-dark');
      window.dispatchEvent(new CustomEvent('themechange', { detail: { dark: true } }));
    });
    await expect.poll(async () => (await canvasInk(canvas)).lightest).toBeGreaterThan(600);

    // The chart stays inside the window when it narrows (Chart.js redraws it at the new size on
    // a later frame; until then the stylesheet keeps it in its card).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeLessThan(390);
  });
});

test.describe('video example', () => {
  test('plays with captions and chapters, links to the other years, and says when a year has no video', async ({ page }) => {
    await page.goto('/video-example/2024');
    await waitForIonicPage(page);
    await expect(page.getByRole('heading', { level: 1, name: '2024 in review' })).toBeVisible();
    const video = page.getByTestId('year-video');
    await expect(video).toHaveAttribute('poster', '/videos/year-2024.jpg');
    await expect(video.locator('track[kind="captions"]')).toHaveAttribute('src', '/videos/year-2024.captions.vtt');
    await expect(video.locator('track[kind="chapters"]')).toHaveAttribute('src', '/videos/year-2024.chapters.vtt');

    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.5);
    // The captions track is showing and has the opening line active.
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) => {
          const track = Array.from(element.textTracks).find((t) => t.kind === 'captions');
          return track && track.mode === 'showing' ? Array.from(track.activeCues ?? []).map((cue) => (cue as VTTCue).text) : [];
        }),
      )
      .toEqual(['2024 in review. Managed cloud backups launch.']);

    // A chapter button seeks.
    await page.getByRole('button', { name: /By the numbers/ }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole('button', { name: /By the numbers/ })).toHaveAttribute('aria-current', 'true');

    await page.getByRole('link', { name: '2023' }).click();
    await expect(page).toHaveURL(/\/video-example\/2023$/);
    await waitForIonicPage(page);
    await expect(page.getByRole('heading', { level: 1, name: '2023 in review' })).toBeVisible();

    // An address with a year that has no video says so and lists the years that have one.
    await page.goto('/video-example/1999');
    await waitForIonicPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'No video for 1999' })).toBeVisible();
    for (const year of ['2023', '2024', '2025']) await expect(page.getByRole('link', { name: year })).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
  });
});
