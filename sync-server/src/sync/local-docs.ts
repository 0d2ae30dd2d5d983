/**
 * `_local/<id>` documents: PouchDB's replication checkpoints on the server side. Each person's
 * are stored under their own namespace, so nobody reads or overwrites another person's
 * checkpoint even when they guess its id. They are small and few (limits.ts): a register per
 * person and database lists the ids written, and a new id beyond the cap is refused.
 */
import type { AuthUser } from '../auth/session-user';
import { HttpError } from '../http/errors';
import { exceedsJsonDepth } from '../http/json-body';
import { isConflict, isNotFound, type StoreDb, type StoreDoc, type WriteResult } from '../store/port';
import { badRequest, forbidden, jsonText, MSG, notFound, tooLarge } from './couch-http';
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

/** Adds `id` to the person's register unless it is there; refuses it when the register is full. */
async function register(db: StoreDb, user: AuthUser, id: string): Promise<void> {
  for (let attempt = 0; attempt < REGISTER_ATTEMPTS; attempt++) {
    let current: StoreDoc | null = null;
    try {
      current = await db.getLocal(registerId(user));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
    const ids = Array.isArray(current?.ids) ? current.ids.filter((x): x is string => typeof x === 'string') : [];
    if (ids.includes(id)) return;
    if (ids.length >= MAX_LOCAL_DOCS_PER_PERSON) throw forbidden(MSG.tooManyLocal(MAX_LOCAL_DOCS_PER_PERSON));
    try {
      await db.putLocal({ _id: registerId(user), ...(current?._rev ? { _rev: current._rev } : {}), ids: [...ids, id] });
      return;
    } catch (e) {
      // Another checkpoint of the same person was registered meanwhile: read again.
      if (!isConflict(e)) throw e;
    }
  }
  throw new HttpError(409, MSG.localBusy);
}

export async function putLocal(db: StoreDb, user: AuthUser, id: string, body: Record<string, unknown>): Promise<WriteResult> {
  checkId(id);
  if (body._rev !== undefined && typeof body._rev !== 'string') throw badRequest(MSG.badParam('_rev'));
  const text = jsonText(body);
  if (text === undefined || exceedsJsonDepth(text, MAX_LOCAL_DOC_DEPTH)) throw badRequest(MSG.tooDeep('_local'));
  if (Buffer.byteLength(text) > MAX_LOCAL_DOC_BYTES) throw tooLarge(MSG.localTooLarge(MAX_LOCAL_DOC_BYTES / 1024));
  await register(db, user, id);
  const doc: StoreDoc = { ...body, _id: storedId(user, id) };
  if (body._rev === undefined) delete doc._rev;
  const res = await db.putLocal(doc);
  return { ok: true, id: `_local/${id}`, rev: res.rev };
}
