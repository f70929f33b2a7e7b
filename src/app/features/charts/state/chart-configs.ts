import type { ChartOptions } from 'chart.js';
import type { DaySeries, LabelCount } from '../api/types';
import { type ChartTheme, SERIES_COLORS } from '../chart-theme';

export interface ChartsData {
  genres: { movies: number; genres: LabelCount[] };
  tracks: (LabelCount & { color: string })[];
  movies: DaySeries;
  support: DaySeries;
}

function baseOptions(theme: ChartTheme): ChartOptions<'bar' | 'line' | 'doughnut'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 300 },
    color: theme.text,
    plugins: {
      legend: { labels: { color: theme.text, usePointStyle: true } },
      tooltip: {
        backgroundColor: theme.tooltipBackground,
        titleColor: theme.tooltipText,
        bodyColor: theme.tooltipText,
        borderColor: theme.grid,
        borderWidth: 1,
      },
    },
  };
}

function axes(theme: ChartTheme) {
  const axis = { ticks: { color: theme.text }, grid: { color: theme.grid }, border: { color: theme.grid } };
  return { x: axis, y: { ...axis, beginAtZero: true, ticks: { color: theme.text, precision: 0 } } };
}

/** '2026-03-02' -> 'Mar 2' in the reader's language. */
export const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Movies per genre: horizontal bars, every genre named. */
export function genreChart(data: ChartsData, theme: ChartTheme) {
  return {
    data: {
      labels: data.genres.genres.map((g) => g.label),
      datasets: [{ label: 'Movies', data: data.genres.genres.map((g) => g.count), backgroundColor: SERIES_COLORS[0], borderRadius: 4 }],
    },
    options: {
      ...baseOptions(theme),
      indexAxis: 'y' as const,
      scales: { x: { ...axes(theme).y }, y: { ...axes(theme).x, ticks: { color: theme.text, autoSkip: false } } },
    } as ChartOptions<'bar'>,
  };
}

/** Activities per track: a doughnut in each track's own colour, its legend on the right. */
export function trackChart(data: ChartsData, theme: ChartTheme) {
  const base = baseOptions(theme);
  return {
    data: {
      labels: data.tracks.map((t) => t.label),
      datasets: [
        {
          label: 'Activities',
          data: data.tracks.map((t) => t.count),
          backgroundColor: data.tracks.map((t) => t.color),
          borderColor: theme.dark ? '#1f2937' : '#ffffff',
          borderWidth: 2,
        },
      ],
    },
    options: {
      ...base,
      cutout: '55%',
      plugins: { ...base.plugins, legend: { ...base.plugins?.legend, position: 'right' as const } },
    } as ChartOptions<'doughnut'>,
  };
}

const dailySeries = (label: string, series: DaySeries, color: string) => ({
  label,
  data: series.days.map((d) => d.count),
  borderColor: color,
  backgroundColor: `${color}33`,
  fill: true,
  tension: 0.3,
  pointRadius: 2,
});

/** Movies added and support messages per day: two filled lines on one time axis. */
export function dailyChart(data: ChartsData, theme: ChartTheme) {
  return {
    data: {
      labels: data.movies.days.map((d) => dayLabel(d.date)),
      datasets: [
        dailySeries('Movies added', data.movies, SERIES_COLORS[0]),
        dailySeries('Support messages', data.support, SERIES_COLORS[1]),
      ],
    },
    options: {
      ...baseOptions(theme),
      interaction: { mode: 'index' as const, intersect: false },
      scales: axes(theme),
    } as ChartOptions<'line'>,
  };
}

/** What the genre chart says to a screen reader: the first three genres, and where the rest are. */
export function genreChartLabel(genres: readonly LabelCount[]): string {
  const first = genres
    .slice(0, 3)
    .map((g) => `${g.label}: ${g.count}`)
    .join(', ');
  return `Bar chart of movies per genre. ${first}${genres.length > 3 ? ', and more in the table view.' : '.'}`;
}
