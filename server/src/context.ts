import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every feature's routes receive: the database, the configuration, the clock and the mailer. */
export interface AppContext {
  readonly db: Database;
  readonly config: Config;
  /** The current time; tests replace it to move past expiries. */
  readonly now: () => Date;
  readonly mailer: Mailer;
}
