/**
 * `GET /db/`: CouchDB's welcome document. PouchDB's HTTP adapter builds its replication id from
 * the `uuid` found here (pouchdb-adapter-http `id()` reads the server root, the parent path of
 * the database URL), and the checkpoint from the replication id. So the uuid is derived from the
 * person and their scope fingerprint: two people never share a checkpoint, and a scope change
 * gives a new replication id, hence a pull from the start instead of an old checkpoint that
 * would hide what entered or left the scope. The device set's fingerprint goes in too (issue 34):
 * a set that gained records must be pulled from the start of its narrowed feed. The synced databases' instance ids (instance.ts) go
 * in too: a recreated or restored database starts its sequence again, and devices, which keep
 * their checkpoints on their own side, must then pull and push from the start. The operator's
 * device settings come along (a tablet that syncs for days without a reload or a sign-in keeps
 * them current: the offline limits are sent "at sign-in and at each sync", docs/operacion.md).
 */
import { createHash } from 'node:crypto';
import { scopeFingerprint } from '../../../couch-design/scope';
import type { AuthUser } from '../http/actor';
import type { Store } from '../store/port';
import type { Instances } from './instance';
import { readScopeEpoch } from './scope-epoch';

/** Stands for the set in a child database's uuid: no fingerprint is this string (they are hex). */
const CHILD_IDENTITY = 'hijos';

export interface Welcome {
  couchdb: 'Welcome';
  version: string;
  vendor: { name: string };
  uuid: string;
  scope: string;
  /** The fingerprint of the person's device sets (device-sets.ts): it moves, the device pulls again and drops what left. */
  set: string;
}

/**
 * `set`: the fingerprint of the person's device sets; `told`: what every welcome also tells the
 * device (app.ts passes the operator's device settings). `childIdentity`: the uuid leaves the set
 * out, for the replications of child databases (`GET /db/?hijos`): their cursor carries the set's
 * mark instead (pull-children.ts), so a set that moves does not pull them again from zero.
 */
export async function welcome(store: Store, dbPrefix: string, instances: Instances, user: AuthUser, set: string, told: Readonly<Record<string, number>>, childIdentity = false): Promise<Welcome> {
  // The person as resolved for this request carries the epoch (kept current by the accounts' feed).
  const [epoch, instance] = await Promise.all([user.scopeEpoch ?? readScopeEpoch(store, user.id), instances.fingerprint()]);
  const scope = scopeFingerprint(user, epoch);
  // The prefix keeps two deployments (or test runs) on one machine apart.
  const uuid = createHash('sha256').update(`${dbPrefix}\u0000${scope}\u0000${childIdentity ? CHILD_IDENTITY : set}\u0000${instance}`).digest('hex').slice(0, 32);
  return { couchdb: 'Welcome', version: '3.4.0', vendor: { name: 'inmobiliaria' }, uuid, scope, set, ...told };
}
