/**
 * Settings of PostgreSQL's planner that the app sets, each named once with its reason; the figures
 * behind them are in docs/performance.md.
 */
/**
 * Every connection of the app: no JIT compilation. The read model's queries are short; compiling one
 * costs it more than it saves.
 */
export declare const CONNECTION_SETTINGS: Readonly<Record<string, string>>;
/**
 * A transaction that reads batches of patients by key (an export): its statements look up a few
 * thousand rows by index in tables the server keeps cached, so random reads cost little more than
 * sequential ones; and it sorts and groups a batch's records in memory rather than on disk.
 */
export declare const BATCH_READ_SETTINGS: Readonly<Record<string, string>>;
/** `-c name=value` for each setting: a connection's startup options. */
export declare const asStartupOptions: (settings: Readonly<Record<string, string>>) => string;
/** `set local name = 'value'` for each setting: inside the current transaction only. */
export declare const asLocalSettings: (settings: Readonly<Record<string, string>>) => string[];
