import { LAB_REPORT_NAMES, NGS_OP, type PatientFilters, type PatientListQuery } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../db/search.ts';

/**
 * The SQL of the patient list, the patient file and the exports, in one place so that the list, its
 * exports and the file always agree. Patients are `p`, their institution `i`. Every value a client sends
 * travels as a bound parameter. Nested records come back as JSON built by the database, so that a page,
 * a file or a batch of an export is one statement, never one per row.
 */

/** Who is reading: admins see every patient and the admin-only fields; a doctor their own patients. */
export interface Viewer {
  readonly isAdmin: boolean;
  readonly doctorId: string | null;
}

/** A timestamp as ISO 8601 in UTC, whatever the session's time zone. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const fileRef = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'date', ${alias}.date) end`,
  );

/**
 * "The first diagnostic" of a patient is the one recorded first. Checked per candidate row through
 * the (patient_id, created_at) index, after an index on the filtered column found the candidates.
 */
const IS_FIRST_DIAGNOSTIC = sql.raw(
  'fd.id = (select e.id from diagnostics e where e.patient_id = fd.patient_id order by e.created_at, e.id limit 1)',
);

/** `%text%` for LIKE, with LIKE's own wildcards escaped. */
const containsPattern = (text: string) => `%${escapeLike(text)}%`;

