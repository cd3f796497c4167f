import { LAB_REPORT_NAMES, NGS_OP, seesAdminFields } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../patient-access.ts';

/**
 * The SQL of a patient's document (docs/product-rules.md#records): the patient file, the records a write
 * answers and the exports read it. Nested records come back as JSON built by the database, so that a
 * file or a batch of an export is one statement, never one per row. The admin-only NGS OP entry is left
 * out here for other viewers (the shared policy's `seesLabReport`, in SQL).
 */

/** A timestamp as ISO 8601 in UTC, whatever the session's time zone. */
export const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const fileRef = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'date', ${alias}.date) end`,
  );

/** Lab-report entries come in the form's order: the fixed names, NGS OP, then custom ones. */
const REPORT_ORDER = sql.raw(
  `array[${[...LAB_REPORT_NAMES, NGS_OP].map((name) => `'${name}'`).join(', ')}]::text[]`,
);

/** The parts of a patient's document that a reader needs; the XLSX sheets each read one. */
export type DocumentPart = 'demography' | 'samples' | 'diagnostics' | 'treatments' | 'reports';
export const ALL_PARTS: readonly DocumentPart[] = [
  'demography',
  'samples',
  'diagnostics',
  'treatments',
  'reports',
];

/**
 * Each record of a patient as JSON, from its row (aliases: `dm` demography, `s`/`sf` a sample and its
 * file, `d` a diagnostic, `t` a treatment, `g` a drug, `r`/`rf` a lab-report entry and its file), and the
 * order records come in: written once for the patient file, which reads one patient's records, and for
 * the JSON export, which reads a batch of patients' records at a time.
 */
export const RECORD_JSON = {
  sample: sql`json_build_object('id', s.id, 'sampleType', s.sample_type, 'sampleDate', s.sample_date,
    'file', ${fileRef('sf')})`,
  diagnostic: sql`json_build_object('id', d.id, 'dxDate', d.dx_date,
    'dxSecondary', d.dx_secondary, 'dxSubType', d.dx_sub_type, 'organsFailures', d.organs_failures,
    'patientFit', d.patient_fit, 'relapse', d.relapse, 'relapseDate', d.relapse_date, 'riskLevel', d.risk_level,
    'consent', d.consent, 'consentDate', d.consent_date, 'dxSecondaryDescription', d.dx_secondary_description)`,
  drug: sql`json_build_object('id', g.id, 'order', g."order", 'name', g.name, 'dose', g.dose,
    'startApplicationDate', g.start_application_date, 'lastAplicationDate', g.last_aplication_date)`,
  treatment: (drugs: SQL) => sql`json_build_object('id', t.id, 'order', t."order",
    'scheme', t.scheme, 'startDate', t.start_date, 'toxicities', t.toxicities,
    'diseaseAssessment', t.disease_assessment, 'medulogram', t.medulogram, 'medulogramDate', t.medulogram_date,
    'EMR', t.emr, 'EMRDate', t.emr_date, 'EMRBlasts', t.emr_blasts, 'clinicalMonitoring', t.clinical_monitoring,
    'drugs', ${drugs})`,
  report: sql`json_build_object('id', r.id, 'name', r.name, 'content', r.content, 'date', r.date,
    'file', ${fileRef('rf')})`,
};

export const RECORD_ORDER = {
  sample: sql.raw('s.created_at, s.sample_date, s.id'),
  diagnostic: sql.raw('d.created_at, d.id'),
  treatment: sql.raw('t."order"'),
  drug: sql.raw('g."order"'),
  report: sql`array_position(${REPORT_ORDER}, r.name) nulls last, r.created_at, r.id`,
};

/** A list of JSON records, an empty list when there is none. */
const listOf = (records: SQL, order: SQL) =>
  sql`coalesce(json_agg(${records} order by ${order}), '[]'::json)`;

const DRUGS_OF_T = sql`(select ${listOf(RECORD_JSON.drug, RECORD_ORDER.drug)} from drugs g where g.treatment_id = t.id)`;

const PART_SQL: Record<DocumentPart, (viewer: Viewer) => SQL> = {
  demography:
    () => sql`(select json_build_object('birthDate', dm.birth_date, 'gender', dm.gender, 'ecog', dm.ecog,
      'app', dm.app, 'createdAt', ${iso('dm.created_at')})
    from demographies dm where dm.patient_id = p.id) as "demography"`,
  samples: () => sql`(select ${listOf(RECORD_JSON.sample, RECORD_ORDER.sample)}
    from samples s left join files sf on sf.id = s.file_id where s.patient_id = p.id) as "samples"`,
  diagnostics: () => sql`(select ${listOf(RECORD_JSON.diagnostic, RECORD_ORDER.diagnostic)}
    from diagnostics d where d.patient_id = p.id) as "diagnostics"`,
  treatments: () => sql`(select ${listOf(RECORD_JSON.treatment(DRUGS_OF_T), RECORD_ORDER.treatment)}
    from treatments t where t.patient_id = p.id) as "treatments"`,
  reports: (viewer) => sql`(select ${listOf(RECORD_JSON.report, RECORD_ORDER.report)}
    from lab_reports r left join files rf on rf.id = r.file_id
    where r.patient_id = p.id ${seesAdminFields(viewer) ? sql`` : sql`and r.name <> ${NGS_OP}`}) as "reports"`,
};

/** The columns of a patient's document (docs/product-rules.md#records), with the nested parts asked for. */
export function documentColumns(viewer: Viewer, parts: readonly DocumentPart[] = ALL_PARTS): SQL {
  const nested = parts.map((part) => PART_SQL[part](viewer));
  return sql`p.id as "id", p.identification as "identification", p.code_op as "codeOP", p.version as "version",
    ${iso('p.created_at')} as "createdAt", ${iso('p.updated_at')} as "updatedAt",
    p.risk_level as "riskLevel", p.death_date::text as "deathDate", p.death_cause as "deathCause",
    p.last_contact_date::text as "lastContactDate",
    i.id as "institutionId", i.name as "institutionName", i.code as "institutionCode", i.type as "institutionType",
    dr.id as "doctorId", dr.first_name as "doctorFirstName", dr.last_name as "doctorLastName"
    ${nested.length > 0 ? sql`, ${sql.join(nested, sql`, `)}` : sql``}`;
}

export const DOCUMENT_FROM = sql.raw(
  'from patients p join institutions i on i.id = p.institution_id join doctors dr on dr.id = p.doctor_id',
);
