/**
 * How a captación is shown (list, detail, PDF): display fallbacks, names, address lines, the
 * completeness flag. Input cleaning lives apart, in convert.ts (`normalizeCaptacionInput`).
 */
import { fullName } from '../helpers/names';
import { newestFirst } from '../helpers/order';
import { dict, plainText, trimmed as nonEmpty } from '../helpers/values';
import type { UserNameParts } from './types';

/** Display fallbacks of the list (spec 2.5) and the last-update column. */
export const SIN_DIRECCION = 'Sin dirección';
export const NO_ESPECIFICADO = 'No especificado';
export const NO_ASIGNADO = 'No asignado';
export const FECHA_DESCONOCIDA = 'Fecha desconocida';
export const SIN_NOMBRE = 'Sin nombre';

/** Personal references a complete captación has (the schema asks for them; the completeness flag counts them). */
export const MIN_REFERENCIAS = 2;
export const SIN_PROPIETARIO = 'Sin propietario';
export const NUNCA_EDITADO = 'Nunca editado';
/** Empty lists on the detail screen and in the PDF (spec 2.6). */
export const SIN_ADEUDOS = 'No hay adeudos registrados.';
export const SIN_REFERENCIAS = 'No hay referencias registradas.';

const present = (v: unknown): boolean =>
  (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v));
const asNumber = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;

/**
 * The completeness flag of spec section 4: owner name, phone and civil status; property type and
 * every address part; positive land and built areas; bedrooms and bathrooms present (0 counts);
 * at least 2 references, each with name, phone and relation; INE and deeds ticked. "Each" is read
 * as every listed reference, like the validation rules, so a record is complete exactly when its
 * references would pass them. Accepts the form or the document shape.
 */
export function isComplete(c: unknown): boolean {
  const root = dict(c);
  const owner = dict(root.propietario);
  const prop = dict(root.propiedad);
  const dir = dict(prop.direccion);
  const car = dict(prop.caracteristicas);
  const refs = Array.isArray(root.referencias_personales) ? root.referencias_personales : [];
  const docs = dict(root.documentacion ?? root.documentos_entregados);

  const ownerOk = present(owner.nombre) && present(owner.telefono) && present(owner.estado_civil);
  const addressOk = ['calle', 'numero', 'colonia', 'ciudad', 'estado', 'codigo_postal'].every((k) => present(dir[k]));
  const areasOk = asNumber(car.m2_terreno) > 0 && asNumber(car.m2_construccion) > 0;
  const roomsOk = Number.isFinite(asNumber(car.habitaciones)) && Number.isFinite(asNumber(car.baños));
  const refsOk =
    refs.length >= MIN_REFERENCIAS &&
    refs.every((r) => {
      const ref = dict(r);
      return present(ref.nombre) && present(ref.telefono) && present(ref.relacion);
    });
  const docsOk = docs.ine === true && docs.escrituras === true;

  return ownerOk && present(prop.tipo) && addressOk && areasOk && roomsOk && refsOk && docsOk;
}

export type { UserNameParts } from './types';

/** 'Ana', '', 'López', 'Ruiz' -> 'Ana López Ruiz'; '' when no part is filled. */
export { fullName };

type UserLookup = Record<string, UserNameParts | undefined> | Map<string, UserNameParts | undefined>;

/**
 * The adviser's display name: a legacy object carries its own name; an id (how new records store
 * it) is resolved through the users the screen fetched (GET /api/users/{id}); else 'No asignado'.
 */
