import { z } from 'zod';
import { type IdentityProviderConfig, parseIdentityProviders, ProviderConfigError } from './identity/federated/provider-config';

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
  /** Trust X-Forwarded-For from a reverse proxy (rate limits per client address). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
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
