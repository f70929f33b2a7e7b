import type { Kysely } from 'kysely';

/**
 * Insights (docs/insights.md): the day's salt, raw events kept a set number of days, hourly and
 * daily rollups kept for ever, speed histograms, and the day's "already seen" and "known key"
 * sets that make visitors count once per day and cap the distinct pages of a day.
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('insights_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('insights_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('device', 'text')
    .addColumn('browser', 'text')
    .addColumn('os', 'text')
    .addColumn('screen', 'text')
    .addColumn('visitor', 'text')
    .addColumn('value', 'integer')
    .execute();
  await db.schema.createIndex('insights_events_at_idx').on('insights_events').column('at').execute();

  for (const table of ['insights_hourly', 'insights_daily']) {
    await db.schema
      .createTable(table)
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('pageviews', 'integer', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['period', 'dimension', 'key'])
      .execute();
    // The dashboard reads one dimension over a range of periods.
    await db.schema.createIndex(`${table}_dimension_idx`).on(table).columns(['dimension', 'period']).execute();
  }

  // Speed histograms per day, and per month for long ranges (a month's rows are a 30th of its days').
  for (const table of ['insights_vitals_daily', 'insights_vitals_monthly'])
    await db.schema
      .createTable(table)
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('bucket', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['period', 'path', 'device', 'metric', 'bucket'])
      .execute();

  await db.schema
    .createTable('insights_day_seen')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('insights_day_seen_pk', ['day', 'scope', 'visitor'])
    .execute();

  await db.schema
    .createTable('insights_day_keys')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('insights_day_keys_pk', ['day', 'dimension', 'key'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'insights_day_keys',
    'insights_day_seen',
    'insights_vitals_monthly',
    'insights_vitals_daily',
    'insights_daily',
    'insights_hourly',
    'insights_events',
    'insights_salts',
  ])
    await db.schema.dropTable(table).execute();
}
