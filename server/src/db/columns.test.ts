import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { asColumns, asGatheredColumns, type Columns, columnsOf, executeGathered } from './columns.ts';
import { rowsOf } from './statements.ts';

// Six rows of a group, a number of their own and a text that may be null, in no particular order.
const ROWS = sql`select * from (values ('a', 3, 'x'), ('b', 1, null), ('a', null, 'x'), ('a', 5, null),
  ('b', 2, null), ('a', 7, 'x')) as r ("key", "time", "note")`;
const NONE = sql`select * from (${ROWS}) r where false`;
const NAMES = ['key', 'time', 'note'];
type Row = { key: string; time: number | null; note: string | null };

/** The rows of some columns in one order, to compare two readings that may list them in another. */
const sorted = (columns: Columns<Row>) =>
  columns.key.map((key, index) => JSON.stringify([key, columns.time[index], columns.note[index]])).sort();

describe('a statement read as columns', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
  });
  afterAll(() => database.close());

  const read = async (query: Parameters<typeof asColumns>[0], gathered?: ReadonlySet<string>) =>
    columnsOf<Row>(
      gathered
        ? await executeGathered(database.db, asGatheredColumns(query, NAMES, gathered))
        : await database.db.execute(asColumns(query, NAMES)),
      gathered,
    );

  it('gives each row with its own values, gathered per group or not', async () => {
    const plain = await read(ROWS);
    const gathered = await read(ROWS, new Set(['time']));
    expect(plain.key).toHaveLength(6);
    expect(gathered.time).toHaveLength(6);
    expect(gathered.key).toHaveLength(6);
    expect(sorted(gathered)).toEqual(sorted(plain));
  });

  it('hands a gathered column over once per group, as an array', async () => {
    const result = await executeGathered(database.db, asGatheredColumns(ROWS, NAMES, new Set(['time'])));
    const [row] = rowsOf<{ columns: Record<string, unknown[]> }>(result);
    // Three groups: (a, x), (a, null), (b, null).
    expect(row?.columns.key).toHaveLength(3);
    expect(row?.columns.time?.map((values) => (values as unknown[]).length).sort()).toEqual([1, 2, 3]);
  });

  it('gives empty columns for no row', async () => {
    expect(await read(NONE, new Set(['time']))).toEqual({ key: [], time: [], note: [] });
    expect(await read(NONE)).toEqual({ key: [], time: [], note: [] });
  });

  it('reads every column gathered, or none, as plain columns', async () => {
    for (const gathered of [new Set(NAMES), new Set<string>()]) {
      expect(sorted(await read(ROWS, gathered))).toEqual(sorted(await read(ROWS)));
    }
  });
});
