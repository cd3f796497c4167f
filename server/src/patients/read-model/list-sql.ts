import {
  NGS_OP,
  type PatientFilters,
  type PatientListQuery,
  patientSortFor,
  seesAdminFields,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/search.ts';
import type { Viewer } from '../patient-access.ts';

/**
 * The SQL of the patient list and of the exports' row selection (docs/product-rules.md#patient-list),
 * in one place so that the list and its exports always agree. Patients are `p`, their institution `i`.
 * Every value a client sends travels as a bound parameter.
 */

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
 * The WHERE conditions of a list or export (docs/product-rules.md#patient-list). Diagnostic filters apply to the first
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
    if (seesAdminFields(viewer) && code?.[1]) {
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
  const { orderBy, order: direction } = patientSortFor(viewer, query);
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
    ${seesAdminFields(viewer) ? reportContent(NGS_OP) : sql`null`} as "ngsOp",
    ${reportContent('Molecular Studies')} as "molecular",
    (select json_build_object('dxSubType', fd.dx_sub_type, 'dxSecondary', fd.dx_secondary, 'relapse', fd.relapse)
       from diagnostics fd where fd.patient_id = p.id order by fd.created_at, fd.id limit 1) as "firstDiagnostic"`;
}
