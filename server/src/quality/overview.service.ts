import {
  COMPLETENESS_FIELDS,
  ELN_INPUT_FIELDS,
  type Overview,
  type OverviewFigures,
  type OverviewQuery,
  type OverviewRow,
} from '@registry/shared';
import { created, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { todayOf } from '../patients/index.ts';
import {
  createOverviewRepository,
  type GroupKey,
  type MedianRow,
  type PatientFiguresRow,
  type QueryFiguresRow,
} from './overview.repository.ts';

/**
 * The coordinator's view (CONTRACT §13, docs/api-quality.md#the-coordinators-view): per institution or
 * per doctor, the four aggregates of `overview.repository.ts`, run at once and put together; each number
 * but the possible duplicates across doctors is a filter of the patient list, so that the screen links them.
 */

const round1 = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

/** The figures of one row, from the four aggregates. */
function figuresOf(
  row: PatientFiguresRow,
  median: MedianRow | undefined,
  queries: QueryFiguresRow | undefined,
  duplicatesAcrossDoctors: number,
): OverviewFigures {
  return {
    patients: row.patients,
    amlPatients: row.amlPatients,
    completeness: COMPLETENESS_FIELDS.map((field) => ({ field, n: Number(row[`c:${field}`] ?? 0) })),
    elnInputs: ELN_INPUT_FIELDS.map((field) => ({ field, n: Number(row[`e:${field}`] ?? 0) })),
    qualityErrors: row.qualityErrors,
    qualityWarnings: row.qualityWarnings,
    duplicatesAcrossDoctors,
    openQueries: queries?.openQueries ?? 0,
    answeredQueries: queries?.answeredQueries ?? 0,
    openQueriesMedianDays: round1(queries?.openQueriesMedianDays ?? null),
    answeredQueriesMedianDays: round1(queries?.answeredQueriesMedianDays ?? null),
    followUpsDue: row.followUpsDue,
    medianDaysToRegistration: round1(median?.medianDaysToRegistration ?? null),
  };
}

/** The registry's counts: each count of the groups summed (a patient is in one group only). */
function totalOf(rows: readonly PatientFiguresRow[]): PatientFiguresRow {
  const total: PatientFiguresRow = {
    institutionId: null,
    doctorId: null,
    institutionCode: null,
    institutionName: null,
    doctorName: null,
    patients: 0,
    amlPatients: 0,
    qualityErrors: 0,
    qualityWarnings: 0,
    followUpsDue: 0,
  };
  const counts = [
    'patients',
    'amlPatients',
    'qualityErrors',
    'qualityWarnings',
    'followUpsDue',
    ...COMPLETENESS_FIELDS.map((field) => `c:${field}`),
    ...ELN_INPUT_FIELDS.map((field) => `e:${field}`),
  ];
  for (const row of rows) {
    for (const key of counts) {
      total[key] = Number(total[key] ?? 0) + Number(row[key] ?? 0);
    }
  }
  return total;
}

/** `GET /api/quality/overview` (admins): audited as a read, with what was asked. */
export async function overview(ctx: AppContext, actor: Actor, query: OverviewQuery): Promise<Overview> {
  const figures = createOverviewRepository(ctx.db);
  const [patientRows, medianRows, queryRows, duplicateRows] = await Promise.all([
    figures.patientFigures(query, todayOf(actor.now)),
    figures.registrationMedians(query),
    figures.queryFigures(query, actor.now),
    figures.duplicatesAcrossDoctors(query),
  ]);
  const keyOf = (row: GroupKey) => `${row.institutionId}/${row.doctorId ?? ''}`;
  const byKey = <T extends GroupKey & { total: number }>(list: readonly T[]) =>
    new Map(list.map((row) => [row.total === 1 ? 'total' : keyOf(row), row]));
  const medians = byKey(medianRows);
  const queries = byKey(queryRows);
  const duplicates = new Map(duplicateRows.map((row) => [keyOf(row), row.duplicatesAcrossDoctors]));
  const rows: OverviewRow[] = patientRows.map((row) => ({
    ...figuresOf(row, medians.get(keyOf(row)), queries.get(keyOf(row)), duplicates.get(keyOf(row)) ?? 0),
    institution: {
      id: row.institutionId as string,
      code: row.institutionCode ?? '',
      name: row.institutionName ?? '',
    },
    doctor: query.groupBy === 'doctor' ? { id: row.doctorId as string, name: row.doctorName ?? '' } : null,
  }));
  await recordAudit(ctx.db, actor, {
    action: 'quality.overview',
    entityType: 'quality',
    changes: created({ query }),
  });
  return {
    groupBy: query.groupBy,
    months: query.months,
    rows,
    total: figuresOf(
      totalOf(patientRows),
      medians.get('total'),
      queries.get('total'),
      duplicateRows.reduce((sum, row) => sum + row.duplicatesAcrossDoctors, 0),
    ),
  };
}
