/**
 * The captaciones list's kept index (issue 20 item 6): per captación, its capture moment, its
 * adviser and its search text, so the list searches, counts and sorts 5,000 records without
 * reading them and then reads only the ten of the page (projection.ts keeps it).
 *
 * The keeper follows the database while the person is signed in (the sync lifecycle starts it),
 * so the index is ready before the list opens: a sync that brings a thousand records costs one
 * background catch-up a couple of seconds later, not a wait on the screen.
 */
import { captureTime } from '../../../../couch-design/captacion/rules';
import { captacionSearchText } from '../../../../couch-design/captacion/search';
import { DOC_TYPES } from '../../../../couch-design/design-docs/index';
import { recheckInProjection, refreshProjection, type ProjectionSpec } from './projection';
import { dbFor, watchDb } from './registry';

export interface CaptacionEntry {
  /** Capture moment in ms; null when undated (listed last). */
  at: number | null;
  /** The adviser's id: a supervisor sees only their own (couch-design roles). */
  asesor: string;
  /** Owner name and address, folded for search (couch-design/captacion/search.ts). */
  text: string;
}

const CAPTACION_TYPES: readonly string[] = DOC_TYPES.captaciones;

export const CAPTACIONES_INDEX: ProjectionSpec<CaptacionEntry> = {
  key: 'captaciones-lista',
  version: 1,
  entryOf(doc) {
    if (!CAPTACION_TYPES.includes(String(doc.type))) return null;
    const captacion = (doc.captacion ?? {}) as { asesor?: unknown };
    return { at: captureTime(doc), asesor: typeof captacion.asesor === 'string' ? captacion.asesor : '', text: captacionSearchText(doc) };
  },
};

/** After the last change of a burst (a sync's batches), the index catches up once. */
const KEEP_DELAY_MS = 1_500;

/** Follows `userId`'s captaciones into the index until the returned stop is called. */
export function keepListIndexes(userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refresh = () => {
    timer = null;
    refreshProjection(dbFor(userId, 'captaciones'), CAPTACIONES_INDEX).catch((err: unknown) => console.warn('No se pudo poner al día el índice de la lista.', err));
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(refresh, KEEP_DELAY_MS);
  };
  const stop = watchDb(userId, 'captaciones', (event) => {
    // A purge (a refused change undone) leaves no change in the feed: that record is read again.
    if (event.kind === 'change' && event.seq === '') recheckInProjection(dbFor(userId, 'captaciones'), CAPTACIONES_INDEX, event.id);
    later();
  });
  later();
  return () => {
    if (timer) clearTimeout(timer);
    stop();
  };
}
