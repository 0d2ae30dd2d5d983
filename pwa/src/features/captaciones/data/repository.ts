/**
 * The captación screens read and write the signed-in person's local database (offline-first,
 * DESIGN section 5); the sync engine carries every change to the gateway. Each save is stamped
 * here, in the revision itself (`ultima_actualizacion`, one more `historial_estatus` entry), with
 * the person and the device's clock: the history tells when the person made the change, even
 * offline, and the gateway stores that revision as sent (checking the stamp and the adviser)
 * instead of writing a second revision on top, which made false conflicts and undid deletions.
 */
import {
  conflictRevisions,
  listConflicts,
  listRejectedChanges,
  localFindAll,
  localPut,
  localRemove,
  resolveConflict,
  type RejectedChange,
} from '../../../lib/db';
import type { AuthUser } from '../../../lib/session';
import { formToDoc, type Captacion, type CaptacionForm, type NewCaptacion } from '../../../../../couch-design/captacion';
import { stampCaptacion, type Stamper } from '../../../../../couch-design/captacion/stamp';
import { canSeeCaptacion, type SessionUser } from '../../../../../couch-design/roles';

export const DB = 'captaciones' as const;

const isNotFound = (err: unknown): boolean => (err as { status?: number } | null)?.status === 404;

/**
 * The person as the history names them. `nombre` of the session user is the gateway's own
 * `fullName(usuario) || email` (check-auth answers it), so the device writes the same name the
 * gateway would; the email stands in only for a cached user stored without a name.
 */
export const stamperOf = (user: Pick<AuthUser, 'nombre' | 'email'>): Stamper => ({ nombre: user.nombre || user.email, email: user.email });

/** The device's clock is the edit time; the gateway keeps it (never later than its own) beside its receipt time. */
const stamp = <T extends object>(doc: T, previous: object | null, user: AuthUser, now: Date): T => stampCaptacion(doc, previous, stamperOf(user), now.toISOString());

/** Every captación of the person's scope on this device. */
export async function listCaptaciones(user: SessionUser): Promise<Captacion[]> {
  // Mango does not report conflicts (as in CouchDB): they are asked for separately, so the list
  // can mark records edited on two devices.
  const [docs, conflicted] = await Promise.all([
    localFindAll<Captacion>(DB, { selector: { type: 'captacion' } }),
    listConflicts(DB).catch(() => []),
  ]);
  const conflicts = new Map(conflicted.map((c) => [c.doc._id, c.conflicts]));
  // The device only holds the person's scope; this guards the moment between a role change and
  // the wipe that follows it (a supervisor must never see someone else's records).
  return (docs as unknown as Captacion[])
    .filter((d) => canSeeCaptacion(user, d.captacion?.asesor))
    .map((d) => (conflicts.has(d._id) ? { ...d, _conflicts: conflicts.get(d._id) } : d));
}

export interface LoadedCaptacion {
  doc: Captacion;
  /** Other revisions kept by a conflict (two devices edited offline); empty when none. */
  conflicts: Captacion[];
}

/** The record with its conflicting revisions, or null when it does not exist (or is outside the scope). */
export async function loadCaptacion(id: string, user: SessionUser): Promise<LoadedCaptacion | null> {
  if (!id) return null;
  try {
    const [doc, ...conflicts] = (await conflictRevisions<Captacion>(DB, id)) as unknown as Captacion[];
    if (!doc || doc.type !== 'captacion' || !canSeeCaptacion(user, doc.captacion?.asesor)) return null;
    return { doc, conflicts };
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/**
 * A new captación: the creator is its adviser (the gateway does the same; setting it here keeps a
 * supervisor's scope right before the first sync), now is its capture date and its first
 * history entry.
 */
export async function createCaptacion(values: CaptacionForm, user: AuthUser, now = new Date()): Promise<string> {
  const doc = formToDoc(values);
  const { _id: _ignoredId, _rev: _ignoredRev, ultima_actualizacion: _u, historial_estatus: _h, ...fields } = doc;
  const fresh = { ...fields, captacion: { ...doc.captacion, asesor: user.id, fecha: now.toISOString() } };
  const res = await localPut<NewCaptacion>(DB, stamp(fresh, null, user, now) as NewCaptacion);
  return res.id;
}

/**
 * Saves the edit form over the revision it was opened on. A revision that arrived meanwhile
 * makes PouchDB answer 409: the caller tells the person instead of overwriting it blindly.
 */
export async function updateCaptacion(values: CaptacionForm, base: Captacion, user: AuthUser, now = new Date()): Promise<void> {
  const doc = formToDoc(values);
  const next: Captacion = {
    ...doc,
    _id: base._id,
    _rev: base._rev,
    // Fields the form does not own: they stay as the stored record has them.
    captacion: { ...doc.captacion, asesor: base.captacion?.asesor ?? '', fecha: base.captacion?.fecha || now.toISOString() },
  };
  if (base.pdf_url) next.pdf_url = base.pdf_url;
  else delete next.pdf_url;
  // The history continues the revision the form was opened on, the one this edit replaces.
  await localPut<Captacion>(DB, stamp(next, base, user, now));
}

/**
 * Keeps the version the person merged (whose history is the current winner's, see
 * conflict/merge.ts) as an edit of theirs, and deletes the losing revisions.
 */
export async function resolveCaptacionConflict(id: string, merged: Captacion, losingRevs: string[], user: AuthUser, now = new Date()): Promise<void> {
  await resolveConflict(DB, id, stamp(merged, merged, user, now), losingRevs);
}

/**
 * Deletes every revision of the record: deleting only the winner of a conflicted record would
 * bring the losing revision back as the record.
 */
export async function deleteCaptacion(id: string): Promise<void> {
  let revisions: Array<{ _id: string; _rev: string }>;
  try {
    revisions = (await conflictRevisions<Captacion>(DB, id)).map((d) => ({ _id: d._id, _rev: d._rev }));
  } catch (err) {
    if (isNotFound(err)) return;
    throw err;
  }
  for (const rev of revisions) await localRemove(DB, rev);
}

export function isRevisionConflict(err: unknown): boolean {
  return (err as { status?: number } | null)?.status === 409;
}

/** Changes of this record the server refused for good (kept on the device by the sync engine). */
export async function rejectedChangesOf(id: string): Promise<RejectedChange[]> {
  try {
    return (await listRejectedChanges()).filter((c) => c.id === id);
  } catch {
    return [];
  }
}
