import { IonButton, IonSegment, IonSegmentButton, IonLabel, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { rangeProblem } from '../../../../common/insights-range';
import type { InsightsNow, InsightsReport } from '../../../../common/insights-schemas';
import { fetchInsights } from '../api/insights/fetch-insights';
import { fetchInsightsNow } from '../api/insights/fetch-insights-now';
import { followInsights } from '../api/insights/insights-live';
import { ConsolePage } from '../components/console-page';
import { sentenceFor } from '../state/action-errors';
import {
  changeText,
  EVENT_NAMES,
  type FigureTableData,
  figureTables,
  fullSeries,
  type RangeName,
  rangeDays,
  seriesTable,
  toCsv,
} from '../state/insights-rules';
import '../insights.css';

/** One table of figures with a caption and a CSV download of the same rows. */
function FigureTable({ id, caption, header, rows }: FigureTableData) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `insights-${id}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="insights-table" aria-labelledby={`insights-${id}`}>
      <div className="insights-table__head">
        <h2 id={`insights-${id}`}>{caption}</h2>
        <IonButton size="small" fill="outline" onClick={download} disabled={rows.length === 0}>
          Download {caption} as CSV
        </IonButton>
      </div>
      {rows.length === 0 ? (
        <p>Nothing counted in this range.</p>
      ) : (
        // A wide table scrolls sideways on a phone: the region takes focus, so arrow keys scroll it.
        <div className="insights-scroll" role="region" aria-labelledby={`insights-${id}`} tabIndex={0}>
          <table>
            <thead>
              <tr>
                {header.map((name, index) => (
                  <th key={name} scope="col" className={index > 0 ? 'insights-num' : undefined}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, column) =>
                    column === 0 ? (
                      <th key={column} scope="row">
                        {value}
                      </th>
                    ) : (
                      <td key={column} className="insights-num">
                        {value ?? '–'}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Bars of the series, drawn with CSS; the same numbers are in the table below them. */
function SeriesChart({ report }: { report: InsightsReport }) {
  const [asTable, setAsTable] = useState(false);
  const series = fullSeries(report.series, report.from, report.to);
  const max = Math.max(1, ...series.map((row) => row.pageviews));
  // No views at all: the bars would be an empty box; the tables below say it in words too.
  if (report.pageviews === 0)
    return (
      <section aria-labelledby="insights-series">
        <h2 id="insights-series">Page views over time</h2>
        <p>Nothing counted in this range.</p>
      </section>
    );
  return (
    <section aria-labelledby="insights-series">
      <div className="insights-table__head">
        <h2 id="insights-series">Page views over time</h2>
        <IonButton size="small" fill="clear" onClick={() => setAsTable((value) => !value)} aria-pressed={asTable}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </IonButton>
      </div>
      {asTable ? (
        <FigureTable {...seriesTable(report)} />
      ) : (
        <div
          className="insights-bars"
          role="img"
          aria-label={`Page views per period, ${report.pageviews} in all; "Show as table" lists them.`}
        >
          {series.map((row) => (
            <span key={row.period} className="insights-bar" title={`${row.period}: ${row.pageviews} views`}>
              <span style={{ blockSize: `${(row.pageviews / max) * 100}%` }} />
            </span>
          ))}
        </div>
      )}
    </section>
  );
}

function Report({ report }: { report: InsightsReport }) {
  const { good } = report;
  return (
    <>
      <dl className="insights-totals">
        <div>
          <dt>Visitors</dt>
          <dd>
            {report.visitors} <small>{changeText(report.visitors, report.previous.visitors)} on the period before</small>
          </dd>
        </div>
        <div>
          <dt>Page views</dt>
          <dd>
            {report.pageviews} <small>{changeText(report.pageviews, report.previous.pageviews)} on the period before</small>
          </dd>
        </div>
        {report.events.map((event) => (
          <div key={event.name}>
            <dt>{EVENT_NAMES[event.name] ?? event.name}</dt>
            <dd>{event.count}</dd>
          </div>
        ))}
      </dl>
      <SeriesChart report={report} />
      {figureTables(report).map((table) => (
        <FigureTable key={table.id} {...table} />
      ))}
      <p className="insights-note">
        Speed figures cover {report.speedCovers.from} to {report.speedCovers.to}. Good speed: LCP up to {good.lcp} ms, INP up to {good.inp}{' '}
        ms, CLS up to {good.cls}, TTFB up to {good.ttfb} ms (75th percentile of real visits). Visitors are counted once per day; no cookie
        or device storage is used.
      </p>
    </>
  );
}

/** At most one read of "now" this often, however many instances announce counts. */
const NOW_READ_GAP_MS = 3_000;

function RightNow() {
  const [now, setNow] = useState<InsightsNow | null>(null);
  useEffect(() => {
    let active = true;
    let lastRead = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      lastRead = Date.now();
      fetchInsightsNow()
        .then((value) => active && setNow(value))
        .catch(() => undefined);
    };
    // Live: new page views were counted. A burst of notices becomes one read.
    const counted = () => {
      if (pending) return;
      pending = setTimeout(() => ((pending = undefined), read()), Math.max(0, lastRead + NOW_READ_GAP_MS - Date.now()));
    };
    read();
    const stop = followInsights(counted);
    // Visitors also leave the five-minute window with nothing announced: read again now and then.
    const timer = setInterval(read, 30_000);
    return () => {
      active = false;
      stop();
      clearTimeout(pending);
      clearInterval(timer);
    };
  }, []);
  return (
    <p className="insights-now" role="status">
      {now ? `${now.visitors} visitor${now.visitors === 1 ? '' : 's'} in the last ${now.minutes} minutes` : 'Reading visitors right now…'}
    </p>
  );
}

function Insights() {
  const [range, setRange] = useState<RangeName>('7d');
  // The page's "today" is the day it was opened.
  const [openedAt] = useState(() => Date.now());
  const [custom, setCustom] = useState(() => rangeDays('30d', openedAt));
  const days = range === 'custom' ? custom : rangeDays(range, openedAt);
  // Custom dates the server would refuse (a To before the From, over 400 days) are not asked for.
  const problem = range === 'custom' ? rangeProblem(custom.from, custom.to) : null;
  const [report, setReport] = useState<InsightsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (problem) return;
    let active = true;
    fetchInsights(days.from, days.to)
      .then((value) => {
        if (!active) return;
        setError(null);
        setReport(value);
      })
      .catch((failure: unknown) => active && setError(sentenceFor(failure)));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `problem` follows from the two days
  }, [days.from, days.to]);
  return (
    <div className="insights">
      <h1 className="manage-title">Insights</h1>
      <RightNow />
      <IonSegment value={range} onIonChange={(event) => setRange(String(event.detail.value) as RangeName)} aria-label="Range">
        {(
          [
            ['today', 'Today'],
            ['7d', '7 days'],
            ['30d', '30 days'],
            ['12m', '12 months'],
            ['custom', 'Custom'],
          ] as const
        ).map(([value, label]) => (
          <IonSegmentButton key={value} value={value}>
            <IonLabel>{label}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      {range === 'custom' && (
        <div className="insights-custom">
          <label>
            From{' '}
            <input
              type="date"
              value={custom.from}
              max={custom.to}
              onChange={(event) => event.target.value && setCustom({ ...custom, from: event.target.value })}
            />
          </label>
          <label>
            To{' '}
            <input
              type="date"
              value={custom.to}
              min={custom.from}
              onChange={(event) => event.target.value && setCustom({ ...custom, to: event.target.value })}
            />
          </label>
        </div>
      )}
      <p className="insights-range">
        {days.from === days.to ? days.from : `${days.from} to ${days.to}`} (UTC), compared with {report?.previous.from ?? '…'} to{' '}
        {report?.previous.to ?? '…'}
      </p>
      {problem ? (
        <p role="alert">{problem.sentence}</p>
      ) : error ? (
        <p role="alert">{error}</p>
      ) : report ? (
        <Report report={report} />
      ) : (
        <IonSpinner aria-label="Loading the figures" />
      )}
    </div>
  );
}

/** Staff: who visits, what they read, whether they get in touch, and how fast the pages are (docs/insights.md). */
export default function InsightsPage() {
  return <ConsolePage title="Insights">{() => <Insights />}</ConsolePage>;
}
