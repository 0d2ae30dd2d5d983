/**
 * `_changes` over HTTP: parameters with sane caps, newline heartbeats while a longpoll waits
 * (proxies and the client keep the connection), and the upstream feed aborted as soon as the
 * client goes away.
 *
 * A feed follows its person, not the moment it opened: when their account, role, link or session
 * changes on any gateway (the caches' feeds tell, auth/), a waiting feed answers at once, and
 * every answer is checked against the person and session as they stand when it is sent. An ended
 * session or a deleted account answers 401; a changed scope answers nothing new (the same `since`),
 * and the next request is served under the new scope.
 */
import type { Request, Response } from 'express';
import type { Actors, AuthUser } from '../http/actor';
import { HttpError } from '../http/errors';
import { sendJsonInTurns } from './json-in-turns';
import type { StoreDb } from '../store/port';
import { scopedChanges, type ChangesRequest } from './changes';
import { parseClientFilter } from './client-filter';
import { badRequest, boolParam, intParam, MSG, stringParam } from './couch-http';
import type { SyncedDb } from './databases';
import { MAX_CHANGES_ROWS } from './limits';
import { releaseTurn } from './person-slots';

/** Longest a longpoll is held open; the client simply asks again. */
export const MAX_WAIT_MS = 60_000;
const MIN_HEARTBEAT_MS = 1_000;
const DEFAULT_HEARTBEAT_MS = 10_000;
const MAX_SINCE_LENGTH = 4_096;

/** What the query string asks of a changes feed; the filter and the abort signal come from elsewhere. */
type Params = Omit<ChangesRequest, 'filter' | 'signal'> & { heartbeatMs?: number };

function readParams(req: Request): Params {
  const q = req.query;
  const feed = stringParam(q, 'feed') ?? 'normal';
  if (feed !== 'normal' && feed !== 'longpoll') throw badRequest(MSG.badFeed);
  const since = stringParam(q, 'since') ?? '0';
  if (since.length > MAX_SINCE_LENGTH) throw badRequest(MSG.badParam('since'));
  const style = stringParam(q, 'style');
  if (style !== undefined && style !== 'main_only' && style !== 'all_docs') throw badRequest(MSG.badParam('style'));
  const limit = intParam(q, 'limit');

  const hb = stringParam(q, 'heartbeat');
  let heartbeatMs: number | undefined;
  if (hb === 'true') heartbeatMs = DEFAULT_HEARTBEAT_MS;
  else if (hb !== undefined && hb !== 'false') heartbeatMs = Math.min(MAX_WAIT_MS, Math.max(MIN_HEARTBEAT_MS, intParam(q, 'heartbeat') ?? DEFAULT_HEARTBEAT_MS));
  const timeout = intParam(q, 'timeout');

  return {
    since,
    // Without a limit a whole database could be one answer. PouchDB always pages with `since`
    // and reads a short page as "ask again", so a capped page changes nothing for it.
    limit: Math.min(MAX_CHANGES_ROWS, Math.max(1, limit ?? MAX_CHANGES_ROWS)),
    includeDocs: boolParam(q, 'include_docs'),
    style,
    longpoll: feed === 'longpoll',
    timeoutMs: Math.min(MAX_WAIT_MS, timeout ?? MAX_WAIT_MS),
    heartbeatMs,
  };
}

/** What a feed needs to follow its person (sync/routes.ts hands over its own dependencies). */
export interface FeedWatch {
  actors: Pick<Actors, 'resolve' | 'onChange'>;
  onSessionChange(listener: (sid: string) => void): () => void;
  stopping: AbortSignal;
}

/** What decides a person's scope: when it moves, an answer computed under the old one is not sent. */
const scopeOf = (u: AuthUser): string => `${u.id}\u0000${u.role}\u0000${u.empleado_id ?? ''}`;

function sessionAlive(req: Request): Promise<boolean> {
  return new Promise((resolve) => {
    if (!req.sessionStore || !req.sessionID) return resolve(true);
    // A session ended with a wipe is kept, signed out, for its device to hear why (auth/routes.ts).
    req.sessionStore.get(req.sessionID, (err, sess) => resolve(!err && !!sess && !sess.revocada));
  });
}

/** The person as they stand now: null when their session or account is gone. */
async function personNow(req: Request, user: AuthUser, actors: FeedWatch['actors']): Promise<AuthUser | null> {
  const [alive, now] = await Promise.all([sessionAlive(req), actors.resolve(user.id)]);
  return alive ? now : null;
}

export async function handleChanges(req: Request, res: Response, db: StoreDb, def: SyncedDb, user: AuthUser, watch: FeedWatch): Promise<void> {
  const { stopping, actors } = watch;
  const p = readParams(req);
  const filter = parseClientFilter(req);

  // One controller per round of waiting: a change of some person that leaves this one as they were
  // (an employee edit forgets every cached person, a deletion unlinks before it deletes) starts
  // the wait again instead of answering, so the change that matters is the one answered: a
  // deleted account's feed ends with 401 even while heartbeats are not yet going.
  let upstream = new AbortController();
  let personMoved = false;
  const onPerson = (): void => {
    personMoved = true;
    upstream.abort();
  };
  const unwatch = [
    actors.onChange((id) => (id === null || id === user.id) && onPerson()),
    watch.onSessionChange((sid) => sid === req.sessionID && onPerson()),
  ];
  // 'close' on the response fires when the client goes before the answer is written (it also
  // fires after a normal end, where aborting is a no-op).
  let gone = false;
  res.on('close', () => {
    gone = true;
    upstream.abort();
  });
  // A stopping gateway answers what it has, as at the end of the wait; the client asks again.
  const onStop = (): void => upstream.abort();
  stopping.addEventListener('abort', onStop, { once: true });
  if (stopping.aborted) upstream.abort();
  const deadline = Date.now() + p.timeoutMs;

  let heartbeat: NodeJS.Timeout | undefined;
  if (p.longpoll && p.heartbeatMs) {
    heartbeat = setInterval(() => {
      if (!res.headersSent) {
        res.status(200).setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
      }
      res.write('\n');
    }, p.heartbeatMs);
  }
  try {
    for (;;) {
      // A longpoll waits for news without holding its person's turn (person-slots.ts).
      let result = await scopedChanges(db, def, user, { ...p, timeoutMs: Math.max(0, deadline - Date.now()), filter, signal: upstream.signal, beforeWait: () => releaseTurn(res) });
      if (upstream.signal.aborted && res.destroyed) return;
      const now = await personNow(req, user, actors);
      const same = !!now && scopeOf(now) === scopeOf(user);
      if (p.longpoll && personMoved && same && result.results.length === 0 && !gone && !stopping.aborted && Date.now() < deadline) {
        personMoved = false;
        upstream = new AbortController();
        continue;
      }
      if (!now && !res.headersSent) throw new HttpError(401, MSG.notSignedIn);
      // Headers already went with a heartbeat: nothing is sent, and the next request meets the 401.
      if (!same) result = { results: [], last_seq: p.since };
      const { results, ...rest } = result;
      // In slices, so a page of thousands of documents never holds everybody else's requests.
      await sendJsonInTurns(res, 'results', results, rest, res.headersSent ? '\n' : '');
      return;
    }
  } finally {
    unwatch.forEach((stop) => stop());
    stopping.removeEventListener('abort', onStop);
    clearInterval(heartbeat);
  }
}
