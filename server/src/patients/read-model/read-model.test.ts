import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/statements.ts';
import { openTestDatabase, type TestDatabase } from '../../test/database.ts';
import { KEPT_APART_COLUMNS, PATIENT_LIST_COLUMNS, PROJECTED_COLUMNS, PROJECTION_SQL } from './projection.ts';
import { BOOKKEEPING_COLUMNS, FIELD_LISTS } from './record-fields.ts';
import { ageSql } from './records-sql.ts';

/** The rules the read model writes into SQL, each from the one place that owns it. */
describe('the read model', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
  });
  afterAll(() => database.close());

  const age = async (birth: string | null, day: string | null) => {
    const result = await database.db.execute(
      sql`select ${ageSql(sql`${birth}::text`, sql`${day}::date`)} as "age"`,
    );
    return rowsOf<{ age: number | null }>(result)[0]?.age;
  };

  it('counts an age in whole years, the birthday itself included', async () => {
    expect(await age('1961-05-20', '2022-05-19')).toBe(60);
    expect(await age('1961-05-20', '2022-05-20')).toBe(61);
  });

  it('counts a 29 February birthday as reached on 1 March of a common year', async () => {
    expect(await age('2000-02-29', '2021-02-28')).toBe(20);
    expect(await age('2000-02-29', '2021-03-01')).toBe(21);
  });

  it('counts a bare birth year (a biobank) by years alone', async () => {
    expect(await age('1950', '2020-01-01')).toBe(70);
    expect(await age('1950', '2020-12-31')).toBe(70);
  });

  it('knows no age without a birth date or a day, or for a birth after the day', async () => {
    expect(await age(null, '2020-01-01')).toBeNull();
    expect(await age('1950-01-01', null)).toBeNull();
    expect(await age('2021-01-01', '2020-01-01')).toBeNull();
    expect(await age('2020-01-01', '2020-01-01')).toBe(0);
  });

  it('lists every field of each record table, so that no column is left out of the documents', () => {
    for (const { table, fields } of FIELD_LISTS) {
      const columns = Object.keys(getTableColumns(table)).filter((key) => !BOOKKEEPING_COLUMNS.has(key));
      expect(fields.map((field) => field.key).sort()).toEqual(columns.sort());
    }
  });

  it('projects every column of the list once, but the duplicate flag kept apart', () => {
    expect([...PROJECTED_COLUMNS, ...KEPT_APART_COLUMNS].sort()).toEqual([...PATIENT_LIST_COLUMNS].sort());
    expect(new Set(PROJECTED_COLUMNS).size).toBe(PROJECTED_COLUMNS.length);
  });

  it('writes the lab-report names into the projection from the shared names', () => {
    expect(PROJECTION_SQL).toContain(
      "array['Immunophenotype', 'Cytogenetics', 'Molecular Studies', 'NGS', 'Medulograma']::text[]",
    );
    expect(PROJECTION_SQL).toContain("r.name <> 'NGS OP'");
  });
});
