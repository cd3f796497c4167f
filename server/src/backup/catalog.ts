import type { SqlSession } from '../db/one-connection.ts';

/** A name as an SQL identifier, quoted (names come from the database's own catalog). */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * The application's tables (schema public), parents before children so that rows can be inserted in
 * order. A partitioned table is one table: its partitions' rows are read and written through it.
 */
export async function tablesInOrder(session: SqlSession): Promise<string[]> {
  const tables = (
    await session.rows<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).map((row) => row.name);
  const edges = await session.rows<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent
       from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid
       join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const edge of edges) {
    parents.get(edge.child)?.add(edge.parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...(parents.get(table) ?? [])].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) {
      throw new Error('the tables reference each other in a cycle');
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

export interface TableShape {
  /** Every column, in the table's order. */
  readonly columns: string[];
  /** The columns a row is inserted with: all but the generated ones. */
  readonly insertable: string[];
  /** The primary key's columns, which order the rows of a backup. */
  readonly key: string[];
  /** Columns filled from a sequence, with the sequence's name. */
  readonly sequences: { column: string; sequence: string }[];
}

export async function shapeOf(session: SqlSession, table: string): Promise<TableShape> {
  const relation = `public.${ident(table)}`;
  const columns = await session.rows<{ name: string; generated: boolean; sequence: string | null }>(
    `select a.attname as name, a.attgenerated <> '' as generated,
            pg_get_serial_sequence($1, a.attname) as sequence
       from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [relation],
  );
  const key = await session.rows<{ name: string }>(
    `select a.attname as name
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
    [relation],
  );
  return {
    columns: columns.map((column) => column.name),
    insertable: columns.filter((column) => !column.generated).map((column) => column.name),
    key: key.map((column) => column.name),
    sequences: columns.flatMap((column) =>
      column.sequence ? [{ column: column.name, sequence: column.sequence }] : [],
    ),
  };
}

/** The migrations a database has had, in order (none on a new database). */
export async function appliedMigrations(session: SqlSession): Promise<{ hash: string; createdAt: number }[]> {
  const [exists] = await session.rows<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) {
    return [];
  }
  const rows = await session.rows<{ hash: string; created_at: string | number }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}