const CODE_OP_TEXT = /^(?:AL-OP#)?\s*(\d{1,9})$/i;

/**
 * The WHERE conditions of a list or export (CONTRACT.md §3). Diagnostic filters apply to the first
 * diagnostic, the one the row shows. A doctor's text search does not match codeOP, which they may
 * not see. Each condition can use an index: the trigram indexes for text, the diagnostic indexes for
 * subtype and relapse date, the unique indexes for codeOP and institution code.
 */
export function patientConditions(viewer: Viewer, filters: PatientFilters): SQL[] {
  const conditions: SQL[] = [];
  if (!viewer.isAdmin) {
    conditions.push(viewer.doctorId ? sql`p.doctor_id = ${viewer.doctorId}` : sql`false`);
  }
  if (filters.institutionCode) {
    conditions.push(
      sql`p.institution_id = any(array(select ic.id from institutions ic where lower(ic.code) = lower(${filters.institutionCode})))`,
    );
  }
  const diagnostic: SQL[] = [];
  if (filters.subtype === 'Other') {
    diagnostic.push(sql`fd.dx_sub_type like 'Other: %'`);
  } else if (filters.subtype) {
    diagnostic.push(sql`fd.dx_sub_type = ${filters.subtype}`);
  }
  if (filters.dx) {
    diagnostic.push(sql`fd.dx_secondary = ${filters.dx}`);
  }
  if (filters.relapse) {
    diagnostic.push(sql`fd.relapse = ${filters.relapse === 'true'}`);
  }
  if (filters.obito) {
    const [from, to] = filters.obito.split(',');
    diagnostic.push(sql`fd.relapse_date between ${from}::date and ${to}::date`);
  }
  if (diagnostic.length > 0) {
    conditions.push(
      sql`p.id in (select fd.patient_id from diagnostics fd where ${sql.join(diagnostic, sql` and `)} and ${IS_FIRST_DIAGNOSTIC})`,
    );
  }
  if (filters.text) {
    const pattern = sql`registry_search_text(${containsPattern(filters.text)})`;
    const matches = [
      sql`registry_search_text(p.identification) like ${pattern}`,
      // An array, not a subquery: `= any(array)` can join the other branches in one BitmapOr.
      sql`p.institution_id = any(array(select it.id from institutions it where registry_search_text(it.name) like ${pattern}))`,
    ];
    const code = CODE_OP_TEXT.exec(filters.text);
    if (viewer.isAdmin && code?.[1]) {
      matches.push(sql`p.code_op = ${Number(code[1])}`);
    }
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  return conditions;
}

export function whereOf(conditions: readonly SQL[]): SQL {
  return conditions.length > 0 ? sql`where ${sql.join([...conditions], sql` and `)}` : sql``;
}

/**
 * The list's order: admins `codeOP desc` by default (patients without a code last), doctors
 * `createdAt desc`; a doctor cannot sort by a code they do not see. Each order matches an index.
 */
export function listOrder(viewer: Viewer, query: Pick<PatientListQuery, 'orderBy' | 'order'>): SQL {
  const orderBy = viewer.isAdmin ? (query.orderBy ?? 'codeOP') : 'createdAt';
  const direction = query.order ?? 'desc';
  if (orderBy === 'codeOP') {
    return direction === 'asc'
      ? sql`order by p.code_op asc nulls last, p.created_at desc, p.id desc`
      : sql`order by p.code_op desc nulls last, p.created_at desc, p.id desc`;
  }
  return direction === 'asc'
    ? sql`order by p.created_at asc, p.id asc`
    : sql`order by p.created_at desc, p.id desc`;
}

const reportContent = (name: string) =>
  sql`(select r.content from lab_reports r where r.patient_id = p.id and r.name = ${name})`;

/** The columns of a list row; the first diagnostic comes as JSON. */
export function listColumns(viewer: Viewer): SQL {
  return sql`p.id as "id", p.identification as "identification", p.code_op as "codeOP",
    p.death_date::text as "deathDate", i.name as "institutionName", i.code as "institutionCode",
    ${reportContent('NGS')} as "ngs",
    ${viewer.isAdmin ? reportContent(NGS_OP) : sql`null`} as "ngsOp",
    ${reportContent('Molecular Studies')} as "molecular",
    (select json_build_object('dxSubType', fd.dx_sub_type, 'dxSecondary', fd.dx_secondary, 'relapse', fd.relapse)
       from diagnostics fd where fd.patient_id = p.id order by fd.created_at, fd.id limit 1) as "firstDiagnostic"`;
}

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

const PART_SQL: Record<DocumentPart, (viewer: Viewer) => SQL> = {
  demography:
    () => sql`(select json_build_object('birthDate', dm.birth_date, 'gender', dm.gender, 'ecog', dm.ecog,
      'app', dm.app, 'createdAt', ${iso('dm.created_at')})
    from demographies dm where dm.patient_id = p.id) as "demography"`,
  samples: () => sql`(select coalesce(json_agg(json_build_object('id', s.id, 'sampleType', s.sample_type,
      'sampleDate', s.sample_date, 'file', ${fileRef('sf')}) order by s.created_at, s.sample_date, s.id), '[]'::json)
    from samples s left join files sf on sf.id = s.file_id where s.patient_id = p.id) as "samples"`,
  diagnostics: () => sql`(select coalesce(json_agg(json_build_object('id', d.id, 'dxDate', d.dx_date,
      'dxSecondary', d.dx_secondary, 'dxSubType', d.dx_sub_type, 'organsFailures', d.organs_failures,
      'patientFit', d.patient_fit, 'relapse', d.relapse, 'relapseDate', d.relapse_date, 'riskLevel', d.risk_level,
      'consent', d.consent, 'consentDate', d.consent_date, 'dxSecondaryDescription', d.dx_secondary_description)
      order by d.created_at, d.id), '[]'::json)
    from diagnostics d where d.patient_id = p.id) as "diagnostics"`,
  treatments: () => sql`(select coalesce(json_agg(json_build_object('id', t.id, 'order', t."order",
      'scheme', t.scheme, 'startDate', t.start_date, 'toxicities', t.toxicities,
      'diseaseAssessment', t.disease_assessment, 'medulogram', t.medulogram, 'medulogramDate', t.medulogram_date,
      'EMR', t.emr, 'EMRDate', t.emr_date, 'EMRBlasts', t.emr_blasts, 'clinicalMonitoring', t.clinical_monitoring,
      'drugs', (select coalesce(json_agg(json_build_object('id', g.id, 'order', g."order", 'name', g.name,
          'dose', g.dose, 'startApplicationDate', g.start_application_date,
          'lastAplicationDate', g.last_aplication_date) order by g."order"), '[]'::json)
        from drugs g where g.treatment_id = t.id)) order by t."order"), '[]'::json)
    from treatments t where t.patient_id = p.id) as "treatments"`,
  reports: (viewer) => sql`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
      'content', r.content, 'date', r.date, 'file', ${fileRef('rf')})
      order by array_position(${REPORT_ORDER}, r.name) nulls last, r.created_at, r.id), '[]'::json)
    from lab_reports r left join files rf on rf.id = r.file_id
    where r.patient_id = p.id ${viewer.isAdmin ? sql`` : sql`and r.name <> ${NGS_OP}`}) as "reports"`,
};

/** The columns of a patient's document (CONTRACT.md §4), with the nested parts asked for. */
export function documentColumns(viewer: Viewer, parts: readonly DocumentPart[] = ALL_PARTS): SQL {
  const nested = parts.map((part) => PART_SQL[part](viewer));
  return sql`p.id as "id", p.identification as "identification", p.code_op as "codeOP", p.version as "version",
    ${iso('p.created_at')} as "createdAt", ${iso('p.updated_at')} as "updatedAt",
    p.risk_level as "riskLevel", p.death_date::text as "deathDate", p.death_cause as "deathCause",
    i.id as "institutionId", i.name as "institutionName", i.code as "institutionCode", i.type as "institutionType",
    dr.id as "doctorId", dr.first_name as "doctorFirstName", dr.last_name as "doctorLastName"
    ${nested.length > 0 ? sql`, ${sql.join(nested, sql`, `)}` : sql``}`;
}

export const DOCUMENT_FROM = sql.raw(
  'from patients p join institutions i on i.id = p.institution_id join doctors dr on dr.id = p.doctor_id',
);
