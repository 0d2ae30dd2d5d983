/**
 * Room for photos on the device (issue 22 item 2): the browser is asked for persistent storage
 * on the first photo (an evicted origin would lose photos not yet synced), and a photo is refused
 * with a Spanish reason before it is stored when the browser's estimate says it would not fit.
 */
import { estimateSpace, formatBytes, type StorageSpace } from '../../../lib/storage-space';
import { AVISO_ESPACIO, ERROR_ESPACIO } from './texts';

/** What a photo costs on the device before it is resized: its original, thumbnail and IndexedDB's overhead. */
export const BYTES_POR_FOTO = 600 * 1024;
/** Below this much room left after the photos, the person is warned (they can still take them). */
export const RESERVA_AVISO = 50 * 1024 * 1024;

export type SpaceVerdict = { ok: true; warning: string | null } | { ok: false; error: string };

/** Whether `count` more photos fit in `space` (null: the browser gives no estimate, so they do). */
export function judgeSpace(space: StorageSpace | null, count: number): SpaceVerdict {
  if (!space) return { ok: true, warning: null };
  const needed = count * BYTES_POR_FOTO;
  if (space.free < needed) return { ok: false, error: ERROR_ESPACIO(formatBytes(space.free)) };
  const left = space.free - needed;
  return { ok: true, warning: left < RESERVA_AVISO ? AVISO_ESPACIO(formatBytes(left)) : null };
}

export async function checkSpace(count: number): Promise<SpaceVerdict> {
  return judgeSpace(await estimateSpace(), count);
}

let persistAsked = false;

/** Asks once per page load; the browser remembers a grant, so a later photo need not ask. */
export async function persistOnFirstPhoto(): Promise<void> {
  if (persistAsked) return;
  persistAsked = true;
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return;
    if (storage.persisted && (await storage.persisted())) return;
    await storage.persist();
  } catch {
    // Refused or unsupported: the photos are still stored, with the usual eviction risk.
  }
}
