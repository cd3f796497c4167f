import { randomUUID } from 'node:crypto';
import type { InstitutionType } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from '../db/client.ts';
import { vacuumAnalyze } from '../db/maintenance.ts';
import {
  demographies,
  diagnostics,
  doctors,
  drugs,
  files,
  institutions,
  labReports,
  patients,
  samples,
  treatments,
  users,
} from '../db/schema.ts';
import { refreshReadModel } from '../patients/read-model/index.ts';
import { isoDay, randomSource, syntheticPatient } from './cohort.ts';

export interface SeedOptions {
  readonly patients: number;
  readonly institutions: number;
  readonly doctors: number;
  /** The PRNG seed: the same seed gives the same cohort. */
  readonly seed: number;
  /** One argon2 hash shared by every seeded doctor (hashing is slow on purpose). */
  readonly passwordHash: string;
  readonly now: Date;
  /** Patients per transaction. */
  readonly batchSize?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** A seeded doctor, as the seed's printout names them. */
export interface SeededDoctor {
  readonly email: string;
  readonly name: string;
  readonly gender: 'female' | 'male';
  readonly institution: { name: string; code: string; type: InstitutionType };
}

export interface SeedResult {
  readonly institutions: { name: string; code: string; type: InstitutionType }[];
  readonly doctorEmails: string[];
  readonly doctors: SeededDoctor[];
  readonly patients: number;
}

const INSTITUTION_NAMES = [
  'Biobanco Nacional',
  'Hospital de Clínicas',
  'Hospital Italiano',
  'Hospital Británico',
  'Fundación Favaloro',
  'Hospital El Cruce',
  'Hospital Posadas',
  'Laboratorio Central',
  'Hospital Garrahan',
  'Hospital Rawson',
  'Fundación Fleni',
];
/** First names by the doctor's sex, so that a name never contradicts it. */
const FIRST_NAMES = {
  female: ['Ana', 'Lucía', 'Sofía', 'María', 'Valeria', 'Camila'],
  male: ['Martín', 'Javier', 'Diego', 'Tomás', 'Pablo', 'Andrés'],
} as const;
const LAST_NAMES = [
  'García',
  'Fernández',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Romero',
  'Sosa',
  'Álvarez',
];

/**
 * The printout's lines, one per doctor: email, name, institution code and name, and whether it is a
 * biobank (where birth dates are hidden and consent reads 'BioBanco'), in aligned columns.
 */
export function doctorLines(doctors: readonly SeededDoctor[]): string[] {
  const width = (take: (doctor: SeededDoctor) => string) =>
    Math.max(0, ...doctors.map((d) => take(d).length));
  const email = width((d) => d.email);
  const name = width((d) => d.name);
  return doctors.map((doctor) =>
    [
      doctor.email.padEnd(email),
      doctor.name.padEnd(name),
      doctor.institution.code,
      doctor.institution.type === 'BioBanco'
        ? `${doctor.institution.name} (biobank)`
        : doctor.institution.name,
    ].join('  '),
  );
}

/** The smallest valid PDF: the file some samples link, so that downloads have something to send. */
const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Multi-row inserts, split so that a statement stays far below PostgreSQL's 65,535 parameters. */
async function insertAll<T extends PgTable>(
  db: Queryable,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  const columns = rows[0] ? Object.keys(rows[0]).length : 1;
  const chunk = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(table).values(rows.slice(i, i + chunk));
  }
}

/** The type an institution's name tells; the first one is the biobank. */
function institutionType(name: string): InstitutionType {
  if (name.startsWith('Biobanco')) {
    return 'BioBanco';
  }
  if (name.startsWith('Fundación')) {
    return 'Fundación';
  }
  return name.startsWith('Laboratorio') ? 'Laboratorio' : 'Hospital';
}

/**
 * Loads a synthetic cohort: institutions (the first a biobank), doctors as real users sharing one
 * password hash, and patients with every record, in transactions of multi-row inserts. Names, codes and
 * emails carry a run tag, so seeding twice adds a second cohort beside the first.
 */
