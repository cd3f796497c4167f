import {
  type DatasetFilters,
  type DatasetTable,
  DIAGNOSTIC_FIELDS as DIAGNOSTIC_DECLARATIONS,
  DRUG_FIELDS as DRUG_DECLARATIONS,
  GENETIC_MARKERS,
  isPlainField,
  MARKER_VARIABLES,
  markerVafVariable,
  type PlainField,
  type StructuredDeclaration,
  TREATMENT_FIELDS as TREATMENT_DECLARATIONS,
  type VariableType,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { whereOf } from '../db/statements.ts';
import {
  ADMIN,
  type Cohort,
  cohortConditions,
  DRUG_FIELDS,
  endpointColumns,
  FIRST_DIAGNOSTIC_COLUMNS,
  INCIDENCE_ENDPOINTS,
  PATIENT_DAYS,
  quoted,
  RECORD_ORDER,
  type RecordField,
  SURVIVAL_ENDPOINTS,
  TREATMENT_FIELDS,
} from '../patients/index.ts';

/**
 * The SQL of a dataset's rows (docs/product-rules.md#datasets), a batch of patients at a time (`k`, the
 * batch's keys in their order), over the patient list's read model (`l`) and the records: each codebook
 * variable that the database holds under its name, read as the exports read it (dates as `yyyy-MM-dd`,
 * decimals as numbers). The endpoints are the outcomes screens' own (`SURVIVAL_ENDPOINTS`,
 * `INCIDENCE_ENDPOINTS`), never written again here. Every row also carries the patient's id and first
 * diagnosis date, from which the dataset draws its pseudonym and counts its days.
 */

/** How a value of a codebook type is read: dates as their text, decimals as numbers. */
const castOf = (type: VariableType): string => ({ date: '::text', number: '::float8' })[type as string] ?? '';

/** Each first diagnostic's field by its variable's name, from the read model's copy of it. */
function firstDiagnosticColumns(): [string, SQL][] {
  return Object.entries(FIRST_DIAGNOSTIC_COLUMNS).map(([key, column]) => {
    const declared = (DIAGNOSTIC_DECLARATIONS as Record<string, PlainField | StructuredDeclaration>)[key];
    if (!declared || !isPlainField(declared)) {
      throw new Error(`${key} is not a plain field of a diagnostic`);
    }
    return [declared.name, sql.raw(`l.${quoted(column.name)}${castOf(declared.type)}`)];
  });
}

const endpoint = (name: string, columns: { time: SQL; status: SQL }): [string, SQL][] => [
  [`${name}_days`, columns.time],
  [`${name}_event`, columns.status],
];

const relapse = endpointColumns(INCIDENCE_ENDPOINTS.diagnosis);

/**
 * The variables of `patients.csv` the database gives, by name. The others are the dataset's own:
 * `pid` and `centre` (pseudonyms) and each marker as entered (from the first diagnostic's genetics).
 */
export const PATIENT_COLUMNS: ReadonlyMap<string, SQL> = new Map<string, SQL>([
  ['patient_id', sql`l.patient_id`],
  ['identification', sql`l.identification`],
  ['code_op', sql`l.code_op`],
  ['institution', sql`i.name`],
  ['institution_code', sql`i.code`],
  ['institution_type', sql`i.type`],
  ['doctor', sql`dr.first_name || ' ' || dr.last_name`],
  ['registration_date', sql`(l.created_at at time zone 'UTC')::date::text`],
  ['birth_date', sql`l.birth_date`],
  ['age_dx', sql`l.age_at_diagnosis`],
  ['sex', sql`l.gender`],
  ['ecog', sql`l.ecog`],
  ['medical_history', sql`l.app`],
  ...firstDiagnosticColumns(),
  ['karyotype', sql`l.karyotype`],
  ['karyotype_result', sql`l.karyotype_result`],
  ['risk_level', sql`l.risk_level`],
  ['eln2022', sql`l.eln2022`],
  ['eln2024', sql`l.eln2024`],
  ['first_cr_date', sql`l.first_cr_date::text`],
  ['first_cr_category', sql`l.first_cr_category`],
  ['first_cr_treatment', sql`(l.course -> 'firstCR' ->> 'treatmentOrder')::int`],
  ['mrd_negative_cr', sql`l.mrd_negative_in_cr`],
  ['induction_failure', sql`l.induction_failure`],
  ['transplant_type', sql`l.transplant_type`],
  ['transplant_date', sql`l.transplant_date::text`],
  ['transplant_cr1', sql`l.transplant_in_cr1`],
  ['death_date', sql`l.death_date::text`],
  ['death_cause', sql`l.death_cause`],
  ['last_contact_date', sql`l.last_contact_date::text`],
  ['dx_year', sql`extract(year from l.dx_date)::int`],
  ...endpoint('os', endpointColumns(SURVIVAL_ENDPOINTS.os)),
  ...endpoint('efs', endpointColumns(SURVIVAL_ENDPOINTS.efs)),
  ...endpoint('rfs_cr', endpointColumns(SURVIVAL_ENDPOINTS.rfsCR)),
  ...endpoint('relapse', relapse),
  // Non-relapse mortality is the competing event of the relapse: the same days, death without relapse
  // (status 2 of the incidence) its event.
  ...endpoint('nrm', {
    time: relapse.time,
    status: sql`case ${relapse.status} when 2 then 1 when 1 then 0 when 0 then 0 end`,
  }),
]);

/**
 * Where each table's variables come from: read by the statements here, or made by the dataset
 * (`dataset-rows.ts`: the pseudonyms, each marker as entered, the rows of `markers.csv`). A codebook
 * variable of a dataset's table that none gives would be an empty column: a test holds them equal.
 */
export function variablesGiven(): Record<DatasetTable, ReadonlySet<string>> {
  const declared = (fields: Readonly<Record<string, PlainField | StructuredDeclaration>>, table: string) =>
    Object.values(fields).flatMap((field) =>
      isPlainField(field) && field.table === table ? [field.name] : [],
    );
  return {
    patients: new Set([
      'pid',
      'centre',
      ...PATIENT_COLUMNS.keys(),
      ...GENETIC_MARKERS.flatMap((code) => [MARKER_VARIABLES[code], markerVafVariable(code)]),
    ]),
    treatments: new Set(['pid', ...declared(TREATMENT_DECLARED, 'treatments')]),
    responses: new Set(['pid', 'treatment_order', ...declared(TREATMENT_DECLARED, 'responses')]),
    drugs: new Set(['pid', 'treatment_order', ...declared(DRUG_DECLARED, 'drugs')]),
    markers: new Set(['pid', 'marker', 'result', 'vaf', 'source']),
  };
}

/** What every row of a batch carries besides its variables: the patient, its first diagnosis date. */
const ROW_KEYS = sql`l.patient_id as "patientId", l.dx_date::text as "dxDate"`;

/** The patients of a batch: their variables `names` (those of `PATIENT_COLUMNS`), institution and genetics. */
export function patientRowsSql(cohort: Cohort, names: readonly string[]): SQL {
  const columns = names.flatMap((name) => {
    const value = PATIENT_COLUMNS.get(name);
    return value ? [sql`${value} as ${sql.identifier(name)}`] : [];
  });
  return sql`with k as (${cohort})
    select ${ROW_KEYS}, l.institution_id as "institutionId", fd.genetics as "genetics"
      ${columns.length > 0 ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
    from k join patient_list l on l.patient_id = k.id ${PATIENT_DAYS}
    join institutions i on i.id = l.institution_id join doctors dr on dr.id = l.doctor_id
    left join lateral (select d.genetics from diagnostics d where d.patient_id = l.patient_id
      order by d.created_at, d.id limit 1) fd on true
    order by k.n`;
}

/** A record's fields of one table of the codebook, by their variables' names, as `alias.column`. */
function recordColumns(
  alias: string,
  fields: readonly RecordField[],
  declarations: Readonly<Record<string, PlainField | StructuredDeclaration>>,
  table: string,
  names: ReadonlySet<string>,
): SQL[] {
  return fields.flatMap((field) => {
    const declared = declarations[field.key];
    if (!declared || !isPlainField(declared) || declared.table !== table || !names.has(declared.name)) {
      return [];
    }
    return [sql.raw(`${alias}.${quoted(field.column)}${castOf(declared.type)} as "${declared.name}"`)];
  });
}

const TREATMENT_DECLARED = TREATMENT_DECLARATIONS as Readonly<
  Record<string, PlainField | StructuredDeclaration>
>;
const DRUG_DECLARED = DRUG_DECLARATIONS as Readonly<Record<string, PlainField | StructuredDeclaration>>;

/** The treatments of a batch: a row each, in the patients' order, then the treatments'. */
export function treatmentRowsSql(cohort: Cohort, names: ReadonlySet<string>): SQL {
  const columns = recordColumns('t', TREATMENT_FIELDS, TREATMENT_DECLARED, 'treatments', names);
  return sql`with k as (${cohort})
    select ${ROW_KEYS}${columns.length > 0 ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
    from k join patient_list l on l.patient_id = k.id join treatments t on t.patient_id = k.id
    order by k.n, ${RECORD_ORDER.treatment}`;
}

/**
 * The responses of a batch: a row for each treatment with anything of its assessment recorded (its
 * category, dates, MRD), keyed by the treatment's order.
 */
export function responseRowsSql(cohort: Cohort, names: ReadonlySet<string>): SQL {
  const assessed = TREATMENT_FIELDS.flatMap((field) => {
    const declared = TREATMENT_DECLARED[field.key];
    return declared && isPlainField(declared) && declared.table === 'responses'
      ? [sql.raw(`t.${quoted(field.column)}`)]
      : [];
  });
  const columns = recordColumns('t', TREATMENT_FIELDS, TREATMENT_DECLARED, 'responses', names);
  if (assessed.length === 0) {
    throw new Error('no field of a treatment is a response’s');
  }
  return sql`with k as (${cohort})
    select ${ROW_KEYS}, t."order" as "treatment_order"${columns.length > 0 ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
    from k join patient_list l on l.patient_id = k.id join treatments t on t.patient_id = k.id
    where num_nonnulls(${sql.join(assessed, sql`, `)}) > 0
    order by k.n, ${RECORD_ORDER.treatment}`;
}

/** The drugs of a batch: a row each, keyed by their treatment's order and their own. */
export function drugRowsSql(cohort: Cohort, names: ReadonlySet<string>): SQL {
  const columns = recordColumns('g', DRUG_FIELDS, DRUG_DECLARED, 'drugs', names);
  return sql`with k as (${cohort})
    select ${ROW_KEYS}, t."order" as "treatment_order"${columns.length > 0 ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
    from k join patient_list l on l.patient_id = k.id join treatments t on t.patient_id = k.id
    join drugs g on g.treatment_id = t.id
    order by k.n, ${RECORD_ORDER.treatment}, ${RECORD_ORDER.drug}`;
}

/** The genetics of each patient's first diagnostic in a batch, for `markers.csv`. */
export function geneticsRowsSql(cohort: Cohort): SQL {
  return sql`with k as (${cohort})
    select ${ROW_KEYS}, fd.genetics as "genetics"
    from k join patient_list l on l.patient_id = k.id
    join lateral (select d.genetics from diagnostics d where d.patient_id = l.patient_id
      order by d.created_at, d.id limit 1) fd on fd.genetics is not null
    order by k.n`;
}

/** How many patients a dataset holds: those of its filters registered by `until`. */
export function cohortCountSql(filters: DatasetFilters, until: Date): SQL {
  return sql`select count(*)::int as "total" from patient_list l
    ${whereOf([...cohortConditions(ADMIN, filters), sql`l.created_at <= ${until.toISOString()}::timestamptz`])}`;
}
