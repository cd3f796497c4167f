import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
        } catch {
          return false;
        }
      }, 'must be a URL such as postgres://user:password@host:5432/database')
      .optional(),
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
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(LOG_LEVELS).default('info')),
});

/** The pairing rule is checked beside the other variables, so that every problem is listed at once. */
function pairingProblems(env: NodeJS.ProcessEnv): string[] {
  const email = env.ADMIN_EMAIL ? 1 : 0;
  const password = env.ADMIN_PASSWORD ? 1 : 0;
  return email === password ? [] : ['ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither'];
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
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
    dataDir: e.DATA_DIR,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
  };
}
