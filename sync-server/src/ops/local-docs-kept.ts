/**
 * Which of the gateway's `_local` documents a backup keeps. `_local` documents are never
 * replicated nor listed by `_changes`/`_all_docs`, and the embedded store (PouchDB) has no way to
 * list them at all (CouchDB's `_local_docs` has no PouchDB twin), so the backup names the ones it
 * copies; every `_local` document the gateway writes is decided here:
 *
 * - sesiones `_local/session-secret` (auth/secret.ts): NOT copied, nor anything of the sesiones
 *   database (backup.ts NOT_BACKED_UP). Without SESSION_SECRET it signs every session cookie: a
 *   backup holding it would let its reader forge one. The restored store's first gateway makes a
 *   new one; people sign in again.
 * - captaciones/nominas `_local/instancia` (sync/instance.ts): NOT copied; the restore writes a new
 *   one. Devices keep their replication checkpoints on their side, keyed by the uuid this id goes
 *   into; the restored database numbers its sequences anew, so an old checkpoint (`since`) would
 *   make a device skip changes and never push back what the backup lacks. A new id gives every
 *   device a new replication id: it compares everything once (it already holds the same revisions,
 *   so nothing is duplicated nor conflicted) and pushes what the server lost.
 * - captaciones `_local/captaciones-directorio*` (captaciones/directory-snapshot.ts): NOT copied.
 *   A cache of the list with the old store's `_changes` sequence; the gateway rebuilds it.
 * - `_local/u<n>_<user>_*` in the synced databases (sync/local-docs.ts): devices' checkpoints and
 *   their registers: NOT copied. They name replication ids that the new instance id retires and
 *   sequences of the old store; with the new ids the devices write new ones.
 */
import { SESSION_SECRET_DOC } from '../auth/secret';
import { INSTANCE_DOC } from '../sync/instance';

/** `_local` ids (without the prefix) copied as they are, per database. */
export const LOCAL_DOCS_KEPT: Readonly<Record<string, readonly string[]>> = {};

/** `_local` documents a restore target may hold that count as "not empty" (a gateway ran on it). */
export const LOCAL_DOCS_OF_A_RUN: Readonly<Record<string, readonly string[]>> = {
  sesiones: [SESSION_SECRET_DOC],
};

/** The instance id: noted by the backup (whether there was one), written anew by the restore. */
export const INSTANCE_LOCAL_DOC = INSTANCE_DOC;
