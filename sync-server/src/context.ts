import type { SessionUsers } from './auth/session-user';
import type { Config } from './config';
import type { Store } from './store/port';

/** What every feature router receives from the app. */
export interface AppContext {
  store: Store;
  config: Config;
  sessionUsers: SessionUsers;
}
