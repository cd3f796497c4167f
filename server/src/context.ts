import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

/** What every feature's routes receive: the database, the configuration and the clock. */
export interface AppContext {
  readonly db: Database;
  readonly config: Config;
  /** The current time; tests replace it to move past expiries. */
  readonly now: () => Date;
}
