/**
 * The captaciones list's index on the device (issue 20 item 6), declared with the entity (issue 21):
 * per captación, its capture moment, its adviser and its search text, so the PWA's list searches,
 * counts and sorts 5,000 records without reading them and then reads only the ten of the page.
 */
import type { DeviceIndex } from '../entity';
import { captureTime } from './rules';
import { captacionSearchText } from './search';

export interface CaptacionEntry {
  /** Capture moment in ms; null when undated (listed last). */
  at: number | null;
  /** The adviser's id: a supervisor sees only their own (couch-design roles). */
  asesor: string;
  /** Owner name and address, folded for search (search.ts). */
  text: string;
}

export const CAPTACIONES_LIST_INDEX: DeviceIndex<CaptacionEntry> = {
  key: 'captaciones-lista',
  version: 1,
  entryOf(doc) {
    if (doc.type !== 'captacion') return null;
    const captacion = (doc.captacion ?? {}) as { asesor?: unknown };
    return { at: captureTime(doc), asesor: typeof captacion.asesor === 'string' ? captacion.asesor : '', text: captacionSearchText(doc) };
  },
};
