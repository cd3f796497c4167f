/**
 * The whole data model of the registry. One schema serves the embedded database (PGlite) and
 * PostgreSQL; migrations are generated from it (`npm run db:generate -w server`), plus one
 * hand-written migration for what Drizzle does not express (extensions, search indexes, the
 * append-only trigger of the audit trail, the deferrable treatment order).
 */
import {
  DATASET_DATES,
  DATASET_STATUSES,
  FITNESS,
  type Genetics,
  IMPORT_ACTIONS,
  IMPORT_FILE_KINDS,
  IMPORT_STATUSES,
  INSTITUTION_TYPES,
  LANGUAGES,
  MRD_METHODS,
  MRD_STATUSES,
  QUERY_EVENT_KINDS,
  QUERY_STATUSES,
  RESPONSES,
  RISKS,
  SAMPLE_TYPES,
  SEXES,
  STAGES,
  WBC_MAX,
} from '@registry/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './sql-text.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Dates without time travel as `yyyy-MM-dd` strings and are never shifted (docs/product-rules.md#wire). */
const day = (name: string) => date(name, { mode: 'string' });

export const institutions = pgTable(
  'institutions',
  {
    id: id(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('institutions_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('institutions_code_unique').on(sql`lower(${t.code})`),
    index('institutions_created_at_idx').on(t.createdAt),
    check('institutions_type_check', oneOf(t.type, INSTITUTION_TYPES)),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** When the password last changed: sessions and reset codes older than this are void. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The second factor (RFC 6238): the shared secret, in base32, once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment and not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const doctors = pgTable(
  'doctors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('doctors_user_unique').on(t.userId),
    index('doctors_institution_idx').on(t.institutionId),
    check('doctors_gender_check', oneOf(t.gender, SEXES)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins per email, for the sign-in lockout (docs/product-rules.md#accounts). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_at_idx').on(sql`lower(${t.email})`, t.at)],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The per-address rate limits (docs/product-rules.md#accounts), counted in the database so that every
 * server process sharing it shares them: one row per limited route and address, for the current window.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Single-use recovery codes of the second factor, stored as hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in: a right password answers one of these instead of a session, to be
 * spent with a code (`verify`), or, for an admin who must have a second factor, on enrolment (`enrol`).
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_hash_unique').on(t.tokenHash),
    check('mfa_challenges_purpose_check', sql`${t.purpose} in ('verify', 'enrol')`),
  ],
);

export const patients = pgTable(
  'patients',
  {
    id: id(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'restrict' }),
    identification: text('identification').notNull(),
    /**
     * The identification as two are compared (docs/product-rules.md#records): lower case, without
     * spaces; set by the database (`registry_identification_key`). Null only for a patient whose
     * identification collided with an earlier one's when the rule came in (migration 0014).
     */
    identificationKey: text('identification_key'),
    codeOP: integer('code_op'),
    version: integer('version').notNull().default(1),
    riskLevel: text('risk_level'),
    deathDate: day('death_date'),
    deathCause: text('death_cause'),
    /** The last date the patient was known to be alive, from a follow-up visit. */
    lastContactDate: day('last_contact_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('patients_identification_key_unique').on(t.institutionId, t.identificationKey),
    uniqueIndex('patients_code_op_unique').on(t.codeOP),
    index('patients_doctor_created_idx').on(t.doctorId, t.createdAt),
    index('patients_created_at_idx').on(t.createdAt),
    index('patients_code_op_order_idx').on(sql`${t.codeOP} desc nulls last`, t.createdAt),
    check('patients_code_op_positive', sql`${t.codeOP} > 0`),
    check('patients_risk_check', oneOf(t.riskLevel, RISKS)),
  ],
);

export const demographies = pgTable(
  'demographies',
  {
    patientId: uuid('patient_id')
      .primaryKey()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** `yyyy-MM-dd`, or for a biobank patient a bare year `yyyy` or null (docs/product-rules.md#records). */
    birthDate: text('birth_date'),
    gender: text('gender').notNull(),
    ecog: smallint('ecog'),
    app: text('app'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('demographies_birth_date_format', sql`${t.birthDate} ~ '^[0-9]{4}(-[0-9]{2}-[0-9]{2})?$'`),
    check('demographies_gender_check', oneOf(t.gender, SEXES)),
    check('demographies_ecog_range', sql`${t.ecog} between 0 and 5`),
  ],
);

/** Uploaded files live in the database so that one backup holds the whole registry. */
export const files = pgTable(
  'files',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    date: day('date'),
    /**
     * The kind of record that may link the file: `sample`, `labReport`, `ngsOp`, or `clinical` — a
     * doctor's upload that named none, which either of the doctor's records may link.
     */
    purpose: text('purpose').notNull().default('clinical'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_patient_idx').on(t.patientId),
    check('files_mime_check', sql`${t.mimeType} in ('image/jpeg', 'application/pdf')`),
    check('files_purpose_check', sql`${t.purpose} in ('sample', 'labReport', 'ngsOp', 'clinical')`),
    check('files_size_check', sql`${t.size} between 1 and 1048576`),
  ],
);

export const samples = pgTable(
  'samples',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    sampleType: text('sample_type').notNull(),
    sampleDate: day('sample_date').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('samples_patient_idx').on(t.patientId, t.createdAt),
    check('samples_type_check', oneOf(t.sampleType, SAMPLE_TYPES)),
  ],
);

export const diagnostics = pgTable(
  'diagnostics',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    dxDate: day('dx_date'),
    dxSecondary: text('dx_secondary'),
    /** A Diagnosis value, or `Other: {text}`. */
    dxSubType: text('dx_sub_type'),
    organsFailures: text('organs_failures'),
    patientFit: text('patient_fit'),
    relapse: boolean('relapse').notNull().default(false),
    relapseDate: day('relapse_date'),
    riskLevel: text('risk_level'),
    consent: boolean('consent').notNull().default(false),
    consentDate: day('consent_date'),
    dxSecondaryDescription: text('dx_secondary_description'),
    /** The white-cell count at diagnosis, ×10⁹/L. */
    wbcAtDiagnosis: numeric('wbc_at_diagnosis', { precision: 6, scale: 2, mode: 'number' }),
    /** The blasts of the bone marrow at diagnosis, %. */
    marrowBlastsAtDiagnosis: numeric('marrow_blasts_at_diagnosis', {
      precision: 5,
      scale: 2,
      mode: 'number',
    }),
    /**
     * The karyotype and markers (CONTRACT §10) with what the registry read from the karyotype text,
     * null until entered; replaced whole by `PUT /api/patients/diagnostics/{id}/genetics`.
     */
    genetics: jsonb('genetics').$type<Genetics>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('diagnostics_patient_idx').on(t.patientId, t.createdAt),
    index('diagnostics_sub_type_idx').on(t.dxSubType),
    index('diagnostics_relapse_date_idx').on(t.relapseDate),
    check('diagnostics_stage_check', oneOf(t.dxSecondary, STAGES)),
    check('diagnostics_fit_check', oneOf(t.patientFit, FITNESS)),
    check('diagnostics_risk_check', oneOf(t.riskLevel, RISKS)),
    check('diagnostics_wbc_range', sql`${t.wbcAtDiagnosis} between 0 and ${sql.raw(String(WBC_MAX))}`),
    check('diagnostics_marrow_blasts_range', sql`${t.marrowBlastsAtDiagnosis} between 0 and 100`),
  ],
);

export const treatments = pgTable(
  'treatments',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    /** A treatment scheme, or `Other: {name}`. */
    scheme: text('scheme'),
    startDate: day('start_date'),
    toxicities: text('toxicities'),
    diseaseAssessment: text('disease_assessment'),
    /** When the response was assessed (CONTRACT §11); without it the medulogram's date dates it. */
    diseaseAssessmentDate: day('disease_assessment_date'),
    medulogram: text('medulogram'),
    medulogramDate: day('medulogram_date'),
    EMR: text('emr'),
    EMRDate: day('emr_date'),
    EMRBlasts: numeric('emr_blasts', { precision: 6, scale: 3, mode: 'number' }),
    EMRStatus: text('emr_status'),
    EMRMethod: text('emr_method'),
    clinicalMonitoring: text('clinical_monitoring'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('treatments_patient_idx').on(t.patientId, t.order),
    check('treatments_order_positive', sql`${t.order} > 0`),
    check('treatments_assessment_check', oneOf(t.diseaseAssessment, RESPONSES)),
    check('treatments_emr_blasts_range', sql`${t.EMRBlasts} between 0 and 100`),
    check('treatments_emr_status_check', oneOf(t.EMRStatus, MRD_STATUSES)),
    check('treatments_emr_method_check', oneOf(t.EMRMethod, MRD_METHODS)),
  ],
);

export const drugs = pgTable(
  'drugs',
  {
    id: id(),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    name: text('name').notNull(),
    dose: text('dose'),
    startApplicationDate: day('start_application_date'),
    lastAplicationDate: day('last_aplication_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('drugs_treatment_idx').on(t.treatmentId, t.order),
    check('drugs_order_positive', sql`${t.order} > 0`),
  ],
);

export const labReports = pgTable(
  'lab_reports',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content'),
    date: day('date'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lab_reports_patient_name_unique').on(t.patientId, t.name)],
);

/**
 * The audit trail (docs/product-rules.md#audit). Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 * Actors and records are kept as plain ids, not foreign keys, so the trail outlives what it tells of.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull().default('ok'),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    patientId: uuid('patient_id'),
    /** Field-level changes: `{ field: { old, new } }`. */
    changes: jsonb('changes'),
    ip: text('ip'),
    /** The import (CONTRACT §14) whose apply or undo made the change, if one did. */
    importId: uuid('import_id'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_patient_idx').on(t.patientId, t.at),
    index('audit_events_actor_idx').on(t.actorUserId, t.at),
    index('audit_events_action_idx').on(t.action, t.at),
    index('audit_events_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
    check('audit_events_outcome_check', sql`${t.outcome} in ('ok', 'denied', 'failed')`),
  ],
);

/** What the read model keeps of an ELN classification beside its category: its words in each language. */
export type ElnDetail = Record<
  'es' | 'en',
  {
    reasons: { code: string; result: string; text: string }[];
    missing: string[];
    summary: string;
    priorHmaUnknown?: boolean;
  }
>;

/** The list's filter columns that its covering indexes carry after their key, in one order. */
const FILTER_COLUMNS = [
  'dxSubType',
  'dxSecondary',
  'relapse',
  'relapseDate',
  'eln2022',
  'eln2024',
  'qualityErrors',
  'qualityWarnings',
  'qualityDuplicate',
  'qualityOverdueFrom',
  'followUpFrom',
] as const;
const filterColumns = (t: Record<(typeof FILTER_COLUMNS)[number], PgColumn>) =>
  FILTER_COLUMNS.map((name) => t[name]);

/**
 * What every index the list walks in its order, or reads a range of, carries after its key: the
 * institution, the doctor, the Code OP and the filter columns, so that the list's conditions are
 * checked on the index's entries and never on the rows, whichever index the planner takes for a
 * combination of filters (docs/performance.md). `key` names the columns the index already leads with.
 */
const CARRIED_COLUMNS = ['institutionId', 'doctorId', 'codeOP', ...FILTER_COLUMNS] as const;
type CarriedColumn = (typeof CARRIED_COLUMNS)[number];
const carriedColumns = (t: Record<CarriedColumn, PgColumn>, ...key: CarriedColumn[]) =>
  CARRIED_COLUMNS.filter((name) => !key.includes(name)).map((name) => t[name]);

/**
 * The read model of the patient list, its filters, sorts and search, the exports' row selection and
 * the outcomes (docs/decisions/014-patient-list-projection.md): one row per patient, rebuilt by
 * `registry_refresh_patient_list` in the same transaction as every write to the patient or its records,
 * so that it is never stale. The patient file keeps reading the records themselves.
 */
export const patientList = pgTable(
  'patient_list',
  {
    patientId: uuid('patient_id')
      .primaryKey()
      .references(() => patients.id, { onDelete: 'cascade' }),
    institutionId: uuid('institution_id').notNull(),
    doctorId: uuid('doctor_id').notNull(),
    identification: text('identification').notNull(),
    /** `registry_search_text(identification)`: what the free-text search compares. */
    searchText: text('search_text').notNull(),
    /**
     * `registry_search_text` of the contents of the lab reports a doctor sees (every entry but NGS OP),
     * one per line: the free-text search matches them too, through the filters index's trigrams.
     */
    reportText: text('report_text').notNull().default(''),
    codeOP: integer('code_op'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    riskLevel: text('risk_level'),
    deathDate: day('death_date'),
    lastContactDate: day('last_contact_date'),
    /** The latest date known alive: the last contact and every recorded date not after death. */
    lastKnownAlive: day('last_known_alive'),
    gender: text('gender'),
    birthDate: text('birth_date'),
    /** Whole years from birth to the first diagnosis date. */
    ageAtDiagnosis: integer('age_at_diagnosis'),
    /** The first diagnostic (the one recorded first); null fields when there is none. */
    hasDiagnostic: boolean('has_diagnostic').notNull(),
    dxDate: day('dx_date'),
    dxSubType: text('dx_sub_type'),
    dxSecondary: text('dx_secondary'),
    relapse: boolean('relapse'),
    relapseDate: day('relapse_date'),
    consent: boolean('consent'),
    patientFit: text('patient_fit'),
    dxRiskLevel: text('dx_risk_level'),
    /** The treatment with order 1: the first line. */
    firstScheme: text('first_scheme'),
    firstResponse: text('first_response'),
    hasCytogenetics: boolean('has_cytogenetics').notNull(),
    hasMolecular: boolean('has_molecular').notNull(),
    hasNgs: boolean('has_ngs').notNull(),
    /**
     * The rest of an export's patient row (docs/product-rules.md#exports), so that a batch of the CSV or
     * of the XLSX's Patients sheet reads one row per patient here rather than six tables' records.
     */
    ecog: smallint('ecog'),
    app: text('app'),
    dxSecondaryDescription: text('dx_secondary_description'),
    organsFailures: text('organs_failures'),
    consentDate: day('consent_date'),
    /** The first diagnostic's counts: the white cells (×10⁹/L; the outcomes' `wbc` bands) and the marrow blasts (%). */
    wbcAtDiagnosis: numeric('wbc_at_diagnosis', { precision: 6, scale: 2, mode: 'number' }),
    marrowBlastsAtDiagnosis: numeric('marrow_blasts_at_diagnosis', {
      precision: 5,
      scale: 2,
      mode: 'number',
    }),
    deathCause: text('death_cause'),
    sampleCount: integer('sample_count').notNull().default(0),
    treatmentCount: integer('treatment_count').notNull().default(0),
    /** Every treatment's scheme in the treatments' order, ` | ` between them; null when all are empty. */
    schemes: text('schemes'),
    /** Each lab-report entry's content by its name (a name is once per patient). */
    reportContents: jsonb('report_contents').$type<Record<string, string | null>>().notNull().default({}),
    /** The entries of other names than the form's, as `name: content`, ` | ` between them, oldest first. */
    otherReports: text('other_reports'),
    /**
     * What the code derives from each patient's records as they are written (`read-model/derived.ts`):
     * the first diagnostic's ELN 2022 category, its reasons (in each language) and missing markers, each marker as the
     * classification reads it (entered, or implied by the karyotype), and the karyotype text.
     */
    eln2022: text('eln2022').notNull().default('not_applicable'),
    eln2022Detail: jsonb('eln2022_detail').$type<ElnDetail>(),
    /**
     * The ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b), and its reasons, beside ELN
     * 2022's: the list's filter `eln2024`, its row field, the exports and the outcomes read it.
     */
    eln2024: text('eln2024').notNull().default('not_applicable'),
    eln2024Detail: jsonb('eln2024_detail').$type<ElnDetail>(),
    geneticMarkers: jsonb('genetic_markers').$type<Record<string, { result: string; vaf: number | null }>>(),
    karyotype: text('karyotype'),
    karyotypeResult: text('karyotype_result'),
    /** The ELN 2022 inputs the patient has, one bit each (shared `elnInputBit`). */
    elnInputs: smallint('eln_inputs').notNull().default(0),
    /** The course (CONTRACT §11, `@registry/shared` course.ts), derived as the genetic risk is. */
    firstResponseDate: day('first_response_date'),
    firstCrDate: day('first_cr_date'),
    firstCrCategory: text('first_cr_category'),
    /** A complete remission was recorded without any date: the endpoints from CR leave it out, counted. */
    crUndated: boolean('cr_undated'),
    mrdNegativeInCr: boolean('mrd_negative_in_cr'),
    inductionFailure: boolean('induction_failure'),
    transplantType: text('transplant_type'),
    transplantDate: day('transplant_date'),
    transplantInCr1: boolean('transplant_in_cr1'),
    /** The whole course, as the patient document carries it (the JSON export reads it). */
    course: jsonb('course'),
    /**
     * The data-quality rules that fire for the patient's document (CONTRACT §13, `@registry/shared`
     * quality/rules.ts), and how many of them are errors and warnings. Two rules are kept apart, as
     * they do not follow from the document alone: a possible duplicate (another patient's row), kept
     * by the write frame for every patient of the key it changed; and the follow-up overdue, which
     * depends on the day: the row keeps the day from which it fires.
     */
    qualityRules: text('quality_rules').array().notNull().default(sql`'{}'::text[]`),
    qualityErrors: smallint('quality_errors').notNull().default(0),
    qualityWarnings: smallint('quality_warnings').notNull().default(0),
    qualityDuplicate: boolean('quality_duplicate').notNull().default(false),
    qualityOverdueFrom: day('quality_overdue_from'),
    /**
     * The day a living patient's follow-up is counted from (CONTRACT §9, shared `followUpFrom`): the
     * last known alive date, else the day of registration; null for a patient who died. The list's
     * `followUpDue` and the follow-ups due read it through its indexes.
     */
    followUpFrom: day('follow_up_from'),
  },
  (t) => [
    // The list's orders for an admin, each carrying every filter column after its key: a page walks
    // its order's index and checks the filters on the entries, never on the rows; a count of filters no
    // other index leads with (a relapse-date range, the quality) reads one of them whole.
    index('patient_list_code_op_desc_idx').on(
      sql`${t.codeOP} desc nulls last`,
      sql`${t.createdAt} desc`,
      sql`${t.patientId} desc`,
      ...carriedColumns(t, 'codeOP'),
    ),
    index('patient_list_code_op_asc_idx').on(
      sql`${t.codeOP} asc nulls last`,
      sql`${t.createdAt} desc`,
      sql`${t.patientId} desc`,
      ...carriedColumns(t, 'codeOP'),
    ),
    index('patient_list_created_idx').on(t.createdAt, t.patientId, ...carriedColumns(t)),
    // A doctor's list in its order, with every column a doctor filters on after the key (those of
    // `missing` too): a doctor's page and count are read from the index alone, never from the rows.
    index('patient_list_doctor_created_idx').on(
      t.doctorId,
      t.createdAt,
      t.patientId,
      t.codeOP,
      ...filterColumns(t),
      t.elnInputs,
      t.dxDate,
      t.riskLevel,
      t.consent,
      t.firstScheme,
      t.firstResponse,
      t.hasCytogenetics,
      t.hasMolecular,
      t.hasNgs,
      t.lastContactDate,
    ),
    // Every column the outcomes read (`patients/outcomes`), the doctor first: a cohort of the whole
    // registry, or of a doctor's patients, is read from this index alone rather than from rows wide with
    // the exports' documents; an admin's count of the patients without a field reads it too
    // (`eln_inputs`). A column an outcomes call comes to read belongs here; `outcomes-index.test.ts`
    // holds every call to it.
    index('patient_list_outcomes_idx').on(
      t.doctorId,
      t.institutionId,
      t.dxDate,
      t.deathDate,
      t.lastKnownAlive,
      t.lastContactDate,
      t.relapse,
      t.relapseDate,
      t.firstCrDate,
      t.crUndated,
      t.inductionFailure,
      t.mrdNegativeInCr,
      t.transplantType,
      t.transplantDate,
      t.firstResponse,
      t.firstScheme,
      t.dxSubType,
      t.dxSecondary,
      t.riskLevel,
      t.eln2022,
      t.eln2024,
      t.patientFit,
      t.gender,
      t.ageAtDiagnosis,
      t.wbcAtDiagnosis,
      t.consent,
      t.hasCytogenetics,
      t.hasMolecular,
      t.hasNgs,
      t.elnInputs,
    ),
    // The search's texts, as trigrams, and every equality filter of the list in one inverted index
    // (extensions pg_trgm and btree_gin). A search with other filters is one scan of it, which starts
    // from the rarest of its keys and skips through the others' lists; the few matches of equality
    // filters (read-model/list-sql.ts, `FEW_MATCHES`) are the intersection of as many lists of rows.
    // Without a pending list, so that no read scans the recent writes one by one.
    index('patient_list_filters_idx')
      .using(
        'gin',
        sql`${t.searchText} gin_trgm_ops`,
        sql`${t.reportText} gin_trgm_ops`,
        t.institutionId,
        t.doctorId,
        t.dxSubType,
        t.dxSecondary,
        t.relapse,
        t.eln2022,
        t.eln2024,
      )
      .with({ fastupdate: false }),
    // The living patients by the day their follow-up is counted from: `followUpDue` is a range of it,
    // with the columns of the list's other filters and orders, so that its count and its sorted
    // matches (read-model/list-sql.ts, `FOLLOW_UP_FEW_MATCHES`) are read from the index alone.
    index('patient_list_follow_up_idx')
      .on(t.followUpFrom, t.patientId, t.codeOP, t.createdAt, ...carriedColumns(t, 'codeOP', 'followUpFrom'))
      .where(sql`${t.followUpFrom} is not null`),
    // The patients with an error, a warning or a possible duplicate, with their rules: the quality
    // filter, the coordinator's view and a rule's patients read these few entries, never the table.
    index('patient_list_quality_idx')
      .on(
        t.institutionId,
        t.doctorId,
        t.patientId,
        t.qualityErrors,
        t.qualityWarnings,
        t.qualityDuplicate,
        t.qualityRules,
        t.codeOP,
        t.dxSubType,
        t.dxSecondary,
        t.relapse,
        t.eln2022,
        t.eln2024,
      )
      .where(sql`${t.qualityErrors} > 0 or ${t.qualityWarnings} > 0 or ${t.qualityDuplicate}`),
    // A write's possible duplicates (read-model/projection.ts, `refreshDuplicates`).
    index('patient_list_duplicate_key_idx')
      .on(t.institutionId, t.birthDate, t.gender, t.dxDate)
      .where(sql`${t.birthDate} is not null and ${t.gender} is not null and ${t.dxDate} is not null`),
  ],
);

/**
 * Each patient's records as the patient file shows them to an admin — samples, diagnostics, treatments
 * and every lab-report entry, as one JSON object — written in the same transaction as every write to
 * the patient or its records (docs/decisions/014-patient-list-projection.md). The JSON export splices
 * it into each file rather than building 100,000 files from the records; the patient file keeps reading
 * the records. `shape` names the SQL that wrote a row (`RECORDS_SHAPE`): when it changes, the server
 * writes the rows again as it starts.
 */
export const patientDocuments = pgTable('patient_documents', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  records: json('records').notNull(),
  shape: text('shape').notNull(),
});

/**
 * How many rows of `patient_list` share each combination of the list's equality filters, kept by a
 * statement-level trigger on `patient_list` in the same transaction as its rows (read-model/counts.ts,
 * docs/decisions/014-patient-list-projection.md): a count with equality filters only sums these rows.
 * The columns carry the projection's names, so that the list's own conditions apply to both; `code_op`
 * only says whether the patients have a code (1) or not (null). A combination no patient has any more
 * is removed by the change that emptied it. No index on `patients`: each write changes it, and an index
 * on it would keep PostgreSQL from updating the row in place; the table is stored half full (fillfactor
 * 50) so that a row's new version finds room on its page.
 */
export const patientListCounts = pgTable(
  'patient_list_counts',
  {
    doctorId: uuid('doctor_id').notNull(),
    institutionId: uuid('institution_id').notNull(),
    dxSubType: text('dx_sub_type'),
    dxSecondary: text('dx_secondary'),
    relapse: boolean('relapse'),
    codeOP: smallint('code_op'),
    eln2022: text('eln2022').notNull(),
    eln2024: text('eln2024').notNull().default('not_applicable'),
    patients: integer('patients').notNull(),
  },
  (t) => [
    unique('patient_list_counts_key')
      .on(t.doctorId, t.institutionId, t.dxSubType, t.dxSecondary, t.relapse, t.codeOP, t.eln2022, t.eln2024)
      .nullsNotDistinct(),
  ],
);

/**
 * Queries to doctors (CONTRACT §13, docs/api-quality.md): an admin opens one on a patient, or one of
 * its fields; the owning doctor answers; the admin closes or reopens it. `version` moves on with each
 * step (If-Match). A rule's bulk opening names the rule; a patient has at most one query of a rule
 * that is not closed.
 */
export const dataQueries = pgTable(
  'data_queries',
  {
    id: id(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    field: text('field'),
    ruleId: text('rule_id'),
    status: text('status').notNull().default('open'),
    version: integer('version').notNull().default(1),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** When the query last changed state: the age of an open or answered query counts from it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('data_queries_status_check', oneOf(t.status, QUERY_STATUSES)),
    index('data_queries_patient_idx').on(t.patientId, t.updatedAt),
    index('data_queries_status_idx').on(t.status, t.updatedAt, t.id),
    uniqueIndex('data_queries_rule_unique')
      .on(t.patientId, t.ruleId)
      .where(sql`${t.ruleId} is not null and ${t.status} <> 'closed'`),
  ],
);

/** Each step of a query's thread, oldest first. */
export const dataQueryEvents = pgTable(
  'data_query_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queryId: uuid('query_id')
      .notNull()
      .references(() => dataQueries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byUserId: uuid('by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    text: text('text'),
  },
  (t) => [
    check('data_query_events_kind_check', oneOf(t.kind, QUERY_EVENT_KINDS)),
    index('data_query_events_query_idx').on(t.queryId, t.id),
  ],
);

/**
 * Who is owed a notification mail about queries (CONTRACT §13): a recipient with news since its last
 * mail, the language it last used the registry in, and when its last mail went out — at most one a
 * day.
 */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull().default('es'),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    check('notification_recipients_language_check', oneOf(t.language, LANGUAGES)),
    index('notification_recipients_pending_idx').on(t.pendingSince).where(sql`${t.pendingSince} is not null`),
  ],
);

/**
 * Work that runs after its request answered (`background/jobs.ts`): an import's check or apply, a
 * dataset's build. `subjectId` is what it works on; `heartbeatAt` moves on while it runs, so that a job
 * its server left running is found and marked failed.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    state: text('state').notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('background_jobs_state_check', sql`${t.state} in ('running', 'done', 'failed')`),
    index('background_jobs_subject_idx').on(t.subjectId, t.startedAt),
    index('background_jobs_running_idx').on(t.heartbeatAt).where(sql`${t.state} = 'running'`),
  ],
);

/**
 * An import of a spreadsheet (CONTRACT §14, docs/api-imports.md): the file as uploaded (files live in the
 * database, decision 011), what was read of it, the mapping, the state, the check's summary. Its
 * rows are in `import_rows`.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The doctor whose patients it writes, when one is named (a doctor's own, or an admin's choice). */
    doctorId: uuid('doctor_id').references(() => doctors.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('uploaded'),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    kind: text('kind').notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    sheets: jsonb('sheets').$type<string[]>().notNull(),
    sheet: text('sheet'),
    headerRow: integer('header_row').notNull(),
    rowCount: integer('row_count').notNull(),
    /** `[{ index, header, samples }]`. */
    columns: jsonb('columns').notNull(),
    /** The mapping (the shape of `PUT …/mapping`). */
    mapping: jsonb('mapping').notNull(),
    mappingConfirmed: boolean('mapping_confirmed').notNull().default(false),
    /** The columns read and not written: `[{ index, header, variable, reason }]`. */
    ignored: jsonb('ignored').notNull().default(sql`'[]'::jsonb`),
    /** `{ new, update, unchanged, refused, conflict }` once checked. */
    summary: jsonb('summary'),
    /** Why it failed: a message key. */
    error: text('error'),
    createdAt: createdAt(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    check('imports_status_check', oneOf(t.status, IMPORT_STATUSES)),
    check('imports_kind_check', oneOf(t.kind, IMPORT_FILE_KINDS)),
    index('imports_owner_idx').on(t.ownerId, t.createdAt),
    index('imports_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Each data row of an import as the check judged it, and what its apply did: the patient, the version it
 * saw at the check (a patient whose version moved since is a conflict), the changes and refusals, and
 * for the undo the patient's records before the apply and its version after.
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The row's number in the sheet, as a spreadsheet shows it. */
    row: integer('row').notNull(),
    identification: text('identification'),
    action: text('action').notNull(),
    patientId: uuid('patient_id'),
    /** The patient's version the check compared with (null for a new patient). */
    checkedVersion: integer('checked_version'),
    changes: jsonb('changes').notNull().default(sql`'[]'::jsonb`),
    errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
    /** Once applied: the patient's records before (null for a patient the import created) and its version after. */
    applied: boolean('applied').notNull().default(false),
    before: jsonb('before'),
    appliedVersion: integer('applied_version'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row], name: 'import_rows_pkey' }),
    index('import_rows_action_idx').on(t.importId, t.action, t.row),
    index('import_rows_patient_idx').on(t.patientId).where(sql`${t.patientId} is not null`),
    check('import_rows_action_check', oneOf(t.action, IMPORT_ACTIONS)),
  ],
);

/**
 * The analysis datasets (CONTRACT §15, docs/api-datasets.md): an admin's request with its purpose,
 * filters and options, the build's state, and once ready the zip's size, SHA-256 and rows per table. The zip itself is kept in `dataset_chunks` (docs/decisions/020-analysis-datasets.md).
 */
export const datasets = pgTable(
  'datasets',
  {
    id: id(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    /** The list's filters as asked (`@registry/shared` datasetFiltersSchema). */
    filters: jsonb('filters').notNull(),
    identified: boolean('identified').notNull(),
    dates: text('dates').notNull(),
    studyKey: text('study_key').notNull(),
    freeText: boolean('free_text').notNull(),
    language: text('language').notNull(),
    /** Its build's progress is its background job's (`background_jobs`, subject the dataset's id). */
    status: text('status').notNull().default('building'),
    /** The rows of each table, once ready. */
    rows: jsonb('rows').$type<Record<string, number>>(),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    /** The smallest group of patients sharing sex, 10-year age band, centre and subtype. */
    smallestGroup: integer('smallest_group'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('datasets_created_at_idx').on(t.createdAt, t.id),
    check('datasets_status_check', oneOf(t.status, DATASET_STATUSES)),
    check('datasets_dates_check', oneOf(t.dates, DATASET_DATES)),
    check('datasets_language_check', oneOf(t.language, LANGUAGES)),
    check('datasets_free_text_identified', sql`${t.identified} or not ${t.freeText}`),
  ],
);

/** A ready dataset's zip, in pieces of at most 1 MiB in their order: written and read as a stream. */
export const datasetChunks = pgTable(
  'dataset_chunks',
  {
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.seq] }),
    check('dataset_chunks_size_check', sql`octet_length(${t.content}) between 1 and 1048576`),
  ],
);

/**
 * The centres of a study key: each institution's number (`C01`, …), given in the order of the keyed
 * hash the first time a dataset of that key is built, and kept, so that a centre has the same number
 * in every dataset of the key, whatever institutions come later. `study` is the keyed hash of the study
 * key (docs/decisions/020-analysis-datasets.md).
 */
export const datasetCentres = pgTable(
  'dataset_centres',
  {
    study: text('study').notNull(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.study, t.institutionId] }),
    unique('dataset_centres_number_unique').on(t.study, t.number),
    check('dataset_centres_number_positive', sql`${t.number} > 0`),
  ],
);
