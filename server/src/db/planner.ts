/**
 * Settings of PostgreSQL's planner that the app sets, each named once with its reason; the figures
 * behind them are in docs/performance.md.
 */

/**
 * Every connection of the app: no JIT compilation. The read model's queries are short; compiling one
 * costs it more than it saves.
 */
export const CONNECTION_SETTINGS: Readonly<Record<string, string>> = { jit: 'off' };

/**
 * A transaction that reads batches of patients by key (an export): its statements look up a few
 * thousand rows by index in tables the server keeps cached, so random reads cost little more than
 * sequential ones; and it sorts and groups a batch's records in memory rather than on disk.
 */
export const BATCH_READ_SETTINGS: Readonly<Record<string, string>> = {
  work_mem: '64MB',
  random_page_cost: '1.1',
};

/**
 * A statement whose rows are gathered per combination of a few columns (`columns.ts`,
 * `asGatheredColumns`): the planner cannot tell how few combinations computed columns give (it guesses
 * far more than there are), so it sorts every row, on disk, to group them; told not to sort, it hashes
 * them, in memory.
 */
export const GATHER_SETTINGS: Readonly<Record<string, string>> = { enable_sort: 'off' };

/** `-c name=value` for each setting: a connection's startup options. */
export const asStartupOptions = (settings: Readonly<Record<string, string>>): string =>
  Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

/** `set local name = 'value'` for each setting: inside the current transaction only. */
export const asLocalSettings = (settings: Readonly<Record<string, string>>): string[] =>
  Object.entries(settings).map(([name, value]) => `set local ${name} = '${value.replaceAll("'", "''")}'`);
