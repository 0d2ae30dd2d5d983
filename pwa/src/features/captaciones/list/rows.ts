/**
 * One list row from one stored captación, with every fallback text of specification 001
 * section 2.5. Pure: the table, the CSV export and the tests read the same rows.
 */
// The modules themselves, not the captación barrel, which would bring the schema (and Yup) to the list's first draw.
import { statusChip, type StatusChip } from '../../../../../couch-design/captacion/options';
import { addressLine, FECHA_DESCONOCIDA, lastUpdate, locationLine, NO_ESPECIFICADO, NUNCA_EDITADO, ownerName } from '../../../../../couch-design/captacion/rules';
import { formatDate, formatDateTime, formatMomentDate } from '../../../../../couch-design/format';

export interface ListRow {
  id: string;
  /** Property type, or 'No especificado'. */
  propiedad: string;
  /** Full address, or 'Sin dirección'. */
  direccion: string;
  propietario: string;
  ubicacion: string;
  /** 'Nombre · fecha', or 'Nunca editado'. */
  ultimaActualizacion: string;
  estatus: StatusChip;
  fecha: string;
  pdfUrl?: string;
  conflicted: boolean;
}

type Dict = Record<string, unknown>;
const dict = (v: unknown): Dict => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Dict) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * `captacion.fecha` is a moment (ISO timestamp) for new records and a calendar date for legacy
 * ones: a moment is shown as the day it was in Mexico, a date as written.
 */
export function captureDate(value: unknown, fallback = FECHA_DESCONOCIDA): string {
  const s = text(value);
  if (s === '') return fallback;
  if (/^\d{4}-\d{2}-\d{2}T/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? fallback : formatMomentDate(d);
  }
  return formatDate(s, fallback);
}

export function lastUpdateText(doc: unknown): string {
  const last = lastUpdate(doc);
  if (!last) return NUNCA_EDITADO;
  return `${last.usuario} · ${formatDateTime(last.fecha, FECHA_DESCONOCIDA)}`;
}

export function toListRow(doc: unknown): ListRow {
  const d = dict(doc);
  const propiedad = dict(d.propiedad);
  const row: ListRow = {
    id: text(d._id),
    propiedad: text(propiedad.tipo) || NO_ESPECIFICADO,
    direccion: addressLine(propiedad.direccion),
    propietario: ownerName(d),
    ubicacion: locationLine(propiedad.direccion),
    ultimaActualizacion: lastUpdateText(d),
    estatus: statusChip(d.estatus_actual),
    fecha: captureDate(dict(d.captacion).fecha),
    conflicted: Array.isArray(d._conflicts) && d._conflicts.length > 0,
  };
  const pdf = text(d.pdf_url);
  if (pdf) row.pdfUrl = pdf;
  return row;
}
