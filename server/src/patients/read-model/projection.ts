import { createHash } from 'node:crypto';
import { LAB_REPORT, LAB_REPORT_NAMES, NGS_OP } from '@registry/shared';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { patientList } from '../../db/schema.ts';
import { inlineText, sqlLiteral, textArray } from '../../db/sql-text.ts';
import { rowsOf } from '../../db/statements.ts';
import { DERIVED_REVISION, derivedOf, NO_DIAGNOSTIC_ELN } from './derived.ts';
import { FIRST_DIAGNOSTIC, quoted } from './record-fields.ts';
import { ageSql, FORM_REPORTS, firstDiagnostic } from './records-sql.ts';
import { storeRecords } from './stored-records.ts';

/**
 * The projection: each patient's row of the list's read model (`patient_list`,
 * docs/decisions/014-patient-list-projection.md), computed from the patient's records by the SQL
 * function `registry_refresh_patient_list`, which every write calls in its transaction. The function is
 * written here, from the TypeScript that owns each rule — the lab-report names, the age, the first
 * diagnostic — and installed as the server starts, under a digest of its own text:
 * migrations only add or drop the table's columns, and a server whose projection differs rebuilds every
 * row before it serves.
 */

const FUNCTION = 'registry_refresh_patient_list';
const SIGNATURE = `${FUNCTION}(uuid[], jsonb)`;
/** The signature of the versions migrations 0005–0011 wrote, without the derived facts. */
const EARLIER_SIGNATURE = `${FUNCTION}(uuid[])`;

/** A derived fact of the patient (`derived.ts`), handed to the function as `derived`, by patient id. */
const derivedText = (key: string) => sql.raw(`(derived -> p.id::text ->> ${sqlLiteral(key)})`);
const derivedJson = (key: string) => sql.raw(`(derived -> p.id::text -> ${sqlLiteral(key)})`);

/** A lab-report entry's content, or a file in its place, makes it filled. */
const filled = (name: string) =>
  sql`coalesce((select true from lab_reports r where r.patient_id = p.id and r.name = ${sql.raw(sqlLiteral(name))}
      and (nullif(btrim(r.content), '') is not null or r.file_id is not null)), false)`;

