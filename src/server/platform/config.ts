import { hostname } from 'node:os';
import { z } from 'zod';
import { looksLikeEmail } from '../../common/email-format';
import { type IdentityProviderConfig, parseIdentityProviders, ProviderConfigError } from '../identity/index';
import { parseBackupInterval } from '../backup/index';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';
import { parseRequestLogPolicy } from './logging/request-log-policy';

/** Defaults of LIVE_STREAMS_PER_ADDRESS and LIVE_STREAMS_PER_ACCOUNT (docs/live-data.md). */
export const DEFAULT_STREAMS_PER_ADDRESS = 20;
export const DEFAULT_STREAMS_PER_ACCOUNT = 10;

/** The development key; production deployments set API_KEY. It is not a secret: clients receive it. */
export const DEVELOPMENT_API_KEY = 'dev-api-key-northwind';

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value), {
    message: 'must be sqlite:PATH, sqlite::memory: or postgres://user@host:port/database',
  });

/** A whole number of milliseconds from the environment, within bounds, with a default. */
const milliseconds = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(min, `must be between ${min} and ${max} milliseconds`)
    .max(max, `must be between ${min} and ${max} milliseconds`)
    .default(fallback);

/** Names this process in responses (X-Instance) and log lines; unique per process by default. */
export function defaultInstanceId(): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 48) || 'host';
  return `${host}-${process.pid}`;
}

