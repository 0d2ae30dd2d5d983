/**
 * The fields only the gateway writes on a captación, from the session and the server's own copy,
 * never from the client (DESIGN section 4): who touched it last and when, one more history
 * entry, and a capture date when the writer sent none (the list indexes hold only dated
 * captaciones). Also what a deletion keeps, so a client whose feed is filtered by adviser still
 * learns of it. One rule for REST and replication writes.
 */

type Dict = Record<string, unknown>;
const dict = (v: unknown): Dict => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Dict) : {});
const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The signed-in person as the gateway knows them. */
export interface Stamper { nombre: string; email: string }

/**
 * `doc` with `ultima_actualizacion` set to this user now, the server's history plus one entry,
 * and `captacion.fecha` kept from the previous revision (else now) when `doc` has none.
 * `previous` is the server's current revision (null on creation).
 */
export function stampCaptacion<T extends Dict>(doc: T, previous: Dict | null, user: Stamper, now: string): T {
  const datos = dict(doc.captacion);
  const prevFecha = dict(previous?.captacion).fecha;
  const fecha = !isBlank(datos.fecha) ? datos.fecha : !isBlank(prevFecha) ? prevFecha : now;
  const history = Array.isArray(previous?.historial_estatus) ? (previous.historial_estatus as unknown[]) : [];
  return {
    ...doc,
    captacion: { ...datos, fecha },
    ultima_actualizacion: { usuario: { nombre: user.nombre, avatar: '' }, fecha: now },
    historial_estatus: [...history, { usuario: { nombre: user.nombre, email: user.email }, fecha: now, estatus: doc.estatus_actual ?? '' }],
  };
}

/** The deletion of a captación: it keeps `type` and `captacion.asesor` for filtered feeds. */
export function captacionTombstone(id: string, rev: string | undefined, asesor: unknown): { _id: string; _rev?: string; _deleted: true; type: 'captacion'; captacion: { asesor: unknown } } {
  const tombstone: { _id: string; _rev?: string; _deleted: true; type: 'captacion'; captacion: { asesor: unknown } } = { _id: id, _deleted: true, type: 'captacion', captacion: { asesor: asesor ?? '' } };
  if (rev) tombstone._rev = rev;
  return tombstone;
}
