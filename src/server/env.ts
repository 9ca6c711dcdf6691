import { availableParallelism } from 'node:os';
import { z } from 'zod';

const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Defaults to http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().default('./data'),
    /**
     * Uploads in an S3-compatible bucket, shared by every server (docs/operations.md, "Shared file
     * storage"): set S3_BUCKET to use one; unset, they live in DATA_DIR.
     */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lower-case letters, digits, dots or dashes',
      )
      .optional(),
    /** The S3 API's address when it is not AWS's (MinIO, R2, ...). */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    /** Unset: the SDK's own credentials (its environment variables, an instance or task role). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Bucket in the path (`endpoint/bucket/key`), as most self-hosted S3 servers need. */
    S3_FORCE_PATH_STYLE: booleanish.default(false),
    /** Where the bucket's files can be fetched by anyone (the bucket or a CDN before it): public files are linked there. */
    S3_PUBLIC_URL: z.url().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /** Prefix of this site's Redis keys and channels: two sites (or a staging copy) can share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'must be 1-40 letters, digits, dots, dashes or underscores')
      .default('pfc'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().default('admin@propfirmclub.test'),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    /** The demo firm representative's (rep@propfirmclub.test) password; unset, one is generated and printed once. */
    REP_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Prop Firm Club <no-reply@propfirmclub.test>'),
    CONTACT_EMAIL: z.email().default('hello@propfirmclub.test'),
    SEED_DEMO_DATA: booleanish.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SHOW_ADMIN_LINK: booleanish.default(true),
    /** Admins without two-factor sign-in get 403 `two_factor_required` from every admin API. */
    REQUIRE_STAFF_2FA: booleanish.default(false),
    /**
     * Server processes sharing the port (node:cluster). With DATABASE_URL and REDIS_URL set (sessions,
     * caches' invalidation and rate limits are shared through them) it defaults to one per core: each
     * renders its pages on its own thread (decision 0069). Else 1: the embedded database belongs to
     * one process.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * Seconds a process keeps answering after SIGTERM before it stops taking connections: /readyz
     * answers 503 and every answer closes its connection, so the balancer's health check takes the
     * node out and keep-alive clients reconnect elsewhere. The default covers deploy/haproxy.cfg's
     * check (every second, out after 2 failures) with room to spare (decision 0047).
     */
    DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
    /** /metrics answers only requests with `Authorization: Bearer <this>`; unset, it answers 404. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Trust X-Forwarded-* headers: only behind a reverse proxy, else clients could fake their IP. */
    TRUST_PROXY: booleanish.default(false),
    /**
     * The generic offerwall (/offerwall): its embed address with `{userId}` where the user's id goes as
     * the sub-id, and the shared secret its postbacks are signed with (HMAC-SHA256). Both or neither.
     */
    OFFERWALL_URL: z.url().optional(),
    OFFERWALL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** AdscendMedia (/adscend-offerwall): publisher id, wall id and the postback signing secret. */
    ADSCEND_PUB_ID: z.string().regex(/^\d+$/, 'must be digits').optional(),
    ADSCEND_WALL_ID: z.string().regex(/^\d+$/, 'must be digits').optional(),
    ADSCEND_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Page views and analytics events older than this many days are deleted once rolled up (decision 0031). */
    ANALYTICS_RAW_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(90),
    /** Analytics events waiting in memory for their batched insert at most; past it the API answers 503. */
    ANALYTICS_BUFFER_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  })
  .superRefine((env, ctx) => {
    // A half-configured bucket would silently keep uploads on one server's disk.
    for (const name of [
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PUBLIC_URL',
    ] as const) {
      if (env[name] && !env.S3_BUCKET)
        ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `must be set with ${name}` });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string;
  WEB_CONCURRENCY: number;
};

/** Fills the defaults that depend on other variables and on the machine's cores. */
export function completeEnv(parsed: z.infer<typeof EnvSchema>, cores = availableParallelism()): Env {
  const shared = Boolean(parsed.DATABASE_URL && parsed.REDIS_URL);
  return {
    ...parsed,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    WEB_CONCURRENCY: parsed.WEB_CONCURRENCY ?? (shared ? cores : 1),
  };
}

/** Parses configuration; on failure lists every bad variable and stops the process. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (parsed.success) {
    const env = completeEnv(parsed.data);
    if (env.WEB_CONCURRENCY > 1 && !(env.DATABASE_URL && env.REDIS_URL)) {
      console.error(
        'Invalid configuration:\n  WEB_CONCURRENCY: more than one process needs DATABASE_URL and REDIS_URL (the embedded database and in-process caches belong to one process)',
      );
      process.exit(1);
    }
    return env;
  }
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  console.error(`Invalid configuration:\n${lines.join('\n')}`);
  process.exit(1);
}
