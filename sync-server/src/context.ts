import type { SessionUsers } from './auth/session-user';
import type { Config } from './config';
import type { Store } from './store/port';
import type { UsuariosRepository } from './usuarios/repository';

/** What the app was built on, for tests that reach behind it (the session cache, the store). */
export interface AppContext {
  store: Store;
  config: Config;
  sessionUsers: SessionUsers;
  /** The accounts, for what runs beside the app: the first admin at start, test people. */
  usuarios: UsuariosRepository;
}
