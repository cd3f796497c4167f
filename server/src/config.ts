import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/client.ts';
import { isKeyText } from './server-keys.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An IP address, or a range in CIDR notation. */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  if (rest.length > 0 || isIP(address) === 0) {
    return false;
  }
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isPostgresUrl, 'must be a URL such as postgres://user:password@host:5432/database')
      .optional(),
  ),
  MIGRATION_DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isPostgresUrl, 'must be a URL such as postgres://owner:password@host:5432/database')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_SIZE),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an email address').optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().min(8, 'must have at least 8 characters').optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) => /^smtps?:\/\/[^/]+/.test(value),
        'must look like smtp://host:port or smtps://user:pass@host:port',
      )
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default('no-reply@localhost')),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^https?:\/\/[^\s/]+(?:\/[^\s]*)?$/,
        'must be the address users open, such as https://registro.example.org',
      )
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  NOTIFICATION_MAILS: z.preprocess(
    emptyAsUndefined,
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(LOG_LEVELS).default('info')),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must have at least 16 characters').optional(),
  ),
  REQUIRE_ADMIN_MFA: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  ),
  TOTP_ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) => /^[0-9a-f]{64}$/i.test(value.trim()) || Buffer.from(value.trim(), 'base64').length === 32,
        'must be 32 bytes, as 64 hex digits or base64 (openssl rand -hex 32)',
      )
      .optional(),
  ),
  DATASET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isKeyText, 'must be 32 bytes, as 64 hex digits or base64 (openssl rand -hex 32)')
      .optional(),
  ),
  EXPORTS_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(4)),
  EXPORTS_MAX_PER_USER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(2)),
  EXPORT_STALL_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  ),
  REQUEST_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  ),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(3_600_000).default(20_000),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value, ctx): number | string[] | false => {
        if (value === 'false' || value === '0') {
          return false;
        }
        if (/^\d+$/.test(value)) {
          return Number(value);
        }
        const addresses = value.split(',').map((part) => part.trim());
        if (addresses.every(isAddressOrRange)) {
          return addresses;
        }
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a number of proxies (1) or a comma-separated list of their addresses (10.0.0.1,10.1.0.0/16)',
        });
        return z.NEVER;
      })
      .optional(),
  ),
});

/** The rules between variables are checked beside the others, so that every problem is listed at once. */
function pairingProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
    problems.push('MIGRATION_DATABASE_URL: needs DATABASE_URL (the embedded database has no roles)');
  }
  return problems;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  /** The owner's connection for migrations; the server then runs as DATABASE_URL's role. */
  readonly migrationDatabaseUrl: string | undefined;
  /** How many connections to PostgreSQL the server keeps at most. */
  readonly databasePoolSize: number;
  readonly dataDir: string;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** The address users open the registry at: the links of the mails. */
  readonly publicUrl: string;
  /** Whether the scheduler of the notification mails runs (CONTRACT §13). */
  readonly notificationMails: boolean;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /**
   * Which reverse proxies to believe about the client's address (X-Forwarded-For): none (false), the
   * nearest n, or those at these addresses. It decides the address that rate limits count and the
   * audit trail records.
   */
  readonly trustProxy: number | string[] | false;
  /** Admins must sign in with a second factor; those without one set it up at their next sign-in. */
  readonly requireAdminMfa: boolean;
  /** Prometheus metrics at /api/metrics for this bearer token; none when unset. */
  readonly metricsToken: string | undefined;
  /** The key that seals the second factor's secrets; unset: the server's own, in DATA_DIR/totp.key. */
  readonly totpEncryptionKey: string | undefined;
  /**
   * The key of the analysis datasets' pseudonyms (CONTRACT §15): patient ids, centre numbers and date
   * shifts; unset: the server's own, in DATA_DIR/dataset.key.
   */
  readonly datasetKey: string | undefined;
  /** Exports running at once on this server, in all and per user (docs/operations.md#limits). */
  readonly exportsMax: number;
  readonly exportsMaxPerUser: number;
  /** An export whose client has read nothing for this long is ended. */
  readonly exportStallTimeoutMs: number;
  /** The most a request may take to arrive whole, headers and body. */
  readonly requestTimeoutMs: number;
  /** How long a SIGTERM waits for the requests in flight before it ends them. */
  readonly shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** What a command prints when it cannot start: a configuration's problems point to where they are described. */
export function startFailureText(error: unknown): string {
  return error instanceof ConfigError
    ? `${error.message}\nSee the configuration table in README.md.`
    : (error as Error).message;
}

/** Reads the environment once (README.md#configuration), listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...pairingProblems(env),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl:
      e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST}:${e.PORT}`,
    notificationMails: e.NOTIFICATION_MAILS === 'on',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    requireAdminMfa: e.REQUIRE_ADMIN_MFA === 'true',
    metricsToken: e.METRICS_TOKEN,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    datasetKey: e.DATASET_KEY,
    exportsMax: e.EXPORTS_MAX,
    exportsMaxPerUser: e.EXPORTS_MAX_PER_USER,
    exportStallTimeoutMs: e.EXPORT_STALL_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/** The database a configuration opens, in words for the console (no password). */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) {
    return `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  }
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
