/** `/db/captaciones`: everyone reads every captación, a supervisor only those they advise; writes go through the one captación policy. */
import { captacionWritePolicy } from '../../../couch-design/captacion/write-policy';
import { captacionesScopeKind, captacionesSelector, inCaptacionesScope } from '../../../couch-design/scope';
import type { AuthUser } from '../http/actor';
import type { SyncedDb } from '../sync/databases';

const whole = (user: AuthUser): boolean => captacionesScopeKind(user) === 'todas';

export const captacionesSynced: SyncedDb = {
  name: 'captaciones',
  selector: captacionesSelector,
  inScope: (user, doc) => whole(user) || inCaptacionesScope(user, doc),
  wholeDatabase: whole,
  writePolicy: captacionWritePolicy,
};
