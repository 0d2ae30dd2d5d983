/**
 * Who changed a captación and when: `ultima_actualizacion`, one `historial_estatus` entry per
 * save, and a capture date when the writer sent none (the list indexes hold only dated
 * captaciones). Also what a deletion keeps, so a client whose feed is filtered by adviser still
 * learns of it.
 *
 * A device stamps each local save itself (`stampCaptacion` with its own clock): the revision it
 * pushes already carries the stamp, so the gateway stores it under the device's own revision id
 * and never writes a second revision on top (which would make sibling branches when the device
 * pushes again before pulling). The gateway checks that stamp against the session and its own
 * clock (`serverStamp`) inside that same revision; REST stamps with the server's clock.
 */
import { timestampMs } from '../format';
import { dict, isBlank, type Dict } from '../helpers/values';


/** The signed-in person as the gateway knows them. */
export interface Stamper { nombre: string; email: string }

/** Offline saves one push may add to the history; more is no person's work and is rebuilt. */
export const MAX_ENTRADAS_POR_ENVIO = 500;
/** Longest status text a history entry may carry. */
const MAX_ESTATUS = 200;

/**
 * `doc` stamped as saved by `user` at `editedAt`: `ultima_actualizacion` (with `recibido`, the
 * server's receipt time, when given), `previous`'s history plus one entry, and `captacion.fecha`
 * kept from `doc`, else from `previous`, else `editedAt`. `previous` is the revision being edited
 * (null on creation).
 */
export function stampCaptacion<T extends object>(doc: T, previous: object | null, user: Stamper, editedAt: string, receivedAt?: string): T {
  const prev = previous as Dict | null;
  const history = Array.isArray(prev?.historial_estatus) ? (prev.historial_estatus as unknown[]) : [];
  return withStamp(doc, prev, user, editedAt, receivedAt, [
    ...history,
    { usuario: { nombre: user.nombre, email: user.email }, fecha: editedAt, estatus: (doc as Dict).estatus_actual ?? '' },
  ]);
}

function withStamp<T extends object>(doc: T, previous: Dict | null, user: Stamper, editedAt: string, receivedAt: string | undefined, history: unknown[]): T {
  const datos = dict((doc as Dict).captacion);
  const prevFecha = dict(previous?.captacion).fecha;
  const fecha = !isBlank(datos.fecha) ? datos.fecha : !isBlank(prevFecha) ? prevFecha : editedAt;
  return {
    ...doc,
    captacion: { ...datos, fecha },
    ultima_actualizacion: { usuario: { nombre: user.nombre, avatar: '' }, fecha: editedAt, ...(receivedAt ? { recibido: receivedAt } : {}) },
    historial_estatus: history,
  };
}

/** When a revision was last edited, by its stamp or its newest history entry; null when it says neither. */
function editTimeOf(doc: Dict | null): number | null {
  const history = Array.isArray(doc?.historial_estatus) ? (doc.historial_estatus as unknown[]) : [];
  const times = [timestampMs(dict(doc?.ultima_actualizacion).fecha), timestampMs(dict(history[history.length - 1]).fecha)];
  const known = times.filter((t): t is number => t !== null);
  return known.length ? Math.max(...known) : null;
}

const clamp = (ms: number, floor: number | null, ceiling: number): number => Math.min(Math.max(ms, floor ?? ms), ceiling);
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The edit time a device claims, or null when it claims none: a stamp carrying `recibido` or
 * equal to the base's was copied from a server stamp, not written by the device.
 */
function claimedEditTime(pushed: Dict, base: Dict | null): number | null {
  const ua = dict(pushed.ultima_actualizacion);
  if ('recibido' in ua) return null;
  const ms = timestampMs(ua.fecha);
  return ms !== null && ms !== timestampMs(dict(base?.ultima_actualizacion).fecha) ? ms : null;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Dict)[k], (b as Dict)[k]));
}

/**
 * The entries the device added on top of the base's history (its offline saves), rebuilt with the
 * session's name and sane dates; null when the pushed history is anything else (another history,
 * someone else's entries, bad dates), and then the gateway writes one entry of its own.
 */
function deviceEntries(pushed: Dict, base: Dict | null, user: Stamper, floor: number | null, ceiling: number): Dict[] | null {
  const baseHistory = Array.isArray(base?.historial_estatus) ? (base.historial_estatus as unknown[]) : [];
  const pushedHistory = pushed.historial_estatus;
  if (!Array.isArray(pushedHistory)) return null;
  const added = pushedHistory.length - baseHistory.length;
  if (added < 1 || added > MAX_ENTRADAS_POR_ENVIO) return null;
  if (!baseHistory.every((entry, i) => sameJson(entry, pushedHistory[i]))) return null;

  const out: Dict[] = [];
  let earliest = floor;
  for (const raw of pushedHistory.slice(baseHistory.length)) {
    const entry = dict(raw);
    if (Object.keys(entry).some((k) => k !== 'usuario' && k !== 'fecha' && k !== 'estatus')) return null;
    const who = dict(entry.usuario);
    const mine = typeof who.email === 'string' ? who.email === user.email : who.nombre === user.nombre;
    if (!mine) return null;
    if (typeof entry.estatus !== 'string' || entry.estatus.length > MAX_ESTATUS) return null;
    const ms = timestampMs(entry.fecha);
    if (ms === null) return null;
    const at = clamp(ms, earliest, ceiling);
    earliest = at;
    out.push({ usuario: { nombre: user.nombre, email: user.email }, fecha: iso(at), estatus: entry.estatus });
  }
  const last = out[out.length - 1];
  return last.estatus === (pushed.estatus_actual ?? '') ? out : null;
}

/**
 * The gateway's check of a device's stamp, within the pushed revision itself. `base` is the
 * server's copy of the revision the device edited (null on creation); `serverNow` an ISO time.
 * - Edit time: the device's `ultima_actualizacion.fecha` (when the person saved), never later than
 *   `serverNow` nor earlier than the base's edit time; `serverNow` when the device claims none.
 *   `recibido` is always `serverNow`.
 * - History: the base's history plus the entries the device appended for its offline saves, when
 *   they are the session user's and dated sanely (dates clamped); otherwise the base's history plus
 *   one entry. The name on every stamp is the session's, never the device's.
 */
export function serverStamp<T extends object>(pushed: T, baseRevision: object | null, user: Stamper, serverNow: string): T {
  const base = baseRevision as Dict | null;
  const now = timestampMs(serverNow) ?? Date.now();
  const floor = editTimeOf(base);
  const claimed = claimedEditTime(pushed as Dict, base);
  const editedAt = iso(claimed === null ? now : clamp(claimed, floor, now));
  const added = deviceEntries(pushed as Dict, base, user, floor, Date.parse(editedAt));
  if (!added) return stampCaptacion(pushed, base, user, editedAt, iso(now));
  const history = Array.isArray(base?.historial_estatus) ? (base.historial_estatus as unknown[]) : [];
  return withStamp(pushed, base, user, editedAt, iso(now), [...history, ...added]);
}

/** The deletion of a captación: it keeps `type` and `captacion.asesor` for filtered feeds. */
export function captacionTombstone(id: string, rev: string | undefined, asesor: unknown): { _id: string; _rev?: string; _deleted: true; type: 'captacion'; captacion: { asesor: unknown } } {
  const tombstone: { _id: string; _rev?: string; _deleted: true; type: 'captacion'; captacion: { asesor: unknown } } = { _id: id, _deleted: true, type: 'captacion', captacion: { asesor: asesor ?? '' } };
  if (rev) tombstone._rev = rev;
  return tombstone;
}
