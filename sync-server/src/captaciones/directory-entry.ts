/**
 * One captación as the directory keeps it (id, date as a sort key, adviser, folded search text),
 * in the order of the list: by `captacion.fecha`, ties by id, as the Mango index sorts them.
 */
import type { StoreDoc } from '../store/port';
import { captacionSearchText } from '../../../couch-design/captacion/search';

export interface Entry {
  id: string;
  /** `captacion.fecha` as a sort key, ordered like CouchDB collates (numbers before strings). */
  key: string;
  /** The adviser's user id; null for a legacy adviser object or none. */
  asesor: string | null;
  text: string;
  /** The revision the entry was made from: a body kept for the list is used at this one only (listed-bodies.ts). */
  rev: string | null;
}

function sortKey(fecha: unknown): string | null {
  if (fecha === undefined || fecha === null) return null;
  if (typeof fecha === 'string') return `\u0002${fecha}`;
  if (typeof fecha === 'number' || typeof fecha === 'boolean') return `\u0001${String(fecha)}`;
  return `\u0003${JSON.stringify(fecha)}`;
}

export const compareEntries = (a: Entry, b: Entry): number =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Mirrors the list's scope: a captación without a date is in no list, so it is not here either. */
export function toEntry(doc: StoreDoc): Entry | null {
  if (doc.type !== 'captacion' || doc._deleted) return null;
  const datos = typeof doc.captacion === 'object' && doc.captacion !== null ? (doc.captacion as Record<string, unknown>) : {};
  const key = sortKey(datos.fecha);
  if (key === null) return null;
  return {
    id: doc._id,
    key,
    asesor: typeof datos.asesor === 'string' ? datos.asesor : null,
    text: captacionSearchText(doc),
    rev: typeof doc._rev === 'string' ? doc._rev : null,
  };
}
