import {
  adminOnlyFiltersOf,
  type CompletenessField,
  ELN_INPUT_FIELDS,
  type ElnInputField,
  elnInputBit,
  isElnInputField,
  LAB_REPORT,
  type MissingField,
  NGS_OP,
  type PatientFilters,
  type PatientListQuery,
  patientFilterFields,
  patientSortFor,
  relapseRangeOf,
  seesAdminFields,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/search.ts';
import { whereOf } from '../../db/statements.ts';
import { badRequest } from '../../http/errors.ts';
import type { Viewer } from '../patient-access.ts';
import { todayOf } from '../patient-rules.ts';
import { QUALITY_CONDITIONS, QUALITY_WARNINGS_SQL } from './quality-sql.ts';
import { isOther, iso, reportContentOf } from './records-sql.ts';

/**
 * The SQL of the patient list, its counts, the exports' row selection and the outcomes cohort
 * (docs/product-rules.md#patient-list), over the read model `patient_list` (alias `l`), in one place so
 * that they always agree on what a filter means. Every value a client sends travels as a bound
 * parameter; every condition and every order has an index of the read model.
 */

/** `%text%` for LIKE, with LIKE's own wildcards escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

const CODE_OP_TEXT = /^(?:AL-OP#)?\s*(\d{1,9})$/i;

/**
 * A free-text search, in two parts: the patients whose own text matches (identification, the contents
 * of the lab reports a doctor sees, and for admins a Code OP), and the patients of the institutions
 * whose name matches. A list asks for either; a page of few matches finds each part through its own
 * index (`fewMatchesSql`).
 */
interface TextSearch {
  readonly patients: SQL;
  readonly institutions: SQL;
}

/**
 * What a search compares of a patient's own row: the identification and the contents of the lab
 * reports a doctor sees (not NGS OP), both through their trigrams in the filters index.
 */
const SEARCHED_COLUMNS = ['l.search_text', 'l.report_text'] as const;

function textSearch(viewer: Viewer, text: string): TextSearch {
  const pattern = searchPatternOf(text);
  const ownText = sql`(${sql.join(
    SEARCHED_COLUMNS.map((column) => sql`${sql.raw(column)} like ${pattern}`),
    sql` or `,
  )})`;
  const digits = CODE_OP_TEXT.exec(text)?.[1];
  const code = seesAdminFields(viewer) && digits ? sql`l.code_op = ${Number(digits)}` : null;
  return {
    patients: code ? sql`(${ownText} or ${code})` : ownText,
    // An array, not a subquery: `= any(array)` can join the other branches in one BitmapOr.
    institutions: sql`l.institution_id = any(array(select it.id from institutions it where registry_search_text(it.name) like ${pattern}))`,
  };
}

/** What a search for `text` compares, as the database normalises it: `registry_search_text('%text%')`. */
export const searchPatternOf = (text: string): SQL => sql`registry_search_text(${containsPattern(text)})`;

/**
 * The rows of the institution whose code is `code`, whatever its case (none for an unknown code). The
 * code is unique, so the institution is one value, found before the rows: an index led by the
 * institution then gives the rows in its order (a list of values, `= any(…)`, would not, and a page
 * walked the whole registry's order to find the institution's rows among it).
 */
export const ofInstitutionCode = (column: SQL, code: string): SQL =>
  sql`${column} = (select ic.id from institutions ic where lower(ic.code) = lower(${code}))`;

/** A patient the ELN 2022 applies to (an AML), whose ELN inputs the coordinator's view counts. */
export const AML_PATIENT = "l.eln2022 <> 'not_applicable'";

/**
 * Each field the summary and the coordinator's view count, and the condition under which a patient has
 * it, written once: the `missing` filter is its negation, so that a figure and the list it links to
 * always agree. The ELN inputs a patient has are derived in TypeScript as it is written (shared
 * `elnInputsPresent`) and kept as one bit each in `eln_inputs`: a count reads no genetics.
 */
export const FIELD_PRESENT: Readonly<Record<CompletenessField | ElnInputField, string>> = {
  dxDate: 'l.dx_date is not null',
  dxSubType: 'l.dx_sub_type is not null',
  riskLevel: 'l.risk_level is not null',
  consent: 'l.consent',
  firstLineScheme: 'l.first_scheme is not null',
  firstLineResponse: 'l.first_response is not null',
  cytogenetics: 'l.has_cytogenetics',
  molecularStudies: 'l.has_molecular',
  ngs: 'l.has_ngs',
  lastContactDate: 'l.last_contact_date is not null',
  ...(Object.fromEntries(
    ELN_INPUT_FIELDS.map((field) => [field, `(l.eln_inputs & ${elnInputBit(field)}) <> 0`]),
  ) as Record<ElnInputField, string>),
};

/**
 * The patients without a field (for an ELN input, the AML patients without it), as the text the
 * counts' triggers are written from (`counts.ts`) and as the list's condition.
 */
export function missingText(field: MissingField): string {
  const lacks = `not coalesce(${FIELD_PRESENT[field]}, false)`;
  return isElnInputField(field) ? `(${AML_PATIENT} and ${lacks})` : `(${lacks})`;
}

export const missingCondition = (field: MissingField): SQL => sql.raw(missingText(field));

/**
 * The day a living patient's follow-up is counted from (CONTRACT §9): the last known alive date, or,
 * for a patient with no dated record at all, the day it was registered — a patient registered today is
 * not due. Kept in the row (shared `followUpFrom`, null for a patient who died), with its indexes.
 */
export const FOLLOW_UP_FROM = sql.raw('l.follow_up_from');

/** The living patients whose last news is older than `months` months on `today` (CONTRACT §9). */
export function followUpDueCondition(today: string, months: number): SQL {
  return sql`${FOLLOW_UP_FROM} < (${today}::date - make_interval(months => ${months}))::date`;
}

/**
 * The WHERE conditions of a list, an export or a cohort, but for the free-text search. Diagnostic
 * filters apply to the first diagnostic, the one the row shows. A doctor sees only their own patients,
 * and may not filter by codeOP, which they may not see (400).
 */
function filterConditions(viewer: Viewer, filters: PatientFilters): SQL[] {
  const adminOnly = seesAdminFields(viewer) ? [] : adminOnlyFiltersOf(filters);
  if (adminOnly.length > 0) {
    throw badRequest(Object.fromEntries(adminOnly.map((key) => [key, 'validation.adminOnlyFilter'])));
  }
  const conditions: SQL[] = [];
  if (!viewer.isAdmin) {
    conditions.push(viewer.doctorId ? sql`l.doctor_id = ${viewer.doctorId}` : sql`false`);
  }
  if (filters.institutionCode) {
    conditions.push(ofInstitutionCode(sql.raw('l.institution_id'), filters.institutionCode));
  }
  if (filters.subtype === 'Other') {
    conditions.push(isOther('l.dx_sub_type'));
  } else if (filters.subtype) {
    conditions.push(sql`l.dx_sub_type = ${filters.subtype}`);
  }
  if (filters.dx) {
    conditions.push(sql`l.dx_secondary = ${filters.dx}`);
  }
  if (filters.relapse) {
    conditions.push(sql`l.relapse = ${filters.relapse === 'true'}`);
  }
  if (filters.codeOP === 'missing') {
    conditions.push(sql`l.code_op is null`);
  } else if (filters.codeOP === 'present') {
    conditions.push(sql`l.code_op is not null`);
  }
  if (filters.eln) {
    conditions.push(sql`l.eln2022 = ${filters.eln}`);
  }
  if (filters.eln2024) {
    conditions.push(sql`l.eln2024 = ${filters.eln2024}`);
  }
  if (filters.obito) {
    const [from, to] = relapseRangeOf(filters.obito);
    conditions.push(sql`l.relapse_date between ${from}::date and ${to}::date`);
  }
  if (filters.quality) {
    conditions.push(QUALITY_CONDITIONS[filters.quality]);
  }
  if (filters.doctorId) {
    conditions.push(sql`l.doctor_id = ${filters.doctorId}`);
  }
  if (filters.followUpDue) {
    conditions.push(followUpDueCondition(todayOf(new Date()), filters.followUpDue));
  }
  if (filters.missing) {
    conditions.push(missingCondition(filters.missing));
  }
  if (filters.query) {
    conditions.push(
      sql`exists (select 1 from data_queries q where q.patient_id = l.patient_id and q.status = ${filters.query})`,
    );
  }
  return conditions;
}

/**
 * The WHERE conditions of a list, an export or a cohort. A doctor's text search does not match codeOP,
 * which they may not see.
 */
export function listConditions(viewer: Viewer, filters: PatientFilters): SQL[] {
  const conditions = filterConditions(viewer, filters);
  if (filters.text) {
    const search = textSearch(viewer, filters.text);
    conditions.push(sql`(${search.patients} or ${search.institutions})`);
  }
  return conditions;
}

/**
 * The list's order: admins `codeOP desc` by default (patients without a code last), doctors
 * `createdAt desc`; a doctor cannot sort by a code they do not see. Each order matches an index.
 */
export function listOrder(viewer: Viewer, query: Pick<PatientListQuery, 'orderBy' | 'order'>): SQL {
  const { orderBy, order: direction } = patientSortFor(viewer, query);
  if (orderBy === 'codeOP') {
    return direction === 'asc'
      ? sql`order by l.code_op asc nulls last, l.created_at desc, l.patient_id desc`
      : sql`order by l.code_op desc nulls last, l.created_at desc, l.patient_id desc`;
  }
  return direction === 'asc'
    ? sql`order by l.created_at asc, l.patient_id asc`
    : sql`order by l.created_at desc, l.patient_id desc`;
}

/**
 * Up to this many matches, a page sorts the matches themselves, fetched through the filters index;
 * beyond, it walks the index of its order until the page is full, checking the filters on the entries
 * that index carries, never on the rows.
 */
export const FEW_MATCHES = 500;

/**
 * The same with `followUpDue`, whose matches are the oldest news: they gather at the end of every
 * order of the list (the oldest codes and registrations), so a walk passes most of the registry before
 * it finds a page, where sorting them from the follow-up index, which carries the orders' columns, is
 * cheap (docs/performance.md).
 */
export const FOLLOW_UP_FEW_MATCHES = 5000;

/** Whether a page of `total` matches sorts them rather than walking the index of its order. */
export const fewMatches = (filters: PatientFilters, total: number): boolean =>
  total <= (filters.followUpDue ? FOLLOW_UP_FEW_MATCHES : FEW_MATCHES);

/**
 * Whether a list sets no filter: its page then matches every patient the viewer sees, whatever the
 * values bound to it, so one plan serves every request and the page can be a prepared statement.
 */
export function isUnfiltered(filters: PatientFilters): boolean {
  return (Object.keys(patientFilterFields) as (keyof PatientFilters)[]).every(
    (key) => filters[key] === undefined,
  );
}

/**
 * The few matches of a page, with the columns of its orders. A search's are found in its two parts:
 * the patients whose own text matches (through the trigrams of the filters index, with the other
 * filters), and those of the institutions whose name matches. As one condition, the two parts joined
 * by `or`, the planner cannot tell how few the text matches, and reads every row the other filters
 * match to check it.
 */
function fewMatchesSql(viewer: Viewer, query: PatientListQuery): SQL {
  const columns = sql`l.patient_id, l.code_op, l.created_at`;
  if (!query.text) {
    return sql`select ${columns} from patient_list l ${whereOf(listConditions(viewer, query))} offset 0`;
  }
  const conditions = filterConditions(viewer, query);
  const search = textSearch(viewer, query.text);
  return sql`select ${columns} from patient_list l ${whereOf([...conditions, search.patients])}
    union select ${columns} from patient_list l ${whereOf([...conditions, search.institutions])}`;
}

/**
 * One page of the list: the page's keys are found first, and only the rows of the page are then read —
 * an offset skips index entries, never whole rows. With many matches (`few`
 * false) the keys come from walking the index of the list's order, which finds a page after a few
 * rows. With few, that walk could pass most of the table before it finds them (a relapse-date range far
 * from the newest codes): the matches are then read from their own indexes and sorted.
 */
export function pageSql(viewer: Viewer, query: PatientListQuery, few = false): SQL {
  const order = listOrder(viewer, query);
  const matches = few
    ? sql`(${fewMatchesSql(viewer, query)}) l`
    : sql`patient_list l ${whereOf(listConditions(viewer, query))}`;
  return sql`with page as materialized (
      select l.patient_id from ${matches}
      ${order} limit ${query.size} offset ${query.page * query.size}
    )
    select l.patient_id as "id", l.identification as "identification", l.code_op as "codeOP",
      l.death_date::text as "deathDate", ${iso('l.created_at')} as "createdAt", i.name as "institutionName", i.code as "institutionCode",
      ${reportContentOf(LAB_REPORT.ngs)} as "ngs",
      ${seesAdminFields(viewer) ? reportContentOf(NGS_OP) : sql`null`} as "ngsOp",
      ${reportContentOf(LAB_REPORT.molecular)} as "molecular",
      l.has_diagnostic as "hasDiagnostic", l.dx_sub_type as "dxSubType", l.dx_secondary as "dxSecondary",
      l.relapse as "relapse", l.eln2022 as "eln2022", l.eln2024 as "eln2024",
      l.quality_errors as "qualityErrors", ${QUALITY_WARNINGS_SQL} as "qualityWarnings"
    from page join patient_list l on l.patient_id = page.patient_id
    join institutions i on i.id = l.institution_id
    ${order}`;
}

/**
 * The filters the kept counts (`patient_list_counts`, counts.ts) hold: equality on their key. The
 * table's columns carry the list's names (its `code_op` is 1 or null), so that `listConditions` means
 * the same on it and on the list.
 */
const COUNTED_FILTERS: ReadonlySet<keyof PatientFilters> = new Set([
  'institutionCode',
  'subtype',
  'dx',
  'relapse',
  'codeOP',
  'eln',
  'eln2024',
  'doctorId',
] as const);

/**
 * Whether a count sums the kept counts: every filter it sets is an equality they hold. Its best plan is
 * then the same whatever the values, so it is prepared once (db/prepared.ts); a count of rows is planned
 * for its values, since how many rows a value matches decides which index finds them.
 */
export function isKeptCount(filters: PatientFilters): boolean {
  return (Object.keys(patientFilterFields) as (keyof PatientFilters)[]).every(
    (key) => filters[key] === undefined || COUNTED_FILTERS.has(key),
  );
}

/**
 * How many patients match: with equality filters only, the sum of the kept counts that match them;
 * else a count of the matching rows through the index that serves the page (a search through the
 * trigrams of the filters index, a follow-up due through its own, the rest from a covering index). A
 * search counts in its two parts: the patients of the institutions whose name matches, an equality
 * filter like the others (so from the kept counts when the rest are too), and the patients elsewhere
 * whose own text matches. As one condition, a search matching a hospital's name read each of its rows.
 */
export function countSql(viewer: Viewer, filters: PatientFilters): SQL {
  const { text, ...rest } = filters;
  const conditions = filterConditions(viewer, filters);
  const kept = isKeptCount(rest);
  const count = (more: readonly SQL[], fromKept: boolean) =>
    fromKept
      ? sql`(select coalesce(sum(l.patients), 0) from patient_list_counts l ${whereOf([...conditions, ...more])})`
      : sql`(select count(*) from patient_list l ${whereOf([...conditions, ...more])})`;
  if (!text) {
    return sql`select ${count([], kept)}::int as "total"`;
  }
  const search = textSearch(viewer, text);
  return sql`select (${count([search.institutions], kept)} + ${count(
    [sql`not ${search.institutions}`, search.patients],
    false,
  )})::int as "total"`;
}
