import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';

/** The development key; production deployments set API_KEY. It is not a secret: clients receive it. */
export const DEVELOPMENT_API_KEY = 'dev-api-key-northwind';

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value), {
    message: 'must be sqlite:PATH, sqlite::memory: or postgres://user@host:port/database',
  });

const schema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATABASE_URL: databaseUrl.default('sqlite:./data/app.db'),
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
  /** Where the built client lives (index.html, assets/, ssr/). */
  DIST_DIR: z.string().default('dist'),
  /** Public origin used in canonical links, sitemap and mails; defaults to http://HOST:PORT. */
  PUBLIC_URL: z.string().url('must be a URL such as https://example.com').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
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
  /** Encrypts the private signing keys at rest (AES-256-GCM, key derived with HKDF). */
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
});

export type Config = z.infer<typeof schema> & { publicUrl: string };

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
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return { ...config, publicUrl: (config.PUBLIC_URL ?? `http://${host}:${config.PORT}`).replace(/\/$/, '') };
}
