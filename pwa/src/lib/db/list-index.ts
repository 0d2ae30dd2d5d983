/**
 * The list indexes each device database keeps (issue 20 item 6), declared with their entity
 * (couch-design/<entity>/entity.ts, `sync.device.indexes`): a list's, per record the few fields it
 * searches, counts and sorts by, so the list handles 5,000 records without reading them and then
 * reads only the ten of the page (projection.ts keeps them).
 *
 * The keeper follows the databases while the person is signed in (the sync lifecycle starts it),
 * so an index is ready before its list opens: a sync that brings a thousand records costs one
 * background catch-up a couple of seconds later, not a wait on the screen.
 */
import { LOCAL_DATABASES, type SyncedDbName } from './databases';
import { recheckInProjection, refreshProjection, type ProjectionSpec } from './projection';
import { dbFor, watchDb } from './registry';

/** After the last change of a burst (a sync's batches), the index catches up once. */
const KEEP_DELAY_MS = 1_500;

/** Follows `userId`'s databases into the indexes they declare until the returned stop is called. */
export function keepListIndexes(userId: string): () => void {
  const stops = LOCAL_DATABASES.flatMap((spec) => (spec.indexes ?? []).map((index) => keepIndex(userId, spec.name, index)));
  return () => {
    for (const stop of stops) stop();
  };
}

function keepIndex(userId: string, name: SyncedDbName, index: ProjectionSpec<unknown>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refresh = () => {
    timer = null;
    refreshProjection(dbFor(userId, name), index).catch((err: unknown) => console.warn('No se pudo poner al día el índice de la lista.', err));
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(refresh, KEEP_DELAY_MS);
  };
  const stop = watchDb(userId, name, (event) => {
    // A purge (a refused change undone) leaves no change in the feed: that record is read again.
    if (event.kind === 'change' && event.seq === '') recheckInProjection(dbFor(userId, name), index, event.id);
    later();
  });
  later();
  return () => {
    if (timer) clearTimeout(timer);
    stop();
  };
}
