import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The problems of a refused configuration. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('uses the defaults of the contract when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      databasePoolSize: 20,
      dataDir: './data',
      adminEmail: undefined,
      adminPassword: undefined,
      smtpUrl: undefined,
      mailFrom: 'no-reply@localhost',
      publicUrl: 'http://127.0.0.1:3000',
      notificationMails: true,
      logLevel: 'info',
      migrationDatabaseUrl: undefined,
      trustProxy: false,
      requireAdminMfa: false,
      metricsToken: undefined,
      totpEncryptionKey: undefined,
      exportsMax: 4,
      exportsMaxPerUser: 2,
      exportStallTimeoutMs: 60_000,
      requestTimeoutMs: 60_000,
      shutdownTimeoutMs: 20_000,
    });
  });

  it('takes a pool size of 1 to 100 connections, and refuses anything else', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '5' }).databasePoolSize).toBe(5);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(20);
    for (const bad of ['0', '101', '2.5', 'many']) {
      expect(problemsOf({ DATABASE_POOL_SIZE: bad }), bad).toEqual([
        expect.stringMatching(/^DATABASE_POOL_SIZE: /),
      ]);
    }
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '', DATABASE_URL: '', LOG_LEVEL: '', ADMIN_EMAIL: '' });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.adminEmail).toBeUndefined();
  });

  it('reads every variable that is set', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://registry:secret@db.internal:5432/registry',
        DATABASE_POOL_SIZE: '40',
        DATA_DIR: '/var/lib/registry',
        ADMIN_EMAIL: 'chief@example.org',
        ADMIN_PASSWORD: 'Chief-pass1',
        SMTP_URL: 'smtps://user:pass@mail.example.org:465',
        MAIL_FROM: 'registry@example.org',
        LOG_LEVEL: 'debug',
        MIGRATION_DATABASE_URL: 'postgres://owner:secret@db.internal:5432/registry',
        TRUST_PROXY: '2',
        REQUIRE_ADMIN_MFA: 'true',
        METRICS_TOKEN: 'a-long-enough-metrics-token',
        TOTP_ENCRYPTION_KEY: 'a'.repeat(64),
        EXPORTS_MAX: '8',
        EXPORTS_MAX_PER_USER: '3',
        EXPORT_STALL_TIMEOUT_MS: '30000',
        REQUEST_TIMEOUT_MS: '120000',
        SHUTDOWN_TIMEOUT_MS: '45000',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://registry:secret@db.internal:5432/registry',
      databasePoolSize: 40,
      dataDir: '/var/lib/registry',
      adminEmail: 'chief@example.org',
      adminPassword: 'Chief-pass1',
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      mailFrom: 'registry@example.org',
      publicUrl: 'http://localhost:8080',
      notificationMails: true,
      logLevel: 'debug',
      migrationDatabaseUrl: 'postgres://owner:secret@db.internal:5432/registry',
      trustProxy: 2,
      requireAdminMfa: true,
      metricsToken: 'a-long-enough-metrics-token',
      totpEncryptionKey: 'a'.repeat(64),
      exportsMax: 8,
      exportsMaxPerUser: 3,
      exportStallTimeoutMs: 30_000,
      requestTimeoutMs: 120_000,
      shutdownTimeoutMs: 45_000,
    });
  });

  it('takes the public address for the mails’ links, and turns the notification mails off', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://registro.example.org/', NOTIFICATION_MAILS: 'off' });
    expect(config.publicUrl).toBe('https://registro.example.org');
    expect(config.notificationMails).toBe(false);
    expect(problemsOf({ PUBLIC_URL: 'registro' })).toEqual([expect.stringMatching(/PUBLIC_URL/)]);
    expect(problemsOf({ NOTIFICATION_MAILS: 'sometimes' })).toEqual([
      expect.stringMatching(/NOTIFICATION_MAILS/),
    ]);
  });

  it('accepts a postgresql:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/registry' }).databaseUrl).toBe(
      'postgresql://localhost/registry',
    );
  });

  it('lists an unparsable DATABASE_URL, a non-numeric PORT and a bad LOG_LEVEL together in one error', () => {
    const problems = problemsOf({ DATABASE_URL: 'not a url', PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(problems).toHaveLength(3);
    expect(problems.some((problem) => problem.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('PORT:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('LOG_LEVEL:'))).toBe(true);
  });

  it('names every problem in the message of the error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/registry', PORT: '70000' })).toThrow(
      /DATABASE_URL[\s\S]*PORT|PORT[\s\S]*DATABASE_URL/,
    );
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://localhost/registry' })).toEqual([
      expect.stringMatching(/^DATABASE_URL:/),
    ]);
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'chief@example.org' })).toEqual([
      expect.stringMatching(/ADMIN_PASSWORD/),
    ]);
  });

  it('refuses ADMIN_PASSWORD without ADMIN_EMAIL', () => {
    expect(problemsOf({ ADMIN_PASSWORD: 'Chief-pass1' })).toEqual([expect.stringMatching(/ADMIN_EMAIL/)]);
  });

  it('lists a lone ADMIN_EMAIL together with the other bad variables', () => {
    const problems = problemsOf({ PORT: 'eighty', ADMIN_EMAIL: 'chief@example.org' });
    expect(problems.some((problem) => problem.startsWith('PORT:'))).toBe(true);
    expect(problems.some((problem) => problem.includes('ADMIN_PASSWORD'))).toBe(true);
  });

  it('refuses an ADMIN_EMAIL that is not an email and a short ADMIN_PASSWORD', () => {
    const problems = problemsOf({ ADMIN_EMAIL: 'chief', ADMIN_PASSWORD: 'short' });
    expect(problems.some((problem) => problem.startsWith('ADMIN_EMAIL:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('ADMIN_PASSWORD:'))).toBe(true);
  });

  it('takes an owner URL for migrations only beside a DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://registry_app@db:5432/registry',
      MIGRATION_DATABASE_URL: 'postgres://registry_owner@db:5432/registry',
    });
    expect(config.migrationDatabaseUrl).toBe('postgres://registry_owner@db:5432/registry');
    expect(problemsOf({ MIGRATION_DATABASE_URL: 'postgres://owner@db/registry' })).toEqual([
      'MIGRATION_DATABASE_URL: needs DATABASE_URL (the embedded database has no roles)',
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgres://a@db/r', MIGRATION_DATABASE_URL: 'mysql://x' })[0]).toMatch(
      /^MIGRATION_DATABASE_URL:/,
    );
  });

  it('trusts no proxy unless told: a number of hops or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const bad of ['true', 'proxy.local', '10.0.0.1/40', '10.0.0.1,']) {
      expect(problemsOf({ TRUST_PROXY: bad })[0]).toMatch(/^TRUST_PROXY:/);
    }
  });
});
