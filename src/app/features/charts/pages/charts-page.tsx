import { IonButton, IonContent, IonIcon, IonPage, IonSelect, IonSelectOption } from '@ionic/react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
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
import { useMemo, useState } from 'react';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import { AppHeader } from '../../../shell/app-header';
import { useChartTheme } from '../chart-theme';
import { ChartCard } from '../components/chart-card';
import '../charts.css';
import { LoadStatus } from '../../../shell/load-status';
import { dailyChart, genreChart, genreChartLabel, trackChart } from '../state/chart-configs';
import { useChartsData } from '../state/use-charts-data';

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

const WINDOWS = [7, 30, 90] as const;

/** Charts and graphs of live data from the API, each with a table alternative. */
export default function ChartsPage() {
  const theme = useChartTheme();
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const { load, refresh: refreshData, retry } = useChartsData(days);
  const data = load.status === 'ready' ? load.data : null;
  const genres = useMemo(() => data && genreChart(data, theme), [data, theme]);
  const tracks = useMemo(() => data && trackChart(data, theme), [data, theme]);
  const daily = useMemo(() => data && dailyChart(data, theme), [data, theme]);

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
            <IonButton fill="clear" onClick={refreshData} aria-label="Refresh the data">
              <IonIcon slot="icon-only" icon={refresh} aria-hidden="true" />
            </IonButton>
          </div>
        </div>
        <LoadStatus state={load} loadingLabel="Loading the statistics" className="charts-state" onRetry={retry} />
        {data && genres && tracks && daily && (
          <div className="charts-grid">
            <ChartCard
              testId="chart-genres"
              title="Movies per genre"
              subtitle={`${data.genres.movies} movies in the demo list; a movie can have several genres.`}
              table={{ caption: 'Movies per genre', columns: ['Genre', 'Movies'], rows: data.genres.genres.map((g) => [g.label, g.count]) }}
            >
              <Bar data={genres.data} options={genres.options} aria-label={genreChartLabel(data.genres.genres)} />
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
                data={tracks.data}
                options={tracks.options}
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
                  data={daily.data}
                  options={daily.options}
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