/** Each column of the row and the value it takes, over `p` (the patient), `dm`, `fd`, `ft`, `tr` and `lr`. */
const COLUMNS: readonly (readonly [PgColumn, SQL])[] = [
  [patientList.patientId, sql`p.id`],
  [patientList.institutionId, sql`p.institution_id`],
  [patientList.doctorId, sql`p.doctor_id`],
  [patientList.identification, sql`p.identification`],
  [patientList.searchText, sql`registry_search_text(p.identification)`],
  // The contents of the lab reports a doctor sees (every entry but the admins' NGS OP), in the file's
  // order, one per line, for the free-text search.
  [
    patientList.reportText,
    sql`registry_search_text(coalesce((select string_agg(r.content, E'\\n' order by array_position(
        ${textArray(LAB_REPORT_NAMES)}, r.name) nulls last, r.created_at, r.id)
      from lab_reports r where r.patient_id = p.id and r.name <> ${sql.raw(sqlLiteral(NGS_OP))}
        and nullif(btrim(r.content), '') is not null), ''))`,
  ],
  [patientList.codeOP, sql`p.code_op`],
  [patientList.createdAt, sql`p.created_at`],
  [patientList.riskLevel, sql`p.risk_level`],
  [patientList.deathDate, sql`p.death_date`],
  [patientList.lastContactDate, sql`p.last_contact_date`],
  // The latest date known alive (docs/product-rules.md#outcomes): the last contact and every date
  // recorded for the patient that is not after the death.
  [
    patientList.lastKnownAlive,
    sql`(select max(known.day) from (
        select p.last_contact_date
        union all select s.sample_date from samples s where s.patient_id = p.id
        union all select unnest(array[x.dx_date, x.relapse_date, x.consent_date]) from diagnostics x where x.patient_id = p.id
        union all select unnest(array[t.start_date, t.disease_assessment_date, t.medulogram_date, t.emr_date])
          from treatments t where t.patient_id = p.id
        -- OFFSET 0 keeps the drugs read through their index, per treatment, even with no statistics
        -- (a fresh import): flattened into a join, the planner may scan every drug once per patient.
        union all select gd.day from treatments gt cross join lateral (
            select unnest(array[g.start_application_date, g.last_aplication_date]) as day
            from drugs g where g.treatment_id = gt.id offset 0
          ) gd where gt.patient_id = p.id
        union all select r.date from lab_reports r where r.patient_id = p.id
      ) as known(day)
      where p.death_date is null or known.day <= p.death_date)`,
  ],
  [patientList.gender, sql`dm.gender`],
  [patientList.birthDate, sql`dm.birth_date`],
  [patientList.ageAtDiagnosis, ageSql(sql`dm.birth_date`, sql`fd.dx_date`)],
  [patientList.hasDiagnostic, sql`fd.id is not null`],
  // The first diagnostic's fields, each in its column of the row (`FIRST_DIAGNOSTIC`).
  ...FIRST_DIAGNOSTIC.map(({ column, listColumn }): readonly [PgColumn, SQL] => [
    listColumn,
    sql.raw(`fd.${quoted(column)}`),
  ]),
  [patientList.firstScheme, sql`ft.scheme`],
  [patientList.firstResponse, sql`ft.disease_assessment`],
  // Scalar subqueries, not EXISTS: an EXISTS may be planned as one scan of every lab report.
  [patientList.hasCytogenetics, filled(LAB_REPORT.cytogenetics)],
  [patientList.hasMolecular, filled(LAB_REPORT.molecular)],
  [patientList.hasNgs, filled(LAB_REPORT.ngs)],
  [patientList.ecog, sql`dm.ecog`],
  [patientList.app, sql`dm.app`],
  [patientList.deathCause, sql`p.death_cause`],
  [patientList.sampleCount, sql`(select count(*)::int from samples s where s.patient_id = p.id)`],
  [patientList.treatmentCount, sql`tr.n`],
  [patientList.schemes, sql`tr.schemes`],
  [patientList.reportContents, sql`lr.contents`],
  [patientList.otherReports, sql`lr.others`],
  [patientList.eln2022, sql`coalesce(${derivedText('eln2022')}, ${sql.raw(sqlLiteral(NO_DIAGNOSTIC_ELN))})`],
  [patientList.eln2022Detail, derivedJson('eln2022Detail')],
  [patientList.eln2024, sql`coalesce(${derivedText('eln2024')}, ${sql.raw(sqlLiteral(NO_DIAGNOSTIC_ELN))})`],
  [patientList.eln2024Detail, derivedJson('eln2024Detail')],
  [patientList.geneticMarkers, sql`nullif(${derivedJson('geneticMarkers')}, 'null'::jsonb)`],
  [patientList.karyotype, derivedText('karyotype')],
  [patientList.karyotypeResult, derivedText('karyotypeResult')],
  [patientList.elnInputs, sql`coalesce(${derivedText('elnInputs')}::smallint, 0)`],
  [patientList.firstResponseDate, sql`${derivedText('firstResponseDate')}::date`],
  [patientList.firstCrDate, sql`${derivedText('firstCrDate')}::date`],
  [patientList.firstCrCategory, derivedText('firstCrCategory')],
  [patientList.crUndated, sql`${derivedText('crUndated')}::boolean`],
  [patientList.mrdNegativeInCr, sql`${derivedText('mrdNegativeInCr')}::boolean`],
  [patientList.inductionFailure, sql`${derivedText('inductionFailure')}::boolean`],
  [patientList.transplantType, derivedText('transplantType')],
  [patientList.transplantDate, sql`${derivedText('transplantDate')}::date`],
  [patientList.transplantInCr1, sql`${derivedText('transplantInCr1')}::boolean`],
  [patientList.course, derivedJson('course')],
  // The data-quality rules (CONTRACT §13, derived.ts): what the document's rules found, and the day the
  // follow-up falls due. The possible duplicate is kept apart (`refreshDuplicates`).
  [
    patientList.qualityRules,
    sql`coalesce(array(select jsonb_array_elements_text(${derivedJson('qualityRules')})), '{}'::text[])`,
  ],
  [patientList.qualityErrors, sql`coalesce(${derivedText('qualityErrors')}::smallint, 0)`],
  [patientList.qualityWarnings, sql`coalesce(${derivedText('qualityWarnings')}::smallint, 0)`],
  [patientList.qualityOverdueFrom, sql`${derivedText('qualityOverdueFrom')}::date`],
  [patientList.followUpFrom, sql`${derivedText('followUpFrom')}::date`],
];

/**
 * The columns of `patient_list` the projection leaves be: a possible duplicate is a fact about two
 * patients, kept by `refreshDuplicates` for every patient of the keys a write changed.
 */
export const KEPT_APART_COLUMNS: readonly string[] = [patientList.qualityDuplicate.name];