export async function seedCohort(db: Database, options: SeedOptions): Promise<SeedResult> {
  const random = randomSource(options.seed);
  const tag = `${options.seed.toString(36)}${Date.now().toString(36).slice(-4)}`;
  const today = isoDay(options.now.getTime());

  const institutionRows = Array.from({ length: Math.max(1, options.institutions) }, (_, i) => {
    const base = INSTITUTION_NAMES[i % INSTITUTION_NAMES.length] ?? 'Hospital';
    return {
      id: randomUUID(),
      name: `${base}${i >= INSTITUTION_NAMES.length ? ` ${i + 1}` : ''} (${tag})`,
      code: `${tag.toUpperCase()}-${String(i + 1).padStart(2, '0')}`,
      type: institutionType(i >= INSTITUTION_NAMES.length ? 'Hospital' : base),
    };
  });
  const doctorCount = Math.max(institutionRows.length, options.doctors);
  const userRows = Array.from({ length: doctorCount }, (_, i) => ({
    id: randomUUID(),
    email: `doctor${i + 1}.${tag}@seed.example.org`,
    nickname: `doctor${i + 1}`,
    passwordHash: options.passwordHash,
  }));
  const doctorRows = userRows.map((user, i) => {
    const gender = i % 2 === 0 ? ('female' as const) : ('male' as const);
    const names = FIRST_NAMES[gender];
    return {
      id: randomUUID(),
      userId: user.id,
      institutionId: (institutionRows[i % institutionRows.length] as (typeof institutionRows)[number]).id,
      firstName: names[Math.floor(i / 2) % names.length] ?? names[0],
      lastName: LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'García',
      gender,
    };
  });
  await db.transaction(async (tx) => {
    await insertAll(tx, institutions, institutionRows);
    await insertAll(tx, users, userRows);
    await insertAll(tx, doctors, doctorRows);
  });

  const typeOf = new Map(institutionRows.map((row) => [row.id, row.type]));
  const codeOfInstitution = new Map(institutionRows.map((row) => [row.id, row.code]));
  const [maxCode] = (
    (await db.execute(sql`select coalesce(max(code_op), 0)::int as "max" from patients`)) as unknown as {
      rows: { max: number }[];
    }
  ).rows;
  let nextCodeOP = (maxCode?.max ?? 0) + 1;

  // Registration dates spread over the last eight years, in order, a few seconds apart at least.
  const start = options.now.getTime() - 8 * 365 * 24 * 60 * 60 * 1000;
  const step = (options.now.getTime() - 60_000 - start) / Math.max(1, options.patients);
  const batchSize = options.batchSize ?? 1000;

  for (let done = 0; done < options.patients; done += batchSize) {
    const count = Math.min(batchSize, options.patients - done);
    const rows = {
      patients: [] as (typeof patients.$inferInsert)[],
      demographies: [] as (typeof demographies.$inferInsert)[],
      diagnostics: [] as (typeof diagnostics.$inferInsert)[],
      samples: [] as (typeof samples.$inferInsert)[],
      files: [] as (typeof files.$inferInsert)[],
      treatments: [] as (typeof treatments.$inferInsert)[],
      drugs: [] as (typeof drugs.$inferInsert)[],
      labReports: [] as (typeof labReports.$inferInsert)[],
    };
    for (let k = 0; k < count; k++) {
      const index = done + k;
      const doctor = doctorRows[random.int(0, doctorRows.length - 1)] as (typeof doctorRows)[number];
      const createdAt = new Date(Math.floor(start + index * step + random.next() * step * 0.5));
      const p = syntheticPatient(random, createdAt, today, typeOf.get(doctor.institutionId) ?? 'Hospital');
      const patientId = randomUUID();
      const updatedAt = createdAt;
      rows.patients.push({
        id: patientId,
        institutionId: doctor.institutionId,
        doctorId: doctor.id,
        identification: `${codeOfInstitution.get(doctor.institutionId)}-${String(index + 1).padStart(6, '0')}`,
        codeOP: random.chance(0.6) ? nextCodeOP++ : null,
        riskLevel: p.riskLevel,
        deathDate: p.deathDate,
        deathCause: p.deathCause,
        lastContactDate: p.lastContactDate,
        createdAt,
        updatedAt,
      });
      rows.demographies.push({
        patientId,
        birthDate: p.birthDate,
        gender: p.gender,
        ecog: p.ecog,
        app: p.app,
        createdAt,
        updatedAt,
      });
      rows.diagnostics.push({ id: randomUUID(), patientId, ...p.diagnostic, createdAt, updatedAt });
      for (const sample of p.samples) {
        let fileId: string | null = null;
        if (sample.withFile) {
          fileId = randomUUID();
          rows.files.push({
            id: fileId,
            patientId,
            name: `medulograma-${sample.sampleDate}.pdf`,
            mimeType: 'application/pdf',
            size: SAMPLE_PDF.length,
            content: SAMPLE_PDF,
            date: sample.sampleDate,
            createdAt,
          });
        }
        rows.samples.push({
          patientId,
          sampleType: sample.sampleType,
          sampleDate: sample.sampleDate,
          fileId,
          createdAt,
          updatedAt,
        });
      }
      p.treatments.forEach(({ drugs: treatmentDrugs, ...treatment }, t) => {
        const treatmentId = randomUUID();
        rows.treatments.push({
          id: treatmentId,
          patientId,
          order: t + 1,
          ...treatment,
          createdAt,
          updatedAt,
        });
        treatmentDrugs.forEach((drug, d) => {
          rows.drugs.push({ treatmentId, order: d + 1, ...drug, createdAt, updatedAt });
        });
      });
      for (const report of p.reports) {
        rows.labReports.push({ patientId, ...report, createdAt, updatedAt });
      }
    }
    await db.transaction(async (tx) => {
      await insertAll(tx, patients, rows.patients);
      await insertAll(tx, demographies, rows.demographies);
      await insertAll(tx, diagnostics, rows.diagnostics);
      await insertAll(tx, files, rows.files);
      await insertAll(tx, samples, rows.samples);
      await insertAll(tx, treatments, rows.treatments);
      await insertAll(tx, drugs, rows.drugs);
      await insertAll(tx, labReports, rows.labReports);
      await refreshReadModel(
        tx,
        rows.patients.flatMap((row) => (row.id ? [row.id] : [])),
      );
    });
    options.onProgress?.(done + count, options.patients);
  }

  await vacuumAnalyze(db);
  return {
    institutions: institutionRows.map(({ name, code, type }) => ({ name, code, type })),
    doctorEmails: userRows.map((user) => user.email),
    doctors: doctorRows.map((doctor, i) => {
      const institution =
        institutionRows.find((row) => row.id === doctor.institutionId) ?? institutionRows[0];
      return {
        email: userRows[i]?.email ?? '',
        name: `${doctor.firstName} ${doctor.lastName}`,
        gender: doctor.gender,
        institution: {
          name: institution?.name ?? '',
          code: institution?.code ?? '',
          type: institution?.type ?? 'Hospital',
        },
      };
    }),
    patients: options.patients,
  };
}
