/**
 * How a rejected change reads (sync/rejected-dialog.tsx): which record it is, and what the person
 * typed as plain text, one field a line, the same in the read-only view and in 'Copiar'.
 */
import type { RejectedChange } from '../db';
import { LOCAL_DATABASES } from '../db/databases';
import { TEXT_REJECTED_DELETION, TEXT_REJECTED_OTHER_ENTITY } from './texts';

/** What a record of each `type` is called, as its entity's declaration names it ('Captación', 'Visita'). */
const ENTITY_BY_TYPE = new Map(LOCAL_DATABASES.map((d) => [d.docType, d.names.one.charAt(0).toUpperCase() + d.names.one.slice(1)]));

/** Per kind of record, how its declaration says a refused one reads (`DeviceDatabase.rejected`). */
const REJECTED_BY_TYPE = new Map(LOCAL_DATABASES.flatMap((d) => (d.rejected ? [[d.docType, d.rejected] as const] : [])));

/** Fields the device or the server fills in, not the person. */
const NOT_TYPED = new Set(['type', 'ultima_actualizacion', 'historial_estatus']);

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The kind of record and its name: as its list shows it (its declaration says how), else its id. */
export function describeRejected(item: RejectedChange): { entity: string; name: string } {
  const doc = item.doc ?? {};
  const type = typeof doc.type === 'string' ? doc.type : '';
  const entity = ENTITY_BY_TYPE.get(type) ?? TEXT_REJECTED_OTHER_ENTITY;
  const name = REJECTED_BY_TYPE.get(type)?.nameOf?.(doc) ?? '';
  return { entity, name: name || item.id };
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
  lines(item.doc ?? {}, '', REJECTED_BY_TYPE.get(type)?.fieldLabel ?? (() => undefined), out);
  return out.join('\n');
}
