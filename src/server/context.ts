import type { Clock } from '../domain/clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Captcha } from './services/captcha';

/** What every area of the server is handed: no module reaches for globals. */
export interface AppContext {
  db: Db;
  clock: Clock;
  config: Config;
  captcha: Captcha;
}
