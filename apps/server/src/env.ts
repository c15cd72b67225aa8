import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/client-ip';
import { EVENT_BATCH_MAX_BYTES, EVENT_BATCH_MAX_EVENTS } from '@liveops/domain/analytics';

/**
 * The only module that reads process.env. Everything else receives a Config, so tests build their own.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  // One connection listens for other instances' changes: fewer than 3 would leave one for every request.
  DATABASE_POOL_MAX: z.coerce.number().int().min(3).max(1000).default(10),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('LiveOps Dashboard <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_TEST_ISSUER: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (typeof trust === 'string') {
        ctx.addIssue({ code: 'custom', message: trust });
        return z.NEVER;
      }
      return trust;
    }),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(10),
  MAX_GAMES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(100),
  MAX_STORAGE_BYTES_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(Number.MAX_SAFE_INTEGER)
    .default(500 * 1024 * 1024),
  MAX_RELEASE_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(Number.MAX_SAFE_INTEGER)
    .default(100 * 1024 * 1024),
  WEB_DIST_DIR: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // The player runtime's limits (decision 034): requests per player per minute, and per SDK key per second.
  RUNTIME_PLAYER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  RUNTIME_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(5000),
  // Per client address (decision 057, behind TRUST_PROXY): /v1 requests per minute, charged before the game's
  // budget, and sessions (new players and sign-ins) per minute.
  RUNTIME_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000_000).default(6000),
  RUNTIME_ADDRESS_SESSION_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(300),
  // Raw analytics events one player may store (decision 057), by count and by bytes, per minute and per UTC day.
  RUNTIME_PLAYER_EVENTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(EVENT_BATCH_MAX_EVENTS, `must be at least ${EVENT_BATCH_MAX_EVENTS}, one full batch`)
    .max(100_000_000)
    .default(600),
  RUNTIME_PLAYER_EVENT_BYTES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(EVENT_BATCH_MAX_BYTES, `must be at least ${EVENT_BATCH_MAX_BYTES}, one full batch`)
    .max(10_000_000_000)
    .default(512 * 1024),
  RUNTIME_PLAYER_EVENTS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000_000).default(20_000),
  RUNTIME_PLAYER_EVENT_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000_000_000)
    .default(16 * 1024 * 1024),
  // Days raw analytics events are kept (decision 044); the daily rollups the Analytics tab reads are kept for good.
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(2).max(3660).default(90),
});

export type S3Config = {
  bucket: string;
  endpoint: string | null;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  publicUrl: string | null;
};

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  /** The PostgreSQL pool's size per instance (DATABASE_POOL_MAX); unused on PGlite. */
  databasePoolMax: number;
  authSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; testIssuer: string | null } | null;
  /** Which proxies report the client's address in X-Forwarded-For (decision 024). */
  trustProxy: TrustProxy;
  authRateLimitMax: number;
  /** Games one account may hold, staging copies included (decision 032). */
  maxGamesPerAccount: number;
  /** Bytes of asset images one account may store (decision 032); published packs are made from them. */
  maxStorageBytesPerAccount: number;
  /** Bytes one release (a publish) may write: its pages, config.json files and image copies (decision 032). */
  maxReleaseBytes: number;
  webDistDir: string | null;
  s3: S3Config | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** On SIGTERM, how long requests in flight may take to finish before they are cut (decision 025). */
  drainTimeoutMs: number;
  /**
   * The player runtime's rate limits (decisions 034, 057), in the shape of runtime/rate-limits.ts's RuntimeLimits:
   * written out here because env.ts, like all shared infrastructure, never imports an area.
   */
  runtimeLimits: {
    perPlayer: RateBudget;
    perKey: RateBudget;
    perAddress: RateBudget;
    sessionsPerAddress: RateBudget;
    playerEvents: { perMinute: RateBudget; bytesPerMinute: RateBudget; perDay: RateBudget; bytesPerDay: RateBudget };
  };
  /** Days raw analytics events are kept, in day partitions dropped after it (decision 044). */
  analyticsRetentionDays: number;
};

/** At most `max` requests, events or bytes in `windowMs`. */
type RateBudget = { max: number; windowMs: number };

export class ConfigError extends Error {}

/** Empty strings count as unset, as they do in most .env tooling. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'}: must be set together with ${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET'}`,
    );
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (e.RUNTIME_PLAYER_EVENTS_PER_DAY < e.RUNTIME_PLAYER_EVENTS_PER_MINUTE) {
    throw new ConfigError(
      'Invalid configuration:\n  RUNTIME_PLAYER_EVENTS_PER_DAY: must be at least RUNTIME_PLAYER_EVENTS_PER_MINUTE',
    );
  }
  if (e.RUNTIME_PLAYER_EVENT_BYTES_PER_DAY < e.RUNTIME_PLAYER_EVENT_BYTES_PER_MINUTE) {
    throw new ConfigError(
      'Invalid configuration:\n  RUNTIME_PLAYER_EVENT_BYTES_PER_DAY: must be at least RUNTIME_PLAYER_EVENT_BYTES_PER_MINUTE',
    );
  }
  const s3Only = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_URL'] as const).find((name) => e[name]);
  if (!e.S3_BUCKET && s3Only) {
    throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: required when ${s3Only} is set`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolMax: e.DATABASE_POOL_MAX,
    authSecret: e.AUTH_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            testIssuer: e.GOOGLE_TEST_ISSUER ?? null,
          }
        : null,
    trustProxy: e.TRUST_PROXY,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    maxGamesPerAccount: e.MAX_GAMES_PER_ACCOUNT,
    maxStorageBytesPerAccount: e.MAX_STORAGE_BYTES_PER_ACCOUNT,
    maxReleaseBytes: e.MAX_RELEASE_BYTES,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : null,
          publicUrl: e.S3_PUBLIC_URL ?? null,
        }
      : null,
    logLevel: e.LOG_LEVEL,
    drainTimeoutMs: e.DRAIN_TIMEOUT_MS,
    runtimeLimits: {
      perPlayer: { max: e.RUNTIME_PLAYER_RATE_LIMIT, windowMs: 60_000 },
      perKey: { max: e.RUNTIME_KEY_RATE_LIMIT, windowMs: 1000 },
      perAddress: { max: e.RUNTIME_ADDRESS_RATE_LIMIT, windowMs: 60_000 },
      sessionsPerAddress: { max: e.RUNTIME_ADDRESS_SESSION_LIMIT, windowMs: 60_000 },
      playerEvents: {
        perMinute: { max: e.RUNTIME_PLAYER_EVENTS_PER_MINUTE, windowMs: 60_000 },
        bytesPerMinute: { max: e.RUNTIME_PLAYER_EVENT_BYTES_PER_MINUTE, windowMs: 60_000 },
        perDay: { max: e.RUNTIME_PLAYER_EVENTS_PER_DAY, windowMs: 86_400_000 },
        bytesPerDay: { max: e.RUNTIME_PLAYER_EVENT_BYTES_PER_DAY, windowMs: 86_400_000 },
      },
    },
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
  };
}
