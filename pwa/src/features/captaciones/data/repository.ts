/**
 * The captación screens read and write the signed-in person's local database (offline-first,
 * DESIGN section 5); the sync engine carries every change to the gateway, which stamps
 * `ultima_actualizacion` and `historial_estatus` and checks the adviser.
 */
import {
  conflictRevisions,
  listConflicts,
  listRejectedChanges,
  localFind,
  localPut,
  localRemove,
  type RejectedChange,
} from '../../../lib/db';
import { formToDoc, type Captacion, type CaptacionForm, type NewCaptacion } from '../../../../../couch-design/captacion';
import { canSeeCaptacion, type SessionUser } from '../../../../../couch-design/roles';

export const DB = 'captaciones' as const;

const isNotFound = (err: unknown): boolean => (err as { status?: number } | null)?.status === 404;

/** Every captación of the person's scope on this device. */
export async function listCaptaciones(user: SessionUser): Promise<Captacion[]> {
  // Mango does not report conflicts (as in CouchDB): they are asked for separately, so the list
  // can mark records edited on two devices.
  const [docs, conflicted] = await Promise.all([
    localFind<Captacion>(DB, { selector: { type: 'captacion' } }),
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
 * supervisor's scope right before the first sync) and now is its capture date.
 */
export async function createCaptacion(values: CaptacionForm, user: SessionUser, now = new Date()): Promise<string> {
  const doc = formToDoc(values);
  const { _id: _ignoredId, _rev: _ignoredRev, ultima_actualizacion: _u, ...fields } = doc;
  const res = await localPut<NewCaptacion>(DB, {
    ...fields,
    historial_estatus: [],
    captacion: { ...doc.captacion, asesor: user.id, fecha: now.toISOString() },
  });
  return res.id;
}

/**
 * Saves the edit form over the revision it was opened on. A revision that arrived meanwhile
 * makes PouchDB answer 409: the caller tells the person instead of overwriting it blindly.
 */
export async function updateCaptacion(values: CaptacionForm, base: Captacion, now = new Date()): Promise<void> {
  const doc = formToDoc(values);
  const next: Captacion = {
    ...doc,
    _id: base._id,
    _rev: base._rev,
    // Fields the form does not own: they stay as the stored record has them.
    captacion: { ...doc.captacion, asesor: base.captacion?.asesor ?? '', fecha: base.captacion?.fecha || now.toISOString() },
    historial_estatus: base.historial_estatus ?? [],
    ultima_actualizacion: base.ultima_actualizacion ?? null,
  };
  if (base.pdf_url) next.pdf_url = base.pdf_url;
  else delete next.pdf_url;
  await localPut<Captacion>(DB, next);
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
