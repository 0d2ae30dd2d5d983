/**
 * `/db/*`: the slice of CouchDB's HTTP API that PouchDB replication uses, for the databases app.ts
 * declares (databases.ts), scoped by the session. Everything else under /db answers 403 (unknown database
 * names 404, as CouchDB does), so no `_all_docs`, `_find`, views, design documents or
 * attachments ever reach the store on a client's behalf.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { actorOf, type Actors, type AuthUser } from '../http/actor';
import { byteLimit, declaredTooLarge } from '../http/bounded-body';
import { sendJsonInTurns } from './json-in-turns';
import { HttpError } from '../http/errors';
import { jsonBody } from '../http/json-body';
import type { WriteFactsReader } from '../policy/facts';
import type { BulkGetRequest, DbInfo, Store, StoreDb } from '../store/port';
import { handleChanges } from './changes-http';
import {
  badRequest,
  couchBody,
  boolParam,
  forbidden,
  isPlainObject,
  jsonParam,
  MSG,
  notFound,
  REV_PATTERN,
  stringArray,
  stringParam,
  tooLarge,
} from './couch-http';
import type { SyncedDatabases, SyncedDb } from './databases';
import { MAX_DOCS_PER_BULK_DOCS, MAX_DOCS_WITH_ATTACHMENTS, MAX_IDS_PER_REQUEST, MAX_OPEN_REVS, MAX_REVS_PER_REQUEST, READ_BODY_LIMIT } from './limits';
import { DEFAULT_SLOT_LIMITS, heavyTurns, PersonSlots, withTurn, type TurnBudget } from './person-slots';
import { Instances } from './instance';
import { getLocal, putLocal } from './local-docs';
import { scopedAttachment, scopedBulkGet, scopedGet, scopedOpenRevs, scopedRevsDiff, type ReadOptions } from './reads';
import { sendPhoto } from '../http/photo';
import { welcome } from './server-info';
import { ChildScopes } from './child-scope';
import { DeviceSets } from './device-sets';
import { CHILD_WELCOME_QUERY } from '../../../couch-design/entity';
import { CreationLeaves } from './creation-leaves';
import { FreshRevisions } from './fresh-revisions';
import { scopedBulkDocs } from './writes';

/** Replication batches of a few hundred 3 KB documents fit easily; beyond this the answer is 413. */
export const SYNC_BODY_LIMIT = '10mb';

function segments(req: Request): string[] {
  try {
    return req.path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    throw badRequest(MSG.badParam('path'));
  }
}

/** Attachments inline only from a database whose attachments replicate (photos' thumbnails). */
function readOptions(req: Request, def: SyncedDb): ReadOptions {
  return { revs: boolParam(req.query, 'revs'), latest: boolParam(req.query, 'latest'), attachments: !!def.attachments && boolParam(req.query, 'attachments') };
}

