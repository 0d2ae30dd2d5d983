/**
 * Where the engine's replications keep their checkpoints (a module of its own, without imports,
 * so the benchmarks replicate exactly as the PWA does).
 *
 * Checkpoints stay on the device: a pull keeps its own in the local database (its target), a push
 * in the local database (its source). PouchDB then never reads or writes the gateway's `_local`
 * documents, whose first read before any checkpoint exists answers 404, which browsers log as an
 * error. What the server-side copy protected against, a server database recreated or restored
 * with its sequence started again, changes the gateway's uuid instead (sync-server
 * sync/instance.ts), hence the replication id: the device then pulls and pushes from the start.
 */
export const PULL_CHECKPOINT = { checkpoint: 'target' } as const;
export const PUSH_CHECKPOINT = { checkpoint: 'source' } as const;