/** The projection's columns: each column of `patient_list` once but those kept apart (a test holds it to the table). */
export const PROJECTED_COLUMNS: readonly string[] = COLUMNS.map(([column]) => column.name);

const names = sql.raw(PROJECTED_COLUMNS.join(', '));
const updates = sql.raw(
  PROJECTED_COLUMNS.filter((name) => name !== patientList.patientId.name)
    .map((name) => `${name} = excluded.${name}`)
    .join(', '),
);

const body = sql`insert into patient_list as l (${names})
  select ${sql.join(
    COLUMNS.map(([, value]) => value),
    sql`, `,
  )}
  from patients p
  left join demographies dm on dm.patient_id = p.id
  left join lateral ${firstDiagnostic(sql`p.id`, 'x')} fd on true
  left join lateral (
    select t.scheme, t.disease_assessment from treatments t where t.patient_id = p.id and t."order" = 1 limit 1
  ) ft on true
  -- The export's treatments (how many, and their schemes in order) and lab reports (each content by
  -- its name, and the entries of other names than the form's, oldest first, as "name: content").
  cross join lateral (
    select count(*)::int as n, nullif(string_agg(coalesce(t.scheme, ''), ' | ' order by t."order"), '') as schemes
    from treatments t where t.patient_id = p.id
  ) tr
  cross join lateral (
    select coalesce(jsonb_object_agg(r.name, r.content), '{}'::jsonb) as contents,
      string_agg(r.name || ': ' || coalesce(r.content, ''), ' | ' order by r.created_at, r.id) filter (
        where r.name <> all (${textArray(FORM_REPORTS)})
      ) as others
    from lab_reports r where r.patient_id = p.id
  ) lr
  where p.id = any (ids)
  on conflict (patient_id) do update set ${updates}`;

/** What the kept duplicate flag compares: a change of it rebuilds every row (`installProjection`). */
const DUPLICATE_KEY_REVISION = 'duplicates among one doctor’s own patients (2026-11-29)';

/** The function's whole definition, as it is installed. */
export const PROJECTION_SQL = `create or replace function ${FUNCTION}(ids uuid[], derived jsonb) returns void
  language sql volatile
as $projection$
${inlineText(body)};
$projection$`;

/**
 * The projection's version: a digest of its definition and of the revision of the facts derived in
 * TypeScript, kept as the function's comment.
 */
export const PROJECTION_DIGEST = createHash('sha256')
  .update(`${PROJECTION_SQL}\n${DERIVED_REVISION}\n${DUPLICATE_KEY_REVISION}`)
  .digest('hex')
  .slice(0, 16);

/** Patients per statement when every row is rebuilt. */
const REBUILD_BATCH = 1_000;

/**
 * Installs the projection when the database holds another version of it (or none), then rebuilds
 * every patient's row with it, a thousand at a time, and only then records its digest: a start that
 * stops halfway starts over at the next. Answers whether it installed. Runs as the database's owner,
 * after the migrations, before the server serves (`db/client.ts`).
 */
