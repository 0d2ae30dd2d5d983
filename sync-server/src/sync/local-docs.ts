/**
 * `_local/<id>` documents: PouchDB's replication checkpoints on the server side. Each person's
 * are stored under their own namespace, so nobody reads or overwrites another person's
 * checkpoint even when they guess its id.
 */
import type { AuthUser } from '../auth/session-user';
import { isNotFound, type StoreDb, type StoreDoc, type WriteResult } from '../store/port';
import { badRequest, MSG, notFound } from './couch-http';

/** The length prefix keeps `a` + `b-c` and `a-b` + `c` apart whatever characters ids hold. */
const storedId = (user: AuthUser, id: string): string => `u${user.id.length}_${user.id}_${id}`;

const MAX_ID = 512;

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

export async function putLocal(db: StoreDb, user: AuthUser, id: string, body: Record<string, unknown>): Promise<WriteResult> {
  checkId(id);
  const doc: StoreDoc = { ...body, _id: storedId(user, id) };
  if (typeof body._rev !== 'string') delete doc._rev;
  const res = await db.putLocal(doc);
  return { ok: true, id: `_local/${id}`, rev: res.rev };
}
