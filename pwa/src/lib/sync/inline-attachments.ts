/**
 * Attachments come with their documents. PouchDB's pull reads the documents of a batch with one
 * `_bulk_get` and then every attachment with a request of its own (pouchdb-replication's
 * `getDocs`): a new tablet's thousands of photo thumbnails were thousands of requests (issue 34).
 * Here the gateway's database asks `_bulk_get` for the attachments inline (`attachments=true`,
 * which the gateway answers only for databases whose attachments replicate), keeps them, and
 * answers PouchDB's `getAttachment` of the batch from them; what it does not hold is fetched as before.
 */
import type { LocalDatabase } from '../db/pouch';

type Data = Blob | Buffer;

const key = (id: string, name: string, rev?: string): string => `${id}\u0000${name}\u0000${rev ?? ''}`;

export function withInlineAttachments(db: LocalDatabase): LocalDatabase {
  const bulkGet = db.bulkGet.bind(db);
  const getAttachment = db.getAttachment.bind(db) as (id: string, name: string, opts?: { rev?: string }) => Promise<Data>;
  // Only the batch being replicated: PouchDB reads its attachments before it asks for the next.
  let held = new Map<string, Data>();

  db.bulkGet = (async (opts: PouchDB.Core.BulkGetOptions) => {
    const answer = await bulkGet({ ...opts, attachments: true, binary: true });
    held = new Map();
    for (const result of answer.results) {
      for (const entry of result.docs) {
        const doc = 'ok' in entry ? (entry.ok as { _id: string; _rev: string; _attachments?: Record<string, { data?: Data }> }) : null;
        for (const [name, att] of Object.entries(doc?._attachments ?? {})) {
          if (!att.data) continue;
          held.set(key(doc!._id, name, doc!._rev), att.data);
          // PouchDB asks for an attachment without a revision when the device holds an older one.
          held.set(key(doc!._id, name), att.data);
        }
      }
    }
    return answer;
  });

  db.getAttachment = ((id: string, name: string, opts?: { rev?: string }) => {
    const data = held.get(key(id, name, opts?.rev));
    return data ? Promise.resolve(data) : getAttachment(id, name, opts);
  }) as typeof db.getAttachment;
  return db;
}