export async function installProjection(db: Queryable): Promise<boolean> {
  const [installed] = rowsOf<{ digest: string | null }>(
    await db.execute(sql`select obj_description(to_regprocedure(${SIGNATURE}), 'pg_proc') as "digest"`),
  );
  if (installed?.digest === PROJECTION_DIGEST) {
    return false;
  }
  await db.execute(sql.raw(`drop function if exists ${EARLIER_SIGNATURE}`));
  await db.execute(sql.raw(PROJECTION_SQL));
  let after: string | null = null;
  for (;;) {
    const ids: string[] = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from patients ${after ? sql`where id > ${after}` : sql``} order by id limit ${REBUILD_BATCH}`,
      ),
    ).map((row) => row.id);
    if (ids.length === 0) {
      break;
    }
    await project(db, ids);
    after = ids[ids.length - 1] ?? null;
  }
  await rebuildDuplicates(db);
  await db.execute(sql.raw(`comment on function ${SIGNATURE} is ${sqlLiteral(PROJECTION_DIGEST)}`));
  return true;
}

/**
 * The key of a possible duplicate as the row keeps it (CONTRACT §13, amended 2026-11-29): the same
 * institution, birth date, sex and first diagnosis date, among one doctor's own patients — the flag the
 * list, its counts, its filter, the notifications and the doctor's file read, so that no doctor learns
 * of a colleague's patient. A duplicate across doctors is found when an admin reads it
 * (`document-sql.ts`, the coordinator's view). A patient missing any of them is nobody's duplicate.
 */
const DUPLICATE_KEY = 'institution_id, doctor_id, birth_date, gender, dx_date';
const HAS_DUPLICATE_KEY = 'birth_date is not null and gender is not null and dx_date is not null';

/** Marks every possible duplicate of the registry at once: after a rebuild of every row. */
async function rebuildDuplicates(db: Queryable): Promise<void> {
  await db.execute(
    sql.raw(`update patient_list l set quality_duplicate = coalesce(d.duplicate, false)
      from patient_list x left join (
        select patient_id, count(*) over (partition by ${DUPLICATE_KEY}) > 1 as duplicate
        from patient_list where ${HAS_DUPLICATE_KEY}
      ) d on d.patient_id = x.patient_id
      where l.patient_id = x.patient_id and l.quality_duplicate is distinct from coalesce(d.duplicate, false)`),
  );
}

/** The duplicate keys of some patients' rows, as they stand. */
async function duplicateKeysOf(db: Queryable, ids: readonly string[]): Promise<unknown[]> {
  const result = await db.execute(
    sql`select json_build_array(${sql.raw(DUPLICATE_KEY)}) as "key" from patient_list
      where patient_id = any (${`{${ids.join(',')}}`}::uuid[]) and ${sql.raw(HAS_DUPLICATE_KEY)}`,
  );
  return rowsOf<{ key: unknown }>(result).map((row) => row.key);
}

/**
 * Marks the possible duplicates among the patients of some keys: those a write left (the old keys) and
 * those it joined (the new ones) — a duplicate is a fact about two patients, so a write to one changes
 * the other's row too. Each key is read through its index.
 */
async function refreshDuplicates(db: Queryable, keys: readonly unknown[]): Promise<void> {
  if (keys.length === 0) {
    return;
  }
  await db.execute(
    sql`with keys as (
        select distinct (k ->> 0)::uuid as institution_id, (k ->> 1)::uuid as doctor_id, k ->> 2 as birth_date,
          k ->> 3 as gender, (k ->> 4)::date as dx_date
        from jsonb_array_elements(${JSON.stringify(keys)}::jsonb) k
      ), members as (
        select l.patient_id,
          count(*) over (partition by l.institution_id, l.doctor_id, l.birth_date, l.gender, l.dx_date) > 1 as duplicate
        from keys join patient_list l on l.institution_id = keys.institution_id and l.birth_date = keys.birth_date
          and l.gender = keys.gender and l.dx_date = keys.dx_date and l.doctor_id = keys.doctor_id
      )
      update patient_list l set quality_duplicate = m.duplicate from members m
      where l.patient_id = m.patient_id and l.quality_duplicate is distinct from m.duplicate`,
  );
}

/** Writes the list's rows of some patients: their facts derived from their stored records, then the function. */
async function project(db: Queryable, ids: readonly string[]): Promise<void> {
  const derived = await derivedOf(db, ids);
  await db.execute(
    sql`select ${sql.raw(FUNCTION)}(${`{${ids.join(',')}}`}::uuid[], ${JSON.stringify(derived)}::jsonb)`,
  );
}

/**
 * Brings the read model of some patients up to date in the caller's transaction, so that it is never
 * stale: their stored records, then their rows of the list (the projection), derived from them. A write
 * to the patient alone (its own fields and its demography) leaves the stored records as they are:
 * `records: false`.
 */
export async function refreshReadModel(
  db: Queryable,
  patientIds: readonly string[],
  { records = true }: { records?: boolean } = {},
): Promise<void> {
  if (patientIds.length === 0) {
    return;
  }
  if (records) {
    // Prepared: one text for any patients, planned once per connection rather than on every write.
    await executePrepared(db, storeRecords(patientIds));
  }
  const before = await duplicateKeysOf(db, patientIds);
  await project(db, patientIds);
  // A patient that left its key stays its own duplicate no more: its row's flag is cleared with the rest.
  await db.execute(
    sql`update patient_list set quality_duplicate = false
      where patient_id = any (${`{${patientIds.join(',')}}`}::uuid[]) and quality_duplicate and not (${sql.raw(HAS_DUPLICATE_KEY)})`,
  );
  await refreshDuplicates(db, [...before, ...(await duplicateKeysOf(db, patientIds))]);
}

/** Every column `patient_list` has, for the test that the projection fills each. */
export const PATIENT_LIST_COLUMNS: readonly string[] = Object.values(getTableColumns(patientList)).map(
  (column) => column.name,
);
