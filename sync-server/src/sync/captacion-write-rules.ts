/**
 * What the gateway does with one pushed captación revision, as a pure decision: refuse it
 * (`forbidden`, with a Spanish reason), or store it with the fields only the gateway may set.
 *
 * - Create and edit: roles allowed by `canEditCaptacion`; delete: admins only, except the losing
 *   branch of a conflict, which any editor removes when resolving it.
 * - `captacion.asesor`: set to the creator on creation; only an admin changes it afterwards. A
 *   non-admin's revision keeps the server's current adviser, so an offline edit made before a
 *   reassignment does not undo it.
 * - `ultima_actualizacion` and `historial_estatus` come from the session and the server's own
 *   history, never from the client.
 * - A deletion keeps the owner fields (`type`, `captacion.asesor`) so clients whose feed is
 *   filtered by them still receive it.
 */
import { validateCaptacion } from '../../../couch-design/captacion';
import { captacionTombstone, stampCaptacion } from '../../../couch-design/captacion/stamp';
import { canEditCaptacion, isAdmin } from '../../../couch-design/roles';
import { inCaptacionesScope } from '../../../couch-design/scope';
import type { AuthUser } from '../auth/session-user';
import type { StoreDoc } from '../store/port';
import { isPlainObject } from './couch-http';
import { isSpecialId } from './databases';

export const REFUSAL = {
  special: 'No se pueden escribir documentos de diseño ni locales por sincronización.',
  role: 'Su rol no permite crear ni modificar captaciones.',
  scope: 'La captación no pertenece a su alcance.',
  delete: 'Solo un administrador puede eliminar captaciones.',
  type: "El documento debe ser una captación (type: 'captacion').",
  reassign: 'Solo un administrador puede reasignar el asesor de una captación.',
  createForOther: 'No puede registrar captaciones a nombre de otra persona.',
  invalid: 'La captación no es válida: ',
} as const;

export type Decision =
  | { ok: true; doc: StoreDoc; /** The adviser this captación was taken away from, if any. */ reassignedFrom?: string }
  | { ok: false; reason: string };

export interface Known {
  /** The revision the pushed one was edited from, when the server has it. */
  parent: StoreDoc | null;
  /** The server's current winning revision (null when none or deleted). */
  winner: StoreDoc | null;
}

const asesorOf = (doc: StoreDoc | null | undefined): unknown =>
  doc && isPlainObject(doc.captacion) ? (doc.captacion as Record<string, unknown>).asesor : undefined;

const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Legacy records carry an adviser object; its id is what identifies the person. */
function asesorKey(v: unknown): string {
  if (isBlank(v)) return '';
  if (typeof v === 'string') return v;
  if (isPlainObject(v)) return String(v._id ?? v.id ?? JSON.stringify(v));
  return JSON.stringify(v);
}

const refuse = (reason: string): Decision => ({ ok: false, reason });

function attachmentStubs(doc: StoreDoc | null): StoreDoc['_attachments'] | undefined {
  const atts = doc?._attachments;
  if (!atts || Object.keys(atts).length === 0) return undefined;
  const out: NonNullable<StoreDoc['_attachments']> = {};
  for (const [name, a] of Object.entries(atts)) {
    out[name] = { content_type: a.content_type, digest: a.digest, length: a.length, revpos: a.revpos, stub: true };
  }
  return out;
}

export function decideCaptacion(pushed: StoreDoc, known: Known, user: AuthUser, now: string): Decision {
  if (isSpecialId(pushed._id)) return refuse(REFUSAL.special);
  if (!canEditCaptacion(user.role)) return refuse(REFUSAL.role);
  const parent = known.parent && !known.parent._deleted ? known.parent : null;
  const winner = known.winner;
  if ((winner && !inCaptacionesScope(user, winner)) || (parent && !inCaptacionesScope(user, parent))) return refuse(REFUSAL.scope);
  const ref = parent ?? winner;

  if (pushed._deleted === true) {
    // Resolving a conflict deletes the losing branches: anyone who may edit may do that while
    // another, live revision of the captación remains. Deleting the captación itself is for admins.
    const losingBranch = !!parent && !!winner && !winner._deleted && parent._rev !== winner._rev;
    if (!isAdmin(user.role) && !losingBranch) return refuse(REFUSAL.delete);
    const owner = asesorOf(winner) ?? asesorOf(ref) ?? asesorOf(pushed) ?? '';
    const tombstone: StoreDoc = captacionTombstone(pushed._id, pushed._rev, owner);
    if (pushed._revisions) tombstone._revisions = pushed._revisions;
    return { ok: true, doc: tombstone };
  }

  if (pushed.type !== 'captacion') return refuse(REFUSAL.type);

  const admin = isAdmin(user.role);
  const pushedAsesor = asesorOf(pushed);
  let asesor: unknown;
  let reassignedFrom: string | undefined;
  if (ref) {
    const current = winner ? asesorOf(winner) : asesorOf(ref);
    const changed = !isBlank(pushedAsesor) && asesorKey(pushedAsesor) !== asesorKey(asesorOf(ref));
    if (changed && !admin) return refuse(REFUSAL.reassign);
    asesor = changed ? pushedAsesor : current;
    if (changed && typeof current === 'string' && current && asesorKey(current) !== asesorKey(pushedAsesor)) reassignedFrom = current;
  } else {
    if (!admin && !isBlank(pushedAsesor) && asesorKey(pushedAsesor) !== user.id) return refuse(REFUSAL.createForOther);
    asesor = isBlank(pushedAsesor) ? user.id : pushedAsesor;
  }

  const datos = isPlainObject(pushed.captacion) ? pushed.captacion : {};
  const previous = winner ?? ref;
  const doc = stampCaptacion({ ...pushed, captacion: { ...datos, asesor } }, previous, user, now) as StoreDoc;
  delete doc._conflicts;
  // Devices never see attachments (the endpoint does not serve them): the server's own, if a
  // captación has any, pass to the new revision untouched, and a client cannot add any.
  const stubs = attachmentStubs(previous);
  if (stubs) doc._attachments = stubs;
  else delete doc._attachments;

  const issues = validateCaptacion(doc, 'doc');
  if (issues.length > 0) {
    return refuse(REFUSAL.invalid + issues.slice(0, 3).map((i) => `${i.param}: ${i.msg}`).join('; '));
  }
  return { ok: true, doc, reassignedFrom };
}
