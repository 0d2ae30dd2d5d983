/**
 * How much one replication request may ask for. PouchDB sends batches of `batch_size` documents
 * (100 by default, 200 in the PWA, up to 500 in the benchmarks), plus one `_bulk_get` entry per
 * conflicting leaf: the caps leave room for several times that and stop a client that asks for
 * a whole database in one request, which would hold the gateway for everybody else.
 */

/** Ids per `_bulk_get`, `_revs_diff` and `doc_ids`. */
export const MAX_IDS_PER_REQUEST = 2_000;
/** Revisions in one `_revs_diff` (every id's list together). */
export const MAX_REVS_PER_REQUEST = 10_000;
/** Revisions in one `open_revs` list: a document with this many conflicts is already broken. */
export const MAX_OPEN_REVS = 1_000;
/**
 * Documents of one `_bulk_get` (or revisions of one `open_revs`) that ask for attachments inline:
 * a photo thumbnail is at most 128 KB, so an answer stays within a few megabytes (the PWA asks 25).
 */
export const MAX_DOCS_WITH_ATTACHMENTS = 50;
/** Rows of one `_changes` answer, whatever `limit` says: PouchDB pages on with `since`. */
export const MAX_CHANGES_ROWS = 2_000;

/** A client's `_changes` selector, as JSON text. Real ones are a few hundred bytes, a few levels. */
export const MAX_SELECTOR_BYTES = 16 * 1024;
export const MAX_SELECTOR_DEPTH = 16;

/** A `_local` checkpoint: PouchDB's are a few hundred bytes (five history entries, three levels). */
export const MAX_LOCAL_DOC_BYTES = 64 * 1024;
export const MAX_LOCAL_DOC_DEPTH = 16;
/** Checkpoints one person keeps per database: about three per device and scope change. */
export const MAX_LOCAL_DOCS_PER_PERSON = 100;

/**
 * Bodies of `_bulk_get`, `_revs_diff`, `_changes` and `_local`: at the caps above they stay well
 * under this, and merely parsing a body of several megabytes holds the event loop for long.
 */
export const READ_BODY_LIMIT = '1mb';

// Documents in one `_bulk_docs`: a store batch's bound, which the write effects (policy/) read too.
export { MAX_DOCS_PER_BULK_DOCS } from '../store/batch-limit';

/**
 * Heavy replication requests (`_bulk_get`, `_bulk_docs`, `_revs_diff`, `_changes`) one person runs
 * at once, on all the gateways on the store together (shared-turns.ts), whatever the number of
 * their connections or sessions. A device's live
 * sync has one or two in flight per database (a page of changes and its `_bulk_get`, a push's
 * `_revs_diff` then `_bulk_docs`); more simply wait their turn (person-slots.ts).
 */
export const HEAVY_AT_ONCE_PER_PERSON = 2;
/**
 * Heavy requests of one person waiting for a turn on one gateway; one more is answered 429. A queued request has
 * not had its body read, so waiting costs a socket, not memory. No device of one person reaches
 * this: a PouchDB that gets a 429 on its first `_bulk_get` falls back to one GET per document for
 * the rest of the page's life, so the queue is long and only a flood meets its end.
 */
export const HEAVY_QUEUED_PER_PERSON = 20;
/**
 * REST requests (lists, PDFs, photos) one person runs at once on all the gateways together, and
 * waiting on one gateway: a page
 * asks for a few things at once (a list, its names, a photo), a flood waits behind itself.
 */
export const REST_AT_ONCE_PER_PERSON = 4;
export const REST_QUEUED_PER_PERSON = 50;
/** Longest wait for a turn before a 429 (well under the request time-out, http/server-timeouts.ts). */
export const HEAVY_MAX_WAIT_MS = 30_000;
/** What a 429 tells the client to wait, in seconds (`Retry-After`). */
export const HEAVY_RETRY_AFTER_S = 5;