const schema = z
  .object({
    PORT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    DATABASE_URL: databaseUrl.default('sqlite:./data/app.db'),
    /** PostgreSQL connections per instance (ignored for SQLite). */
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 200')
      .max(200, 'must be between 1 and 200')
      .default(10),
    /** Connect, query and statement timeout of the database (SQLite: how long to wait for a lock). */
    DATABASE_TIMEOUT_MS: milliseconds(5000, 100, 600_000),
    /** Connect and command timeout of Redis. */
    REDIS_TIMEOUT_MS: milliseconds(1000, 50, 60_000),
    /** After SIGTERM: how long readiness fails while requests are still served, before closing. */
    SHUTDOWN_DRAIN_MS: milliseconds(5000, 0, 600_000),
    /** After draining: how long in-flight requests may take before the process exits with code 1. */
    SHUTDOWN_TIMEOUT_MS: milliseconds(10_000, 100, 600_000),
    INSTANCE_ID: z
      .string()
      .trim()
      .max(64, 'must be at most 64 characters')
      .regex(/^[A-Za-z0-9._:-]*$/, 'may hold only letters, digits, ".", "_", ":" and "-"')
      .optional()
      .transform((value) => value || defaultInstanceId()),
    REDIS_URL: z
      .string()
      .trim()
      .regex(/^rediss?:\/\/.+/, 'must be redis://host:port')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SEED: z.enum(['demo', 'none'], { message: "must be 'demo' or 'none'" }).default('demo'),
    API_KEY: z.string().trim().min(8, 'must be at least 8 characters').default(DEVELOPMENT_API_KEY),
    AUTHORIZED_DOMAINS: z
      .string()
      .default('localhost,127.0.0.1')
      .transform((value) =>
        value
          .split(',')
          .map((domain) => domain.trim())
          .filter(Boolean),
      ),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/.+/, 'must be smtp://user:pass@host:port')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().default('Northwind Computer Services <no-reply@northwind.example>'),
    /** Who is told of each new Contact Us message: comma-separated addresses (none by default). */
    SUPPORT_INBOX_EMAIL: z
      .string()
      .default('')
      .transform((value, context) => {
        const addresses = value
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean);
        const bad = addresses.find((address) => !looksLikeEmail(address));
        if (bad !== undefined || addresses.length > 20) {
          context.addIssue({ code: 'custom', message: bad ? `"${bad.slice(0, 60)}" is not an email address` : 'at most 20 addresses' });
          return z.NEVER;
        }
        return addresses;
      }),
    /** The help desk's SMTP receiver for customers' answers (docs/help-desk.md); unset: no receiver. */
    INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    INBOUND_SMTP_HOST: z.string().trim().default('0.0.0.0'),
    /** The domain of the reply addresses (support+TOKEN@domain); its MX or forwarding leads to the receiver. */
    INBOUND_MAIL_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]{1,200}$/, 'must be a domain such as help.example.com')
      .default('reply.northwind.example'),
    /** The shared secret of the inbound-mail webhook (POST /api/inbound-mail); unset: the webhook is off. */
    INBOUND_MAIL_SECRET: z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The largest inbound mail accepted, in bytes (SMTP SIZE, webhook body limit). */
    INBOUND_MAIL_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(25_000_000),
    /**
     * How long one mail send may take to hand the whole mail to the server; then its SMTP session
     * is ended and the mail retried. A server that has the whole mail is waited for (identity/mailer.ts).
     */
    MAIL_TIMEOUT_MS: milliseconds(10_000, 100, 120_000),
    /** The first retry of a failed mail waits this long; each further one twice as long (at most 15 minutes). */
    MAIL_RETRY_BASE_MS: milliseconds(5000, 10, 600_000),
    /** How often each instance looks for mails due in the outbox. */
    MAIL_OUTBOX_POLL_MS: milliseconds(2000, 10, 600_000),
    /** A Contact Us form sent sooner than this after it was shown is taken for a robot (stored as spam). */
    CONTACT_MIN_FILL_MS: milliseconds(3000, 0, 600_000),
    /** Where the built client lives (index.html, assets/, ssr/). */
    DIST_DIR: z.string().default('dist'),
    /** Public origin used in canonical links, sitemap and mails; defaults to http://HOST:PORT. */
    PUBLIC_URL: z.string().url('must be a URL such as https://example.com').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Which requests get their one info line: all, errors, none or sample:RATE (docs/performance.md). */
    LOG_REQUESTS: z
      .string()
      .default('all')
      .transform((value, context) => {
        const policy = parseRequestLogPolicy(value);
        if (!policy) {
          context.addIssue({ code: 'custom', message: "must be 'all', 'errors', 'none' or 'sample:RATE' with 0 < RATE <= 1" });
          return z.NEVER;
        }
        return policy;
      }),
    /** Bearer token that GET /metrics requires; unset, there is no /metrics and nothing is counted. */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** Posts to the first-administrator page (/admin/setup) per client address and 15 minutes. */
    SETUP_LIMIT_PER_15_MIN: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(10),
    /** Per client address and hour: new accounts, and mails of the identity service (decision 0611). */
    SIGN_UP_LIMIT_PER_HOUR: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(20),
    MAIL_LIMIT_PER_HOUR: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(20),
    /** Open live streams (GET /api/changes) per client address and per account, on each instance (docs/live-data.md). */
    LIVE_STREAMS_PER_ADDRESS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(DEFAULT_STREAMS_PER_ADDRESS),
    LIVE_STREAMS_PER_ACCOUNT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(DEFAULT_STREAMS_PER_ACCOUNT),
    /**
     * The server's secret, never in the database: encrypts the private signing keys at rest
     * (AES-256-GCM, key derived with HKDF) and is half of Insights' daily visitor salt (the same
     * salt on every instance and across restarts, without one in the database or its backups).
     */
    KEY_ENCRYPTION_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Which X-Forwarded-For entries to believe: false, a number of proxy hops, or the proxies' addresses. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, context): TrustProxy => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** Where every build's hashed assets are kept for pages loaded before a rolling deploy. */
    ASSET_ARCHIVE_DIR: z
      .string()
      .trim()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Scheduled backups (src/server/backup): where, how often (`30m`, `6h`, `1d`), how many kept. */
    BACKUP_DIR: z
      .string()
      .trim()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    BACKUP_EVERY: z
      .string()
      .trim()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .refine((value) => value === undefined || parseBackupInterval(value) !== null, {
        message: 'must be a number of minutes, hours or days such as 30m, 6h or 1d',
      })
      .transform((value) => (value === undefined ? undefined : parseBackupInterval(value)!)),
    BACKUP_KEEP: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(7),
    /** Insights (docs/insights.md): `off` turns off counting, the beacon and the console page's data. */
    INSIGHTS: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
    /** Days the raw Insights events are kept (the hourly and daily rollups are kept for ever). */
    INSIGHTS_RAW_DAYS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 3650')
      .max(3650, 'must be between 1 and 3650')
      .default(30),
    /** How often each instance writes its counted views (the most a crash can lose). */
    INSIGHTS_FLUSH_MS: milliseconds(2000, 10, 60_000),
    /** Distinct pages (and referrers, campaigns) counted per day; the rest count as "(other)". */
    INSIGHTS_PAGES_PER_DAY: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(10, 'must be between 10 and 100000')
      .max(100_000, 'must be between 10 and 100000')
      .default(1000),
    /**
     * Counted Insights items (views, speed samples, events) an instance holds while the database
     * does not take them; beyond it new ones are dropped (counted in insights_dropped_items_total).
     */
    INSIGHTS_BUFFER_ITEMS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be between 100 and 1000000')
      .max(1_000_000, 'must be between 100 and 1000000')
      .default(50_000),
    /** Beacons per client address and minute. */
    INSIGHTS_BEACONS_PER_MINUTE: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(120),
  })
  .superRefine((config, context) => {
    if (config.BACKUP_EVERY === undefined) return;
    if (!config.BACKUP_DIR) context.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'must be set when BACKUP_EVERY is' });
    else if (config.DATABASE_URL === 'sqlite::memory:')
      context.addIssue({ code: 'custom', path: ['BACKUP_EVERY'], message: 'cannot back up an in-memory database' });
  });

export type Config = z.infer<typeof schema> & { publicUrl: string; identityProviders: IdentityProviderConfig[] };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once; the first problem becomes one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = issue.path.join('.') || 'environment';
    const value = env[variable];
    throw new ConfigError(`Invalid ${variable}${value === undefined ? '' : ` "${value}"`}: ${issue.message}`);
  }
  const config = result.data;
  let identityProviders: IdentityProviderConfig[];
  try {
    identityProviders = parseIdentityProviders(env.IDENTITY_PROVIDERS);
  } catch (error) {
    // Never the value: it holds client secrets.
    if (error instanceof ProviderConfigError) throw new ConfigError(`Invalid IDENTITY_PROVIDERS: ${error.message}`);
    throw error;
  }
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return { ...config, identityProviders, publicUrl: (config.PUBLIC_URL ?? `http://${host}:${config.PORT}`).replace(/\/$/, '') };
}
