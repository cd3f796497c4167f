import { NGS_OP, seesAdminFields } from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../patient-access.ts';
import {
  ageSql,
  firstDiagnostic,
  iso,
  LIST_OF_X,
  RECORD_FIELDS,
  RECORD_ORDER,
  recordRow,
} from './records-sql.ts';

/**
 * The SQL of a patient's document (docs/product-rules.md#records): the patient file, the records a write
 * answers and the exports read it. Nested records come back as JSON built by the database, so that a
 * file or a batch of an export is one statement, never one per row. The admin-only NGS OP entry is left
 * out here for other viewers (the shared policy's `seesLabReport`, in SQL).
 */

/** The parts of a patient's document that a reader needs; the XLSX sheets each read one. */
export type DocumentPart = 'demography' | 'samples' | 'diagnostics' | 'treatments' | 'reports';
export const ALL_PARTS: readonly DocumentPart[] = [
  'demography',
  'samples',
  'diagnostics',
  'treatments',
  'reports',
];

const DRUGS_OF_T = sql`(select ${LIST_OF_X(RECORD_ORDER.drug)} from drugs g ${recordRow(RECORD_FIELDS.drug, 'x')}
  where g.treatment_id = t.id)`;

const PART_SQL: Record<DocumentPart, (viewer: Viewer, today: string | null) => SQL> = {
  demography: (
    _viewer,
    today,
  ) => sql`(select json_build_object('birthDate', dm.birth_date, 'gender', dm.gender,
      'ecog', dm.ecog, 'app', dm.app,
      'age', ${ageSql(sql`dm.birth_date`, sql`coalesce((select fd.dx_date from ${firstDiagnostic(sql`p.id`, 'x')} fd), ${today}::date)`)},
      'createdAt', ${iso('dm.created_at')})
    from demographies dm where dm.patient_id = p.id) as "demography"`,
  samples: () => sql`(select ${LIST_OF_X(RECORD_ORDER.sample)}
    from samples s left join files sf on sf.id = s.file_id ${recordRow(RECORD_FIELDS.sample, 'x')}
    where s.patient_id = p.id) as "samples"`,
  diagnostics: () => sql`(select ${LIST_OF_X(RECORD_ORDER.diagnostic)}
    from diagnostics d ${recordRow(RECORD_FIELDS.diagnostic, 'x')} where d.patient_id = p.id) as "diagnostics"`,
  treatments: () => sql`(select ${LIST_OF_X(RECORD_ORDER.treatment)}
    from treatments t ${recordRow(RECORD_FIELDS.treatment(DRUGS_OF_T), 'x')} where t.patient_id = p.id) as "treatments"`,
  reports: (viewer) => sql`(select ${LIST_OF_X(RECORD_ORDER.report)}
    from lab_reports r left join files rf on rf.id = r.file_id ${recordRow(RECORD_FIELDS.report, 'x')}
    where r.patient_id = p.id ${seesAdminFields(viewer) ? sql`` : sql`and r.name <> ${NGS_OP}`}) as "reports"`,
};

/**
 * Whether the patient is a possible duplicate, as the viewer may be told (CONTRACT §13, amended
 * 2026-11-29): the kept flag names a duplicate among one doctor's own patients; an admin is also told
 * of one with another doctor's patient of the institution, read through the duplicate key's index.
 */
function duplicateFor(viewer: Viewer): SQL {
  if (!viewer.isAdmin) {
    return sql`l.quality_duplicate`;
  }
  return sql`(l.quality_duplicate or exists (select 1 from patient_list o
      where o.institution_id = l.institution_id and o.birth_date = l.birth_date and o.gender = l.gender
        and o.dx_date = l.dx_date and o.patient_id <> l.patient_id))`;
}

/**
 * The columns of a patient's document (docs/product-rules.md#records), with the nested parts asked for.
 * `today` is the day the demography's age counts to when there is no diagnosis date.
 */
export function documentColumns(
  viewer: Viewer,
  today: string | null,
  parts: readonly DocumentPart[] = ALL_PARTS,
): SQL {
  const nested = parts.map((part) => PART_SQL[part](viewer, today));
  return sql`p.id as "id", p.identification as "identification", p.code_op as "codeOP", p.version as "version",
    ${iso('p.created_at')} as "createdAt", ${iso('p.updated_at')} as "updatedAt",
    p.risk_level as "riskLevel", p.death_date::text as "deathDate", p.death_cause as "deathCause",
    p.last_contact_date::text as "lastContactDate",
    i.id as "institutionId", i.name as "institutionName", i.code as "institutionCode", i.type as "institutionType",
    dr.id as "doctorId", dr.first_name as "doctorFirstName", dr.last_name as "doctorLastName",
    (select json_build_object('duplicate', ${duplicateFor(viewer)}, 'overdueFrom', l.quality_overdue_from,
      'today', current_date) from patient_list l where l.patient_id = p.id) as "qualityContext"
    ${nested.length > 0 ? sql`, ${sql.join(nested, sql`, `)}` : sql``}`;
}

export const DOCUMENT_FROM = sql.raw(
  'from patients p join institutions i on i.id = p.institution_id join doctors dr on dr.id = p.doctor_id',
);
