/**
 * `_local/<id>` documents: PouchDB's replication checkpoints on the server side. Each person's
 * are stored under their own namespace, so nobody reads or overwrites another person's
 * checkpoint even when they guess its id. They are small and few (limits.ts): a register per
 * person and database lists the ids written, oldest first, and a new id beyond the cap evicts the
 * oldest checkpoint. Refusing it instead would fail that device's push for good; an evicted
 * checkpoint only makes its replication compare revisions from the start once.
 */
import type { AuthUser } from '../http/actor';
import { HttpError } from '../http/errors';
import { exceedsJsonDepth } from '../http/json-body';
import { isConflict, isNotFound, type StoreDb, type StoreDoc, type WriteResult } from '../store/port';
import { badRequest, jsonText, MSG, notFound, tooLarge } from './couch-http';
import { MAX_LOCAL_DOC_BYTES, MAX_LOCAL_DOC_DEPTH, MAX_LOCAL_DOCS_PER_PERSON } from './limits';

/** The length prefix keeps `a` + `b-c` and `a-b` + `c` apart whatever characters ids hold. */
const storedId = (user: AuthUser, id: string): string => `u${user.id.length}_${user.id}_${id}`;
/** The register of a person's checkpoint ids: shorter than any of their `storedId`s, equal to nobody's. */
const registerId = (user: AuthUser): string => `u${user.id.length}_${user.id}`;

const MAX_ID = 512;
const REGISTER_ATTEMPTS = 5;

function checkId(id: string): void {
  if (!id || id.length > MAX_ID) throw badRequest(MSG.badParam('_local'));
}

export async function getLocal(db: StoreDb, user: AuthUser, id: string): Promise<StoreDoc> {
  checkId(id);
  try {
    const doc = await db.getLocal(storedId(user, id));
    return { ...doc, _id: `_local/${id}` };
  } catch (e) {
    if (isNotFound(e)) throw notFound();
    throw e;
  }
}

/**
 * Checkpoint ids this process knows to be registered, by database and register: a replication
 * writes the same checkpoint after every batch, and its register need not be read each time. A
 * register that another process trimmed meanwhile only lets one person keep one checkpoint more.
 */
const known = new Map<string, Set<string>>();
const MAX_KNOWN_REGISTERS = 10_000;

function remember(key: string, ids: string[]): void {
  known.delete(key);
  known.set(key, new Set(ids));
  if (known.size > MAX_KNOWN_REGISTERS) known.delete(known.keys().next().value as string);
}

/** Adds `id` to the person's register unless it is there; answers the ids it evicted to make room. */
async function register(db: StoreDb, user: AuthUser, id: string): Promise<string[]> {
  const key = `${db.name}\u0000${registerId(user)}`;
  if (known.get(key)?.has(id)) return [];
  for (let attempt = 0; attempt < REGISTER_ATTEMPTS; attempt++) {
    let current: StoreDoc | null = null;
    try {
      current = await db.getLocal(registerId(user));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
    const ids = Array.isArray(current?.ids) ? current.ids.filter((x): x is string => typeof x === 'string') : [];
    if (ids.includes(id)) {
      remember(key, ids);
      return [];
    }
    const evicted = ids.slice(0, Math.max(0, ids.length + 1 - MAX_LOCAL_DOCS_PER_PERSON));
    try {
      const kept = [...ids.slice(evicted.length), id];
      await db.putLocal({ _id: registerId(user), ...(current?._rev ? { _rev: current._rev } : {}), ids: kept });
      remember(key, kept);
      return evicted;
    } catch (e) {
      // Another checkpoint of the same person was registered meanwhile: read again.
      if (!isConflict(e)) throw e;
    }
  }
  throw new HttpError(409, MSG.localBusy);
}

/** Deletes evicted checkpoints; one already gone (a parallel eviction) is fine. */
async function evict(db: StoreDb, user: AuthUser, ids: string[]): Promise<void> {
  for (const id of ids) {
    try {
      const old = await db.getLocal(storedId(user, id));
      await db.putLocal({ _id: old._id, _rev: old._rev, _deleted: true });
    } catch (e) {
      if (!isNotFound(e) && !isConflict(e)) throw e;
    }
  }
}

/**
 * One register update at a time per person and database in this process: CouchDB does not check
 * revisions on `_local` documents, so two parallel updates would each drop the other's id (and
 * that checkpoint would never be evicted). Gateways racing each other can still lose one.
 */
const queues = new Map<string, Promise<unknown>>();

function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

export async function putLocal(db: StoreDb, user: AuthUser, id: string, body: Record<string, unknown>): Promise<WriteResult> {
  checkId(id);
  if (body._rev !== undefined && typeof body._rev !== 'string') throw badRequest(MSG.badParam('_rev'));
  const text = jsonText(body);
  if (text === undefined || exceedsJsonDepth(text, MAX_LOCAL_DOC_DEPTH)) throw badRequest(MSG.tooDeep('_local'));
  if (Buffer.byteLength(text) > MAX_LOCAL_DOC_BYTES) throw tooLarge(MSG.localTooLarge(MAX_LOCAL_DOC_BYTES / 1024));
  await oneAtATime(`${db.name}\u0000${registerId(user)}`, async () => evict(db, user, await register(db, user, id)));
  const doc: StoreDoc = { ...body, _id: storedId(user, id) };
  if (body._rev === undefined) delete doc._rev;
  const res = await db.putLocal(doc);
  return { ok: true, id: `_local/${id}`, rev: res.rev };
}
