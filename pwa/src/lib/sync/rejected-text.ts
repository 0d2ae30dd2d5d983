/**
 * How a rejected change reads (sync/rejected-dialog.tsx): which record it is, and what the person
 * typed as plain text, one field a line, the same in the read-only view and in 'Copiar'.
 */
import { captacionPathLabel } from '../../../../couch-design/captacion/labels';
import type { RejectedChange } from '../db';
import { LOCAL_DATABASES } from '../db/databases';
import { TEXT_REJECTED_DELETION, TEXT_REJECTED_OTHER_ENTITY } from './texts';

/** What a record of each `type` is called, as its entity's declaration names it ('Captación', 'Visita'). */
const ENTITY_BY_TYPE = new Map(LOCAL_DATABASES.map((d) => [d.docType, d.names.one.charAt(0).toUpperCase() + d.names.one.slice(1)]));

/** Per kind of record, the label a field has on its screens (couch-design); the path stands where none says. */
const FIELD_LABEL: Record<string, (path: string) => string | undefined> = { captacion: captacionPathLabel };

/** Fields the device or the server fills in, not the person. */
const NOT_TYPED = new Set(['type', 'ultima_actualizacion', 'historial_estatus']);

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The kind of record and its name: a captación's owner, as the list shows it, else its id. (Not
 * couch-design's `ownerName`: its module brings the schema into the top bar's bundle.)
 */
export function describeRejected(item: RejectedChange): { entity: string; name: string } {
  const doc = item.doc ?? {};
  const type = typeof doc.type === 'string' ? doc.type : '';
  const entity = ENTITY_BY_TYPE.get(type) ?? TEXT_REJECTED_OTHER_ENTITY;
  const owner = isDict(doc.propietario) && typeof doc.propietario.nombre === 'string' ? doc.propietario.nombre.trim() : '';
  return { entity, name: owner || item.id };
}

type Labeler = (path: string) => string | undefined;

function lines(value: unknown, path: string, labelOf: Labeler, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => lines(v, `${path}[${i + 1}]`, labelOf, out));
    return;
  }
  if (isDict(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (!path && (k.startsWith('_') || NOT_TYPED.has(k))) continue;
      lines(v, path ? `${path}.${k}` : k, labelOf, out);
    }
    return;
  }
  if (value === null || value === undefined || value === '') return;
  // Numbers read as JSON writes them, yes/no in Spanish; any other value left here is no text to show.
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? (value ? 'Sí' : 'No') : JSON.stringify(value);
  out.push(`${labelOf(path) ?? path}: ${text}`);
}

/** What the person typed, one `field: value` a line, each field by its label on the screens (empty fields left out). */
export function rejectedAsText(item: RejectedChange): string {
  if (item.doc?._deleted === true) return TEXT_REJECTED_DELETION;
  const out: string[] = [];
  const type = typeof item.doc?.type === 'string' ? item.doc.type : '';
  lines(item.doc ?? {}, '', FIELD_LABEL[type] ?? (() => undefined), out);
  return out.join('\n');
}