function bulkGetRequests(body: Record<string, unknown>): BulkGetRequest[] {
  if (!Array.isArray(body.docs)) throw badRequest(MSG.badBody);
  if (body.docs.length > MAX_IDS_PER_REQUEST) throw tooLarge(MSG.tooMany('docs', MAX_IDS_PER_REQUEST));
  // The same id asked twice for the same revision (or twice for its current one) is read and
  // answered once: repeating one id must not multiply the work (PouchDB never repeats one).
  const seen = new Set<string>();
  const out: BulkGetRequest[] = [];
  for (const d of body.docs) {
    if (!isPlainObject(d) || typeof d.id !== 'string' || (d.rev !== undefined && (typeof d.rev !== 'string' || !REV_PATTERN.test(d.rev)))) throw badRequest(MSG.badBody);
    const key = `${d.id}\u0000${typeof d.rev === 'string' ? d.rev : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ id: d.id, ...(typeof d.rev === 'string' ? { rev: d.rev } : {}) });
  }
  return out;
}

/** `{id: [rev]}` as a Map: ids are the client's words (`__proto__`, `constructor`...), never object keys of ours. */
function revsDiffBody(body: Record<string, unknown>): Map<string, string[]> {
  const entries = Object.entries(body);
  if (entries.length > MAX_IDS_PER_REQUEST) throw tooLarge(MSG.tooMany('_revs_diff', MAX_IDS_PER_REQUEST));
  const out = new Map<string, string[]>();
  let total = 0;
  for (const [id, revs] of entries) {
    const list = stringArray(revs, '_revs_diff', MAX_REVS_PER_REQUEST);
    out.set(id, [...new Set(list)]);
    total += list.length;
    if (total > MAX_REVS_PER_REQUEST) throw tooLarge(MSG.tooMany('_revs_diff', MAX_REVS_PER_REQUEST));
  }
  return out;
}

function openRevsParam(req: Request): 'all' | string[] | undefined {
  const raw = stringParam(req.query, 'open_revs');
  if (raw === undefined) return undefined;
  if (raw === 'all') return 'all';
  const revs = stringArray(jsonParam(req.query, 'open_revs', 1), 'open_revs', MAX_OPEN_REVS);
  if (!revs.every((rev) => REV_PATTERN.test(rev))) throw badRequest(MSG.badParam('open_revs'));
  return revs;
}

/**
 * A database's info, shared for a moment by the requests that ask for it: every replication
 * starts by reading it, and its sequence only tells a client roughly how far the database is
 * (on a CouchDB cluster it is already an estimate), never where to read from.
 */
class RecentInfo {
  private readonly byDb = new Map<string, { at: number; info: Promise<DbInfo> }>();

  of(db: StoreDb): Promise<DbInfo> {
    const hit = this.byDb.get(db.name);
    if (hit && Date.now() - hit.at < INFO_MS) return hit.info;
    const info = db.info();
    this.byDb.set(db.name, { at: Date.now(), info });
    info.catch(() => this.byDb.delete(db.name));
    return info;
  }
}
const INFO_MS = 1_000;

export interface SyncDeps {
  store: Store;
  /** Keeps two deployments (or test runs) on one store apart in the replication identity. */
  dbPrefix: string;
  databases: SyncedDatabases;
  facts: WriteFactsReader;
  actors: Pick<Actors, 'invalidate' | 'resolve' | 'onChange'>;
  /** Subscribes to sessions that changed or ended on any gateway (by session id); answers the unsubscribe. */
  onSessionChange(listener: (sid: string) => void): () => void;
  /** Aborted when the gateway stops: waiting longpolls answer at once instead of holding the stop. */
  stopping: AbortSignal;
  /** Told the outcome of every push (`_bulk_docs`): documents accepted and refused, and by which session (metrics, devices). */
  onPushed?: (db: string, accepted: number, refused: number, sessionId: string | undefined) => void;
  /** How many heavy turns of a person this gateway may run (shared-turns.ts); this gateway's own bound unless told. */
  heavyBudget?: TurnBudget;
  /** What the welcome of every sync also tells the device (server-info.ts): app.ts passes the operator's device settings. */
  welcomeTells?: Readonly<Record<string, number>>;
  /** What each person's devices keep of the databases that declare a device set (device-sets.ts); the whole scope without it. */
  deviceSets?: DeviceSets;
}

export function syncRoutes(ctx: SyncDeps): Router {
  const router = express.Router();
  const json = jsonBody({ limit: SYNC_BODY_LIMIT });
  // A database whose documents carry photos takes bigger pushes (its declaration's pushBodyBytes); no other does.
  const bigPushes = new Map(
    ctx.databases.names().flatMap((name) => {
      const bytes = ctx.databases.get(name)?.pushBodyBytes;
      return bytes ? [[name, { bytes, parse: jsonBody({ limit: bytes }) }] as const] : [];
    }),
  );
  const bigPush = (req: Request) => bigPushes.get(req.path.split('/')[1] ?? '');
  const readJson = jsonBody({ limit: READ_BODY_LIMIT });
  const slots = new PersonSlots(DEFAULT_SLOT_LIMITS, ctx.heavyBudget);
  const instances = new Instances(ctx.store, ctx.databases.names());
  const infos = new RecentInfo();
  const fresh = new FreshRevisions();
  const ahead = new CreationLeaves();
  const childScopes = new ChildScopes(ctx.store, ctx.databases);
  const deviceSets = ctx.deviceSets ?? new DeviceSets([], {});

  router.use('/db', (req: Request, _res: Response, next: NextFunction) => {
    next(req.user ? undefined : new HttpError(401, MSG.notSignedIn));
  });
  // Only the endpoints that take a JSON body read one: anything else is refused unread.
  const withBody = /^\/[^/]+\/(_bulk_docs|_bulk_get|_revs_diff|_changes|_local\/[^/]+)\/?$/;
  // Requests that read or write many documents; a waiting longpoll gives its turn back (changes.ts).
  const heavy = /^\/[^/]+\/(_bulk_docs|_bulk_get|_revs_diff|_changes)\/?$/;
  const takesBody = (req: Request): boolean => (req.method === 'POST' || req.method === 'PUT') && withBody.test(req.path);
  const isBulkDocs = (req: Request): boolean => /\/_bulk_docs\/?$/.test(req.path);
  // A body declared over its cap is refused from the headers, before it waits for a turn.
  router.use('/db', (req, res, next) => {
    if (!takesBody(req)) return next();
    next(declaredTooLarge(req, res, isBulkDocs(req) ? (bigPush(req)?.bytes ?? byteLimit(SYNC_BODY_LIMIT)) : byteLimit(READ_BODY_LIMIT)));
  });
  // One person's heavy requests take turns (person-slots.ts); the body is read once it is their turn.
  router.use('/db', heavyTurns(slots, (req) => (req.method === 'POST' || req.method === 'GET') && heavy.test(req.path)));
  router.use('/db', (req, res, next) => {
    if (!takesBody(req)) return next();
    return (isBulkDocs(req) ? (bigPush(req)?.parse ?? json) : readJson)(req, res, next);
  });

  // The whole answer is worked out holding the request's turn, if it took one.
  router.use('/db', (req: Request, res: Response) => withTurn(res, () => answer(req, res)));

  async function answer(req: Request, res: Response): Promise<void> {
    const user = actorOf(req);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const [dbName, ...rest] = segments(req);
    res.setHeader('Cache-Control', 'no-store');

    if (dbName === undefined) {
      if (method !== 'GET') throw forbidden();
      res.json(await welcome(ctx.store, ctx.dbPrefix, instances, user, await deviceSets.fingerprint(user), ctx.welcomeTells ?? {}, req.query[CHILD_WELCOME_QUERY] !== undefined));
      return;
    }
    if (dbName.startsWith('_')) throw forbidden();
    const declared = ctx.databases.get(dbName);
    if (!declared) throw notFound(MSG.unknownDb);
    const db = await ctx.store.db(declared.name);

    if (rest.length === 0) {
      if (method !== 'GET') throw forbidden();
      const info = await infos.of(db);
      // Counts would tell how many documents other people have: only the sequence is shared.
      res.json({ db_name: declared.name, update_seq: info.update_seq, instance_start_time: '0' });
      return;
    }
    // A child database is read as its parents allow this person (child-scope.ts), and what the
    // device pulls is narrowed to the person's device set (device-sets.ts); pushes are not.
    const scoped = await childScopes.forPerson(declared, user);
    const kept = await deviceSets.forPerson(scoped, user, rest[0] === '_changes');
    await dispatch(req, res, method, { scoped, def: kept }, db, user, rest);
  }

  async function dispatch(
    req: Request,
    res: Response,
    method: string,
    { scoped, def }: { scoped: SyncedDb; def: SyncedDb },
    db: StoreDb,
    user: AuthUser,
    rest: string[],
  ): Promise<void> {
    const [first, second] = rest;

    if (first === '_local' && rest.length === 2) {
      if (method === 'GET') {
        res.json(await getLocal(db, user, second));
        return;
      }
      if (method === 'PUT') {
        res.status(201).json(await putLocal(db, user, second, couchBody(req)));
        return;
      }
      throw forbidden();
    }
    if (rest.length === 2 && def.attachments && method === 'GET' && !first.startsWith('_') && !second.startsWith('_')) {
      sendPhoto(res, await scopedAttachment(db, def, user, first, second));
      return;
    }
    if (rest.length !== 1) throw forbidden();

    if (first === '_changes' && (method === 'GET' || method === 'POST')) {
      await handleChanges(req, res, db, def, user, ctx);
      return;
    }
    if (first === '_revs_diff' && method === 'POST') {
      // fromEntries defines own properties, so even a `__proto__` id is answered as data.
      res.json(Object.fromEntries(await scopedRevsDiff(db, scoped, user, revsDiffBody(couchBody(req)), ahead)));
      return;
    }
    if (first === '_bulk_get' && method === 'POST') {
      const asked = bulkGetRequests(couchBody(req));
      const opts = readOptions(req, def);
      if (opts.attachments && asked.length > MAX_DOCS_WITH_ATTACHMENTS) throw tooLarge(MSG.tooMany('docs', MAX_DOCS_WITH_ATTACHMENTS));
      const answer = await scopedBulkGet(db, def, user, asked, opts, fresh);
      if (Buffer.isBuffer(answer)) res.type('application/json').send(answer);
      // Thousands of documents: written in slices, never one long task (json-in-turns.ts).
      else await sendJsonInTurns(res, 'results', answer.results, {});
      return;
    }
    if (first === '_bulk_docs' && method === 'POST') {
      const body = couchBody(req);
      if (!Array.isArray(body.docs)) throw badRequest(MSG.badBody);
      if (body.docs.length > MAX_DOCS_PER_BULK_DOCS) throw tooLarge(MSG.tooMany('docs', MAX_DOCS_PER_BULK_DOCS));
      const newEdits = body.new_edits !== false;
      const out = await scopedBulkDocs({ store: ctx.store, facts: ctx.facts, sessionUsers: ctx.actors, fresh, ahead }, db, scoped, user, body.docs, newEdits);
      const refused = (out as Array<{ error?: unknown }>).filter((r) => r.error !== undefined).length;
      ctx.onPushed?.(def.name, body.docs.length - refused, refused, req.sessionID);
      // What the person edited stays on their devices for a while (device-sets.ts).
      deviceSets.wrote(def.name, user, (out as Array<{ id?: unknown; error?: unknown }>).flatMap((r) => (r.error === undefined && typeof r.id === 'string' ? [r.id] : [])));
      res.status(201).json(out);
      return;
    }
    if (first.startsWith('_') || method !== 'GET') throw forbidden();

    const opts = readOptions(req, def);
    const openRevs = openRevsParam(req);
    if (opts.attachments && Array.isArray(openRevs) && openRevs.length > MAX_DOCS_WITH_ATTACHMENTS) throw tooLarge(MSG.tooMany('open_revs', MAX_DOCS_WITH_ATTACHMENTS));
    if (openRevs !== undefined) {
      res.json(await scopedOpenRevs(db, def, user, first, openRevs, opts));
      return;
    }
    const rev = stringParam(req.query, 'rev') || undefined;
    if (rev !== undefined && !REV_PATTERN.test(rev)) throw badRequest(MSG.badParam('rev'));
    res.json(await scopedGet(db, def, user, first, { ...opts, rev, conflicts: boolParam(req.query, 'conflicts') }));
  }

  return router;
}
