/**
 * What the pending changes of a database weigh (issue 22 item 3: "the pending count says how many
 * photos wait and their size"). A photo is two documents (`foto` with its thumbnail and
 * `foto-original` with the full-size image); the person counts one photo, and its bytes are both
 * attachments. Other databases' changes count one each and weigh nothing worth saying.
 */
import { FOTO_ORIGINAL_TYPE, FOTO_TYPE, parseFotoId } from '../../../../couch-design/fotos/types';

export interface PendingWeight {
  /** What the person calls the waiting items: records, or photos. */
  items: number;
  /** Bytes of the attachments waiting (photos); 0 elsewhere. */
  bytes: number;
}

export const NO_WEIGHT: PendingWeight = { items: 0, bytes: 0 };

/** A pending document as `changes({include_docs: true})` gives it (attachment stubs carry `length`). */
export interface PendingDoc {
  _id: string;
  _deleted?: boolean;
  _attachments?: Record<string, { length?: number; data?: unknown }>;
}

const attachmentBytes = (doc: PendingDoc): number =>
  doc._deleted ? 0 : Object.values(doc._attachments ?? {}).reduce((sum, a) => sum + (typeof a.length === 'number' ? a.length : 0), 0);

/**
 * Photos waiting and their bytes: each `foto` counts once (a deleted one too: the deletion waits),
 * an original alone (its `foto` already up) counts as its photo; documents that are no photo count one each.
 */
export function weighPending(docs: readonly PendingDoc[]): PendingWeight {
  const fotos = new Set<string>();
  const originals = new Set<string>();
  let other = 0;
  let bytes = 0;
  for (const doc of docs) {
    const parsed = parseFotoId(doc._id);
    bytes += attachmentBytes(doc);
    if (!parsed) other++;
    else if (parsed.kind === FOTO_TYPE) fotos.add(`${parsed.captacionId}:${parsed.uuid}`);
    else if (parsed.kind === FOTO_ORIGINAL_TYPE) originals.add(`${parsed.captacionId}:${parsed.uuid}`);
  }
  let alone = 0;
  for (const key of originals) if (!fotos.has(key)) alone++;
  return { items: fotos.size + alone + other, bytes };
}