export function adviserName(asesor: unknown, usersById?: UserLookup): string {
  if (typeof asesor === 'string') {
    const id = asesor.trim();
    if (id === '' || !usersById) return NO_ASIGNADO;
    const user = usersById instanceof Map ? usersById.get(id) : usersById[id];
    return (user && (fullName(user) || nonEmpty(user.name) || nonEmpty(user.nombre))) || NO_ASIGNADO;
  }
  if (typeof asesor === 'object' && asesor !== null) {
    const a = asesor as UserNameParts;
    const own = nonEmpty(a.name) || nonEmpty(a.nombre) || fullName(a);
    if (own) return own;
    const id = nonEmpty(a._id) || nonEmpty((a as { id?: string }).id);
    return id ? adviserName(id, usersById) : NO_ASIGNADO;
  }
  return NO_ASIGNADO;
}

/** Who made a history entry (spec 3.1): name, nombre, the name parts, or the e-mail. */
export function historyUserName(usuario: unknown): string {
  if (typeof usuario === 'string') return usuario.trim() || SIN_NOMBRE;
  const u = dict(usuario) as UserNameParts;
  return nonEmpty(u.name) || nonEmpty(u.nombre) || fullName(u) || nonEmpty(u.email) || nonEmpty(u.correo) || SIN_NOMBRE;
}

export interface LastUpdate {
  usuario: string;
  avatar?: string;
  /** ISO timestamp, or null when the entry has none. */
  fecha: string | null;
}

/**
 * Who touched the record last and when, for the list's column and the detail banner: the
 * gateway's `ultima_actualizacion`, else the last history entry; null means 'Nunca editado'.
 */
export function lastUpdate(c: unknown): LastUpdate | null {
  const root = dict(c);
  const ua = dict(root.ultima_actualizacion);
  const uaUser = dict(ua.usuario);
  if (Object.keys(ua).length > 0 && (present(uaUser.nombre) || present(ua.fecha))) {
    const out: LastUpdate = { usuario: historyUserName(ua.usuario), fecha: nonEmpty(ua.fecha) || null };
    if (present(uaUser.avatar)) out.avatar = String(uaUser.avatar);
    return out;
  }
  const history = Array.isArray(root.historial_estatus) ? root.historial_estatus : [];
  if (history.length === 0) return null;
  const last = dict(history[history.length - 1]);
  return { usuario: historyUserName(last.usuario), fecha: nonEmpty(last.fecha) || null };
}

/**
 * 'Calle 5 de Mayo 123, Centro, Puebla, Puebla, C.P. 72000'; a legacy record with only the joined
 * `completa` shows that; 'Sin dirección' when nothing is there.
 */
export function addressLine(direccion: unknown): string {
  const d = dict(direccion);
  const street = [nonEmpty(d.calle), nonEmpty(d.numero)].filter(Boolean).join(' ');
  const cp = nonEmpty(d.codigo_postal);
  const parts = [street, nonEmpty(d.colonia), nonEmpty(d.ciudad), nonEmpty(d.estado), cp ? `C.P. ${cp}` : ''].filter(Boolean);
  if (parts.length > 0) return parts.join(', ');
  return nonEmpty(d.completa) || SIN_DIRECCION;
}

/** The list's "Ubicación" column: city and state, or 'No especificado'. */
export function locationLine(direccion: unknown): string {
  const d = dict(direccion);
  return [nonEmpty(d.ciudad), nonEmpty(d.estado)].filter(Boolean).join(', ') || NO_ESPECIFICADO;
}

/** The owner's name for lists and titles, or 'Sin propietario'. */
export function ownerName(c: unknown): string {
  return nonEmpty(dict(dict(c).propietario).nombre) || SIN_PROPIETARIO;
}

/** The capture moment in ms (the list's sort key), null when undated. */
export const captureTime = (c: unknown): number | null => {
  const t = Date.parse(nonEmpty(dict(dict(c).captacion).fecha));
  return Number.isNaN(t) ? null : t;
};

/** The list's order (spec 001 section 2.5): newest capture first, undated last, ties by id. */
export const compareCaptacionesNewestFirst: (a: unknown, b: unknown) => number = newestFirst(captureTime, {
  id: (c) => plainText(dict(c)._id),
  ties: 'ascending',
});
