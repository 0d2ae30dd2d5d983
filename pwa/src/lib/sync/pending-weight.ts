/**
 * What the pending changes of a database weigh (issue 22 item 3: "the pending count says how many
 * photos wait and their size"). A record may be several documents (a photo: its thumbnail's and
 * its full-size image's), as its declaration says (`DeviceDatabase.recordOf`): the person counts
 * one record, and its bytes are all their attachments.
 */
import type { DeviceDatabase } from '../../../../couch-design/entity';

export interface PendingWeight {
  /** What the person calls the waiting items: records (a photo counts once). */
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
 * Records waiting and their bytes: the documents of one record count once (a deletion too: it
 * waits), any other document counts one.
 */
export function weighPending(docs: readonly PendingDoc[], recordOf: DeviceDatabase['recordOf'] = () => null): PendingWeight {
  const records = new Set<string>();
  let other = 0;
  let bytes = 0;
  for (const doc of docs) {
    bytes += attachmentBytes(doc);
    const record = recordOf(doc._id);
    if (record === null) other++;
    else records.add(record);
  }
  return { items: records.size + other, bytes };
}
