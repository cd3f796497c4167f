/**
 * `npm run seed -- --patients N [--institutions K] [--doctors D] [--seed S] [--password P]`
 *
 * Loads a synthetic cohort into the database of DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), after
 * running the migrations. Doctors are real users sharing one password, printed at the end.
 */
import { parseArgs } from 'node:util';
import { hashPassword, randomStrongPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config.ts';
import { keepFilesPrivate } from '../data-dir.ts';
import { openRegistryDatabase } from '../database.ts';
import { doctorLines, seedCohort } from './seed-cohort.ts';

const out = (text: string) => process.stdout.write(`${text}\n`);

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) {
    return fallback;
  }
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    throw new Error(`--${name} must be a whole number (got ${value})`);
  }
  return number;
}

async function main(): Promise<void> {
  keepFilesPrivate();
  const { values } = parseArgs({
    options: {
      patients: { type: 'string', default: '1000' },
      institutions: { type: 'string' },
      doctors: { type: 'string' },
      seed: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const patients = positive('patients', values.patients, 1000);
  const institutions = positive(
    'institutions',
    values.institutions,
    Math.min(10, Math.max(3, Math.ceil(patients / 5000))),
  );
  const doctors = positive('doctors', values.doctors, institutions * 3);
  const seed = positive('seed', values.seed, Date.now() % 1_000_000);
  const password = values.password ?? randomStrongPassword();

  const config = loadConfig();
  const database = await openRegistryDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    out(
      `Seeding ${patients} patients, ${institutions} institutions, ${doctors} doctors (seed ${seed}) on ${database.engine}…`,
    );
    const started = performance.now();
    let lastReport = 0;
    const result = await seedCohort(database.db, {
      patients,
      institutions,
      doctors,
      seed,
      passwordHash: await hashPassword(password),
      now: new Date(),
      onProgress: (done, total) => {
        if (done === total || performance.now() - lastReport > 5000) {
          lastReport = performance.now();
          out(`  ${done} / ${total} patients (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        }
      },
    });
    out(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    out('Institutions:');
    for (const institution of result.institutions) {
      out(`  ${institution.code}  ${institution.type.padEnd(11)} ${institution.name}`);
    }
    out(`Doctors (${result.doctors.length}):`);
    for (const line of doctorLines(result.doctors)) {
      out(`  ${line}`);
    }
    out(`Every seeded doctor signs in with the password: ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
