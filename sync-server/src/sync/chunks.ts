/**
 * Work over many ids, split so that one large request never holds the event loop: between two
 * store calls every other person's pending request gets its turn (`setImmediate` runs after the
 * I/O callbacks that are already waiting).
 */
import { STORE_CHUNK } from './limits';

export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `work` on consecutive slices of `items`, one at a time, results concatenated in order. */
export async function inChunks<T, R = never>(items: readonly T[], work: (chunk: T[]) => Promise<R[] | void>, size = STORE_CHUNK): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await nextTurn();
    for (const r of (await work(items.slice(i, i + size))) ?? []) out.push(r);
  }
  return out;
}
