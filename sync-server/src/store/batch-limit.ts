/**
 * Documents in one `_bulk_docs`: PouchDB pushes `batch_size` at a time (200 in the PWA, 500 in the
 * benchmarks). Deciding a document is about a millisecond of the gateway's own work, so a batch of
 * 2,000 held everybody for seconds. Here, in the store layer, because both the replication endpoint
 * (sync/limits.ts) and the write effects (policy/effects.ts) bound their work by it.
 */
export const MAX_DOCS_PER_BULK_DOCS = 1_000;
