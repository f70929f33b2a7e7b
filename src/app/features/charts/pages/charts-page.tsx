import { IonButton, IonContent, IonIcon, IonPage, IonSelect, IonSelectOption } from '@ionic/react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { refresh } from 'ionicons/icons';
import { useEffect, useMemo, useState } from 'react';
import { onLive } from '../../../lib/live/index';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import { ApiError } from '../../../../common/api-error';
import { AppHeader } from '../../../shell/app-header';
import { getActivitiesPerTrack } from '../api/get-activities-per-track';
import { getMoviesAddedPerDay } from '../api/get-movies-added-per-day';
import { getMoviesPerGenre } from '../api/get-movies-per-genre';
import { getSupportMessagesPerDay } from '../api/get-support-messages-per-day';
import type { DaySeries, LabelCount } from '../api/types';
import { type ChartTheme, SERIES_COLORS, useChartTheme } from '../chart-theme';
import { ChartCard } from '../components/chart-card';
import '../charts.css';
import { LoadStatus } from '../../../shell/load-status';

// Only what these three charts use, so the chunk stays small (chart.js tree-shakes per part).
ChartJS.register(
  BarController,
  BarElement,
  DoughnutController,
  ArcElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
  Filler,
);

interface Data {
  genres: { movies: number; genres: LabelCount[] };
  tracks: (LabelCount & { color: string })[];
  movies: DaySeries;
  support: DaySeries;
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: Data };

const WINDOWS = [7, 30, 90] as const;

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
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Charts and graphs of live data from the API, each with a table alternative. */
export default function ChartsPage() {
  const theme = useChartTheme();
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  // A change to what the charts count (a movie or activity written anywhere) redraws them in place.
  const [liveTick, setLiveTick] = useState(0);
  useEffect(() => onLive('stats', () => setLiveTick((tick) => tick + 1)), []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const fresh = liveTick > 0;
    Promise.all([
      getMoviesPerGenre(signal, fresh),
      getActivitiesPerTrack(signal, fresh),
      getMoviesAddedPerDay(days, signal, fresh),
      getSupportMessagesPerDay(days, signal, fresh),
    ])
      .then(([genres, tracks, movies, support]) => setLoad({ status: 'ready', data: { genres, tracks: tracks.tracks, movies, support } }))
      .catch((error: unknown) => {
        if (signal.aborted) return;
        setLoad({ status: 'error', message: error instanceof ApiError ? error.message : 'The statistics could not be loaded.' });
      });
    return () => controller.abort();
  }, [days, attempt, liveTick]);

  const data = load.status === 'ready' ? load.data : null;
  const base = baseOptions(theme);

  const genreChart = useMemo(
    () =>
      data && {
        data: {
          labels: data.genres.genres.map((g) => g.label),
          datasets: [{ label: 'Movies', data: data.genres.genres.map((g) => g.count), backgroundColor: SERIES_COLORS[0], borderRadius: 4 }],
        },
        options: {
          ...base,
          indexAxis: 'y' as const,
          scales: { x: { ...axes(theme).y }, y: { ...axes(theme).x, ticks: { color: theme.text, autoSkip: false } } },
        } as ChartOptions<'bar'>,
      },
    [data, theme], // eslint-disable-line react-hooks/exhaustive-deps -- base derives from theme
  );

  const trackChart = useMemo(
    () =>
      data && {
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
      },
    [data, theme], // eslint-disable-line react-hooks/exhaustive-deps -- base derives from theme
  );

  const dailyChart = useMemo(
    () =>
      data && {
        data: {
          labels: data.movies.days.map((d) => dayLabel(d.date)),
          datasets: [
            {
              label: 'Movies added',
              data: data.movies.days.map((d) => d.count),
              borderColor: SERIES_COLORS[0],
              backgroundColor: `${SERIES_COLORS[0]}33`,
              fill: true,
              tension: 0.3,
              pointRadius: 2,
            },
            {
              label: 'Support messages',
              data: data.support.days.map((d) => d.count),
              borderColor: SERIES_COLORS[1],
              backgroundColor: `${SERIES_COLORS[1]}33`,
              fill: true,
              tension: 0.3,
              pointRadius: 2,
            },
          ],
        },
        options: { ...base, interaction: { mode: 'index' as const, intersect: false }, scales: axes(theme) } as ChartOptions<'line'>,
      },
    [data, theme], // eslint-disable-line react-hooks/exhaustive-deps -- base derives from theme
  );

  return (
    <IonPage>
      <AppHeader title="Charts and Graphs" defaultHref="/home" />
      <IonContent>
        <div className="charts-intro">
          <h1>Live statistics</h1>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <IonSelect
              label="Days"
              labelPlacement="start"
              interface="popover"
              value={days}
              onIonChange={(event) => setDays(Number(event.detail.value) as (typeof WINDOWS)[number])}
            >
              {WINDOWS.map((w) => (
                <IonSelectOption key={w} value={w}>
                  Last {w} days
                </IonSelectOption>
              ))}
            </IonSelect>
            <IonButton fill="clear" onClick={() => setAttempt((n) => n + 1)} aria-label="Refresh the data">
              <IonIcon slot="icon-only" icon={refresh} aria-hidden="true" />
            </IonButton>
          </div>
        </div>
        <LoadStatus
          state={load}
          loadingLabel="Loading the statistics"
          className="charts-state"
          onRetry={() => {
            setLoad({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
        {data && genreChart && trackChart && dailyChart && (
          <div className="charts-grid">
            <ChartCard
              testId="chart-genres"
              title="Movies per genre"
              subtitle={`${data.genres.movies} movies in the demo list; a movie can have several genres.`}
              table={{ caption: 'Movies per genre', columns: ['Genre', 'Movies'], rows: data.genres.genres.map((g) => [g.label, g.count]) }}
            >
              <Bar
                data={genreChart.data}
                options={genreChart.options}
                aria-label={`Bar chart of movies per genre. ${data.genres.genres
                  .slice(0, 3)
                  .map((g) => `${g.label}: ${g.count}`)
                  .join(', ')}${data.genres.genres.length > 3 ? ', and more in the table view.' : '.'}`}
              />
            </ChartCard>
            <ChartCard
              testId="chart-tracks"
              title="Activities per track"
              subtitle="How the Daily Activities schedule divides between its tracks."
              table={{
                caption: 'Activities per track',
                columns: ['Track', 'Activities'],
                rows: data.tracks.map((t) => [t.label, t.count]),
              }}
            >
              <Doughnut
                data={trackChart.data}
                options={trackChart.options}
                aria-label={`Doughnut chart of activities per track. ${data.tracks.map((t) => `${t.label}: ${t.count}`).join(', ')}.`}
              />
            </ChartCard>
            <div className="chart-card--wide">
              <ChartCard
                testId="chart-daily"
                title="Daily activity"
                subtitle={`Movies added and support messages received per day, last ${days} days (UTC).`}
                table={{
                  caption: `Per day, ${data.movies.from} to ${data.movies.to}`,
                  columns: ['Date', 'Movies added', 'Support messages'],
                  rows: data.movies.days.map((d, i) => [d.date, d.count, data.support.days[i]?.count ?? 0]),
                }}
              >
                <Line
                  data={dailyChart.data}
                  options={dailyChart.options}
                  aria-label={`Line chart over the last ${days} days: ${data.movies.total} movies added and ${data.support.total} support messages.`}
                />
              </ChartCard>
            </div>
          </div>
        )}
      </IonContent>
    </IonPage>
  );
}
